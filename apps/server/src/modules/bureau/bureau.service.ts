import type { BureauOverview, BureauProgress, Principal } from '@yj/contracts';
import { fail } from '../../errors';
import type { Db } from '../../infra/db';
import type { Actor } from '../../lib/actor';
import type { AuditService } from '../audit/audit.service';
import type { BlockService } from '../block/block.service';
import type { MarkingPorts } from '../marking/marking.module';
import type { ScanQueryService } from '../scan/query/scan-query.service';
import type { AdminService } from '../school/admin.service';
import type { BureauRepo } from './bureau.repo';

/** The bureaus a principal oversees: every one for the system administrator (null), else their subtrees. */
const seenOrgs = (p: Principal): number[] | null =>
  p.isAdmin ? null : [...new Set((p.bureaus ?? []).flatMap((b) => b.orgs))];
const seenSchools = (p: Principal): number[] | null =>
  p.isAdmin ? null : [...new Set((p.bureaus ?? []).flatMap((b) => b.schools))];

/**
 * The bureau (教育局 / 区县, issue 35; DESIGN.md §9): what its administrators oversee — the schools of their
 * subtree, never another bureau's — the 联考 it runs, every school's scanning and marking on one screen, and
 * whether its schools see each other's names in the comparison. The capability table let the caller in as some
 * bureau's administrator; this service narrows to theirs.
 */
export function bureauService(d: {
  db: Db;
  repo: BureauRepo;
  audit: AuditService;
  admins: Pick<AdminService, 'accountOf'>;
  scan: Pick<ScanQueryService, 'schoolProgress'>;
  blocks: Pick<BlockService, 'list'>;
  exams: { subjects: (examId: number) => Promise<Array<{ id: number; name: string; status: number }>> };
  progress: MarkingPorts['progress'];
}) {
  const repo = () => d.repo(d.db);

  /** The exam, when one of the principal's bureaus runs it; else 无权限 (not found when there is none). */
  async function bureauExam(examId: number, p: Principal) {
    const e = await repo().exam(examId);
    if (!e) throw fail('examNotFound');
    const orgs = seenOrgs(p);
    if (orgs !== null && (e.orgId === null || !orgs.includes(e.orgId))) throw fail('forbidden');
    return e;
  }

  return {
    async overview(p: Principal): Promise<BureauOverview> {
      const all = await repo().orgs();
      const mine = p.isAdmin
        ? all.filter((o) => o.parentId === null)
        : all.filter((o) => (p.bureaus ?? []).some((b) => b.orgId === o.id));
      const [schools, exams] = await Promise.all([repo().schools(seenSchools(p)), repo().exams(seenOrgs(p))]);
      return { bureaus: mine.map(({ id, name, level }) => ({ id, name, level })), schools, exams };
    },

    /** Every school of the bureau's 联考: 扫描完成 and scan counts, each block's marking, the problems waiting. */
    async progress(examId: number, p: Principal): Promise<BureauProgress> {
      const e = await bureauExam(examId, p);
      const [scan, subjects] = await Promise.all([
        d.scan.schoolProgress(examId, p),
        d.exams.subjects(examId),
      ]);
      const withBlocks = await Promise.all(
        subjects.map(async (s) => ({
          id: s.id,
          name: s.name,
          status: s.status,
          blocks: (await d.blocks.list(s.id)).blocks.map((b) => ({ id: b.id, name: b.name })),
        })),
      );
      const blockIds = withBlocks.flatMap((s) => s.blocks.map((b) => b.id));
      const schools = await Promise.all(
        scan.map(async (school) => {
          const counts = new Map((await d.progress(blockIds, school.schoolId)).map((c) => [c.blockId, c]));
          const marking = withBlocks.map((s) =>
            s.blocks.map((b) => {
              const c = counts.get(b.id)!;
              return {
                blockId: b.id,
                papers: c.papers,
                decided: c.decided,
                arbitration: c.arbitration,
                problems: c.problems,
              };
            }),
          );
          const problems = [...counts.values()].reduce((n, c) => n + c.problems + c.arbitration, 0);
          return { scan: school, marking, problems };
        }),
      );
      return { exam: { id: e.id, name: e.name }, subjects: withBlocks, schools };
    },

    /** Whether the 联考's schools see one another's names in the comparison (else 学校甲, 学校乙 …). */
    async setNamesShared(examId: number, shared: boolean, p: Principal, actor: Actor): Promise<void> {
      await d.db.transaction(async (tx) => {
        const e = await bureauExam(examId, p);
        await d.repo(tx).setNamesShared(examId, shared);
        await d.audit.record(tx, {
          action: 'exam.namesShared',
          examId,
          ...actor,
          detail: { before: e.namesShared, after: shared },
        });
      });
    },

    admins: (orgId: number) => repo().admins(orgId),

    /** Every bureau's administrators for the system administrator's screen, paged and searched. */
    adminPage: async (q: Parameters<ReturnType<BureauRepo>['adminPage']>[0]) => ({
      ...(await repo().adminPage(q)),
      size: q.size,
    }),

    /** Ends a user's administration of one bureau (the account stays). */
    async removeAdmin(orgId: number, userId: number, actor: Actor): Promise<void> {
      await d.db.transaction(async (tx) => {
        if (!(await d.repo(tx).removeAdmin(orgId, userId))) throw fail('notBureauAdmin');
        await d.audit.record(tx, {
          action: 'bureauAdmin.remove',
          ...actor,
          detail: { orgId, before: { userId } },
        });
      });
    },

    /** Makes the owner of a phone an administrator of a bureau (the account created when new). */
    async addAdmin(
      orgId: number,
      input: { phone: string; name?: string | undefined },
      actor: Actor,
    ): Promise<{ userId: number; initialPassword: string | null }> {
      return d.db.transaction(async (tx) => {
        if (!(await d.repo(tx).orgExists(orgId))) throw fail('bureauNotFound');
        const { user, initialPassword } = await d.admins.accountOf(tx, input.phone, input.name);
        if (!(await d.repo(tx).addAdmin(orgId, user.id)))
          throw fail('alreadyBureauAdmin', { name: user.name });
        await d.audit.record(tx, {
          action: 'bureauAdmin.add',
          ...actor,
          detail: { orgId, after: { userId: user.id, name: user.name } },
        });
        return { userId: user.id, initialPassword };
      });
    },
  };
}
export type BureauService = ReturnType<typeof bureauService>;
