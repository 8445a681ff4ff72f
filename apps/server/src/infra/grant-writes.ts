// Which statements may change what a remembered session grants. The session cache (modules/auth/session.service)
// is emptied after a request that sent one, and only then: a marking submit or a student import keeps it.
// Watching the statements themselves (through the drizzle logger of both drivers) covers every route and job
// that writes them, including ones added later, without each having to remember to say so.

// user: status, is_admin, password; session: revoked_at; the others are the grants themselves.
// bureau_admin, org, school, exam: a bureau administrator's schools and exams (issue 35) follow the tree and exam.org_id
const GRANT_WRITE =
  /^(?:insert into|update|delete from) "(?:exam_role|school_admin|teacher|user|session|bureau_admin|org|school|exam)"/;
// neither changes a remembered row's meaning: a new session is not cached yet, a touch only slides its expiry
const HARMLESS = /^(?:insert into "session"|update "session" set "last_seen_at")/;

let written = 0;

/** How many grant-changing statements this process has sent so far (compare two readings). */
export const grantWrites = (): number => written;

/** A drizzle logger: counts the statements above (a select costs one character comparison). */
export const grantWriteLogger = {
  logQuery(query: string): void {
    const c = query.charCodeAt(0);
    // i(nsert), u(pdate), d(elete); selects and everything else leave at once
    if (c !== 105 && c !== 117 && c !== 100) return;
    if (GRANT_WRITE.test(query) && !HARMLESS.test(query)) written++;
  },
};
