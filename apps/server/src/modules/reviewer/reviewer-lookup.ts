import { ExamRole, type ExamAssignmentSubject } from '@yj/contracts';
import type { Db } from '../../infra/db';
import type { ExamService } from '../exam/exam.service';
import { effectiveQuota } from './reviewer-context';
import type { reviewerRepo } from './reviewer.repo';

/** Read-only answers other modules need: the start check, the task pool, the exam overview. */
export function reviewerLookup(d: { db: Db; repo: typeof reviewerRepo; exams: ExamService }) {
  return {
    /** exam/{examId}/all_setting_task: every subject's blocks with marker and leader counts. */
    async ofExam(examId: number): Promise<ExamAssignmentSubject[]> {
      const repo = d.repo(d.db);
      const subjects = await d.exams.subjects(examId);
      return Promise.all(
        subjects.map(async (s) => {
          const blocks = await repo.blocksOf(s.id);
          const rows = await repo.reviewersOf(blocks.map((b) => b.id));
          const counted = blocks.map((b) => ({
            blockId: b.id,
            name: b.name,
            assignMode: b.assignMode,
            markers: rows.filter((r) => r.blockId === b.id && r.role === ExamRole.reviewers).length,
            leaders: rows.filter((r) => r.blockId === b.id && r.role === ExamRole.leaders).length,
          }));
          return {
            subjectId: s.id,
            name: s.name,
            status: s.status,
            blocks: counted,
            withoutMarkers: counted.filter((b) => !b.markers).map((b) => b.name),
          };
        }),
      );
    },

    /** For the start check (issue 13): names of the subject's blocks nobody marks. */
    async blocksWithoutMarkers(subjectId: number): Promise<string[]> {
      const repo = d.repo(d.db);
      const blocks = await repo.blocksOf(subjectId);
      const rows = await repo.reviewersOf(blocks.map((b) => b.id));
      return blocks
        .filter((b) => !rows.some((r) => r.blockId === b.id && r.role === ExamRole.reviewers))
        .map((b) => b.name);
    },

    /**
     * For the task pool: the user's part in a block, one row per role (4 marker, 6 leader). `quota` is the
     * effective one (see effectiveQuota; null: no limit), `schoolId` the school whose papers the marker
     * takes (null: any), `classIds` the classes (empty: any).
     */
    async markerOf(
      blockId: number,
      userId: number,
    ): Promise<Array<{ quota: number | null; schoolId: number | null; classIds: number[]; role: number }>> {
      const repo = d.repo(d.db);
      const rows = await repo.markerRows(blockId, userId);
      const first = rows[0];
      if (!first) return [];
      const papers = first.assignMode === 'average' ? await repo.papers(first.subjectId) : 0;
      return rows.map((r) => ({
        quota: r.role === ExamRole.reviewers ? effectiveQuota(r, r.quota, papers, r.markers) : null,
        schoolId: r.schoolId,
        classIds: r.classIds,
        role: r.role,
      }));
    },
  };
}
