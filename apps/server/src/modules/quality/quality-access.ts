import type { Principal } from '@yj/contracts';
import { fail } from '../../errors';
import type { MonitorSchool, QualityRepo, SubjectRow } from './quality.repo';

export type { SubjectRow } from './quality.repo';

// 'marking.monitor' lets admins, the exam's managers and union monitors (0, 1, 5, 8), subject managers and
// quality persons (3, 7) and leaders (6) in. Of these, leaders watch the blocks they lead (block_reviewer
// role 6, for its school); the others every block of the subject, narrowed to the school their grant names.
const EXAM_WIDE = new Set([0, 1, 5, 8]);
const SUBJECT_WIDE = new Set([3, 7]);

/** The blocks of one subject the user may watch, each with the school it is narrowed to. */
export type Watch = Map<number, MonitorSchool>;

export function qualityAccess(repo: QualityRepo) {
  // a block's subject never changes: remembered for the life of the service (the monitoring screens poll every
  // few seconds) — by the service, not the module: block ids are only unique within one database, and test
  // files that share a process each have their own
  const blockSubject = new Map<number, number>();

  async function subject(subjectId: number): Promise<SubjectRow> {
    const s = await repo.subject(subjectId);
    if (!s) throw fail('subjectNotFound');
    return s;
  }

  /** Whole-subject watchers: the school their grants narrow to (null every school); undefined: none. */
  function wide(p: Principal, s: SubjectRow): MonitorSchool | undefined {
    if (p.isAdmin) return null;
    const grants = p.examRoles.filter(
      (g) =>
        g.examId === s.exam_id &&
        (EXAM_WIDE.has(g.role) ||
          (SUBJECT_WIDE.has(g.role) && (g.subjectId === null || g.subjectId === s.id))),
    );
    if (!grants.length) return undefined;
    if (grants.some((g) => g.schoolId === null)) return null;
    return grants[0]!.schoolId;
  }

  /** The watched blocks of a subject (empty when the user watches none of it). */
  async function watch(p: Principal, s: SubjectRow, blockIds: readonly number[]): Promise<Watch> {
    const all = wide(p, s);
    if (all !== undefined) return new Map(blockIds.map((id) => [id, all]));
    if (!blockIds.length) return new Map();
    const leads = await repo.leads(p.userId, blockIds);
    return new Map(leads.map((l) => [l.block_id, l.school_id]));
  }

  /** The subject and its block of a :blockId; refused unless the user watches it. */
  async function block(p: Principal, blockId: number) {
    if (!blockSubject.has(blockId)) {
      const subjectId = await repo.blockSubject(blockId);
      if (subjectId === null) throw fail('blockNotFound');
      if (blockSubject.size >= 50_000) blockSubject.clear();
      blockSubject.set(blockId, subjectId);
    }
    const s = await subject(blockSubject.get(blockId)!);
    const w = await watch(p, s, [blockId]);
    if (!w.has(blockId)) throw fail('forbidden');
    return { s, school: w.get(blockId)! };
  }

  return { subject, watch, block, wide };
}
export type QualityAccess = ReturnType<typeof qualityAccess>;
