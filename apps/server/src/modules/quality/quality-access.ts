import { sql } from 'drizzle-orm';
import type { Principal } from '@yj/contracts';
import { fail } from '../../errors';
import { rowsOf, type Db } from '../../infra/db';
import type { MonitorSchool } from './quality.repo';

// 'marking.monitor' lets admins, the exam's managers and union monitors (0, 1, 5, 8), subject managers and
// quality persons (3, 7) and leaders (6) in. Of these, leaders watch the blocks they lead (block_reviewer
// role 6, for its school); the others every block of the subject, narrowed to the school their grant names.
const EXAM_WIDE = new Set([0, 1, 5, 8]);
const SUBJECT_WIDE = new Set([3, 7]);

export interface SubjectRow {
  id: number;
  name: string;
  exam_id: number;
  exam_name: string;
  status: number;
}

/** The blocks of one subject the user may watch, each with the school it is narrowed to. */
export type Watch = Map<number, MonitorSchool>;

// a block's subject never changes: remembered for the process (the monitoring screens poll every few seconds)
const blockSubject = new Map<number, number>();

export function qualityAccess(db: Db) {
  async function subject(subjectId: number): Promise<SubjectRow> {
    const [s] = rowsOf<SubjectRow>(
      await db.execute(sql`select s.id, s.name, s.exam_id, e.name as exam_name, s.status from subject s
        join exam e on e.id = s.exam_id where s.id = ${subjectId} and s.deleted_at is null`),
    );
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
    const leads = rowsOf<{ block_id: number; school_id: number | null }>(
      await db.execute(sql`select block_id, school_id from block_reviewer where user_id = ${p.userId} and role = 6
        and block_id = any(${`{${blockIds.join(',')}}`}::int[])`),
    );
    return new Map(leads.map((l) => [l.block_id, l.school_id]));
  }

  /** The subject and its block of a :blockId; refused unless the user watches it. */
  async function block(p: Principal, blockId: number) {
    if (!blockSubject.has(blockId)) {
      const [b] = rowsOf<{ subject_id: number }>(
        await db.execute(sql`select subject_id from block where id = ${blockId}`),
      );
      if (!b) throw fail('blockNotFound');
      if (blockSubject.size >= 50_000) blockSubject.clear();
      blockSubject.set(blockId, b.subject_id);
    }
    const s = await subject(blockSubject.get(blockId)!);
    const w = await watch(p, s, [blockId]);
    if (!w.has(blockId)) throw fail('forbidden');
    return { s, school: w.get(blockId)! };
  }

  return { subject, watch, block, wide };
}
export type QualityAccess = ReturnType<typeof qualityAccess>;
