import type { Principal } from '@yj/contracts';
import { fail } from '../../errors';
import { assertAllows } from '../../lib/subject-state';
import type { LeadSchool, MarkingLeadRepo } from './lead/marking-lead.repo';

// The capability 'subject.lead' lets roles 3, 6, 7 and the exam managers in; of these, leaders act on the
// blocks they lead (block_reviewer role 6), managers (exam 0/1/5, subject 3) on every block of the subject.
const EXAM_MANAGERS = new Set([0, 1, 5]);
const SUBJECT_MANAGER = 3;
/** 质检员: watches every block of the subject (its menu opens 阅卷进度), changes nothing here */
const QUALITY_PERSON = 7;

/** The manager grants of the user on this exam and subject (none: not a manager). */
function managerGrants(p: Principal, examId: number, subjectId: number) {
  return p.examRoles.filter(
    (g) =>
      g.examId === examId &&
      (EXAM_MANAGERS.has(g.role) ||
        (g.role === SUBJECT_MANAGER && (g.subjectId === null || g.subjectId === subjectId))),
  );
}

/** The 质检员 grants of the user on this exam and subject. */
function watcherGrants(p: Principal, examId: number, subjectId: number) {
  return p.examRoles.filter(
    (g) =>
      g.examId === examId && g.role === QUALITY_PERSON && (g.subjectId === null || g.subjectId === subjectId),
  );
}

/** The school a set of grants narrows to: none of them names one → every school. */
function schoolOfGrants(grants: { schoolId: number | null }[]): LeadSchool {
  if (grants.some((g) => g.schoolId === null)) return null;
  return grants[0]?.schoolId ?? null;
}

export type LeadBlock = NonNullable<Awaited<ReturnType<MarkingLeadRepo['block']>>>;

export function leadAccess(repo: () => MarkingLeadRepo) {
  /** The block and the school the user leads it for; refused unless they lead it or manage its subject. */
  async function block(
    blockId: number,
    p: Principal,
    write = false,
  ): Promise<{ b: LeadBlock; school: LeadSchool }> {
    const b = await repo().block(blockId);
    if (!b) throw fail('blockNotFound');
    // a leader's changes are changes of marks: while marking runs or is paused (the lifecycle table)
    if (write) assertAllows(b.subjectStatus, 'changeMarks');
    const managing = managerGrants(p, b.examId, b.subjectId);
    if (managing.length) return { b, school: schoolOfGrants(managing) };
    const [lead] = await repo().leads(p.userId, [blockId]);
    if (!lead) throw fail('forbidden');
    return { b, school: lead.schoolId };
  }

  /**
   * The blocks of a subject the user may watch: every block for a manager, the led ones for a leader
   * (each with the school it is led for); refused when there is none. `watch`: a read of progress, which the
   * subject's 质检员 may make too (every block, narrowed to their grant's school).
   */
  async function subjectBlocks(
    subjectId: number,
    examId: number,
    p: Principal,
    watch = false,
  ): Promise<{ blockIds: number[]; school: Map<number, LeadSchool>; led: Set<number> }> {
    const all = await repo().blockIdsOf(subjectId);
    const managing = managerGrants(p, examId, subjectId);
    if (managing.length) {
      const s = schoolOfGrants(managing);
      return { blockIds: all, school: new Map(all.map((id) => [id, s])), led: new Set(all) };
    }
    const leads = await repo().leads(p.userId, all);
    const watching = watch ? watcherGrants(p, examId, subjectId) : [];
    if (watching.length) {
      // a 质检员 reads every block; the block page stays the leaders' (`led`: the blocks they also lead)
      const s = schoolOfGrants(watching);
      return {
        blockIds: all,
        school: new Map(all.map((id) => [id, s])),
        led: new Set(leads.map((l) => l.blockId)),
      };
    }
    if (!leads.length) throw fail('forbidden');
    const school = new Map(leads.map((l) => [l.blockId, l.schoolId]));
    return { blockIds: all.filter((id) => school.has(id)), school, led: new Set(school.keys()) };
  }

  return { block, subjectBlocks };
}
export type LeadAccess = ReturnType<typeof leadAccess>;
