/**
 * The one capability table (DESIGN.md §7): who may do what, on which scope.
 * The server checks it on every route; the web uses the same table to hide what it forbids.
 */
export type Who = 'user' | 'admin' | 'schoolAdmin' | 'teacher' | 'examRole';
export type ScopeKind = 'any' | 'school' | 'exam' | 'subject';

export interface Rule {
  who: Who;
  /** which scope id must match the principal's grant; 'any' needs none */
  scope: ScopeKind;
  /** exam role indices (spec §3) when who is 'examRole' */
  roles?: readonly number[];
}

export const CAPABILITY_TABLE = {
  /** own profile, password, avatar, messages */
  'account.self': [{ who: 'user', scope: 'any' }],
  /** home page: exams the user takes part in */
  'home.read': [{ who: 'user', scope: 'any' }],
  /** edit the system notice */
  'notice.edit': [{ who: 'admin', scope: 'any' }],
  /** students, teachers, administrators, grades and classes of a school: change */
  'school.manage': [
    { who: 'admin', scope: 'any' },
    { who: 'schoolAdmin', scope: 'school' },
  ],
  /** grade and class lists of a school: read */
  'school.read': [
    { who: 'admin', scope: 'any' },
    { who: 'schoolAdmin', scope: 'school' },
    { who: 'teacher', scope: 'school' },
  ],
  /** see teachers' and administrators' phones unmasked */
  'school.phone.view': [
    { who: 'admin', scope: 'any' },
    { who: 'schoolAdmin', scope: 'school' },
  ],
  /** the organisation tree (bureaus and their schools), for joint exams */
  'org.read': [
    { who: 'admin', scope: 'any' },
    { who: 'schoolAdmin', scope: 'any' },
  ],
  /** school statistics card */
  'school.statistics.read': [
    { who: 'admin', scope: 'any' },
    { who: 'schoolAdmin', scope: 'school' },
  ],
} as const satisfies Record<string, readonly Rule[]>;

export type Capability = keyof typeof CAPABILITY_TABLE;

export interface ExamRoleGrant {
  examId: number;
  subjectId: number | null;
  schoolId: number | null;
  role: number;
}

/** What a signed-in user holds; computed on the server per request. */
export interface Principal {
  userId: number;
  isAdmin: boolean;
  schoolAdminOf: readonly number[];
  teacherOf: readonly number[];
  examRoles: readonly ExamRoleGrant[];
}

/** The ids a request acts on; a rule with a scope needs the matching id. */
export interface Scope {
  schoolId?: number;
  examId?: number;
  subjectId?: number;
}

function ruleAllows(rule: Rule, p: Principal, scope: Scope): boolean {
  switch (rule.who) {
    case 'user':
      return true;
    case 'admin':
      return p.isAdmin;
    case 'schoolAdmin':
      return rule.scope === 'any'
        ? p.schoolAdminOf.length > 0
        : scope.schoolId !== undefined && p.schoolAdminOf.includes(scope.schoolId);
    case 'teacher':
      return rule.scope === 'any'
        ? p.teacherOf.length > 0
        : scope.schoolId !== undefined && p.teacherOf.includes(scope.schoolId);
    case 'examRole':
      return p.examRoles.some(
        (g) =>
          (rule.roles ?? []).includes(g.role) &&
          (rule.scope !== 'exam' || g.examId === scope.examId) &&
          (rule.scope !== 'subject' ||
            (g.examId === scope.examId && (g.subjectId === null || g.subjectId === scope.subjectId))) &&
          (rule.scope !== 'school' || g.schoolId === null || g.schoolId === scope.schoolId),
      );
  }
}

/** True when some rule of the capability allows the principal on that scope. */
export function can(p: Principal, capability: Capability, scope: Scope = {}): boolean {
  const rules: readonly Rule[] = CAPABILITY_TABLE[capability];
  return rules.some((r) => ruleAllows(r, p, scope));
}
