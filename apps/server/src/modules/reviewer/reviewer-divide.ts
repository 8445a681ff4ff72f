import { ExamRole, type DivideSave, type DivideView, type Principal } from '@yj/contracts';
import { fail } from '../../errors';
import type { Actor } from '../../lib/actor';
import { assignContext, requireChangeable, toReviewerItem } from './reviewer-context';
import type { ReviewerDeps, ReviewerService } from './reviewer.service';

/** setting/divide: by-class distribution, the classes of the exam split into groups of the block's markers. */
export function divideService(d: ReviewerDeps & { reviewers: ReviewerService }) {
  return {
    async view(subjectId: number, blockId: number, p: Principal): Promise<DivideView> {
      const ctx = await assignContext(d.exams, subjectId, p);
      const b = await d.reviewers.requireBlock(d.db, subjectId, blockId);
      const repo = d.repo(d.db);
      // a joint exam's manager sees only the classes of the schools they act for (issue 19)
      const classes = await repo.classesOf(ctx.examId, ctx.actingSchoolIds);
      const markers = (await repo.reviewersOf([b.id])).filter((r) => r.role === ExamRole.reviewers);
      const groups = new Map<string, { classIds: number[]; userIds: number[] }>();
      for (const m of markers) {
        if (!m.classIds.length) continue;
        const key = [...m.classIds].sort((x, y) => x - y).join(',');
        const g = groups.get(key) ?? { classIds: m.classIds, userIds: [] };
        g.userIds.push(m.userId);
        groups.set(key, g);
      }
      return {
        blockId: b.id,
        name: b.name,
        assignMode: b.assignMode as DivideView['assignMode'],
        classes,
        markers: markers.map((m) => toReviewerItem(m, ctx.showsPhone)),
        groups: [...groups.values()].sort((x, y) => Math.min(...x.classIds) - Math.min(...y.classIds)),
      };
    },

    /** Saves the groups as each marker's classes; the block's distribution becomes 按班级分配. */
    async save(subjectId: number, blockId: number, input: DivideSave, p: Principal, actor: Actor) {
      await d.db.transaction(async (tx) => {
        const ctx = await assignContext(d.exams, subjectId, p, tx);
        requireChangeable(ctx);
        const b = await d.reviewers.requireBlock(tx, subjectId, blockId);
        const repo = d.repo(tx);
        const markers = new Set(
          (await repo.reviewersOf([b.id])).filter((r) => r.role === ExamRole.reviewers).map((r) => r.userId),
        );
        const known = new Set((await repo.classesOf(ctx.examId, ctx.allSchoolIds)).map((c) => c.id));
        const groupOfClass = new Map<number, number>();
        const classIdsOf = new Map<number, number[]>();
        for (const [i, g] of input.groups.entries()) {
          for (const c of g.classIds) {
            if (!known.has(c)) throw fail('divideClassNotInExam', { group: i + 1 });
            if (groupOfClass.has(c))
              throw fail('divideClassInTwoGroups', { first: groupOfClass.get(c)! + 1, second: i + 1 });
            groupOfClass.set(c, i);
          }
          for (const u of g.userIds) {
            if (!markers.has(u)) throw fail('divideMarkerNotInBlock', { group: i + 1 });
            if (classIdsOf.has(u)) throw fail('divideMarkerInTwoGroups', { group: i + 1 });
            classIdsOf.set(u, g.classIds);
          }
        }
        await repo.setClasses(b.id, classIdsOf);
        if (b.assignMode !== 'class') await repo.setAssignMode(b.id, 'class');
        await d.audit.record(tx, {
          action: 'block.divide',
          examId: ctx.examId,
          ...actor,
          target: `block:${b.id}`,
          detail: { groups: input.groups },
        });
      });
    },
  };
}
export type DivideService = ReturnType<typeof divideService>;
