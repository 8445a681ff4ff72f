import type {
  AllScorePage,
  AllScoreQuery,
  ExamineeListPage,
  ExamineeListStatus,
  Principal,
} from '@yj/contracts';
import { can, SubjectStatus } from '@yj/contracts';
import { fail } from '../../errors';
import type { Db } from '../../infra/db';
import type { Actor } from '../../lib/actor';
import type { AuditService } from '../audit/audit.service';
import type { ExamService } from '../exam/exam.service';
import { studentScoreAccess } from '../score/score-access';
import { readerFilter, scoreReads, studentIdentity } from '../score/score-reads';
import { allScoreRow, type allScoreRepo } from './all-score.repo';

/** exam/{examId}/all_score and getExamineeList/{status}: the exam's scores read across subjects or by status. */
export function allScoreService(d: {
  db: Db;
  repo: typeof allScoreRepo;
  exams: ExamService;
  audit: AuditService;
}) {
  return {
    /** 计入总分: whether a subject counts in the exam total (all_score and the totals export follow). Audited. */
    async setInTotal(examId: number, subjectId: number, inTotal: boolean, actor: Actor): Promise<void> {
      await d.db.transaction(async (tx) => {
        const repo = d.repo(tx);
        const before = await repo.lockedInTotal(examId, subjectId);
        if (before === undefined) throw fail('subjectNotFound');
        await repo.setInTotal(subjectId, inTotal);
        await d.audit.record(tx, {
          action: 'subject.inTotal',
          examId,
          ...actor,
          target: `subject:${subjectId}`,
          detail: { before, after: inTotal },
        });
      });
    },

    async allScore(examId: number, q: AllScoreQuery, p: Principal): Promise<AllScorePage> {
      const e = await d.exams.requireExam(examId);
      const repo = d.repo(d.db);
      // students' own scores: what the user reads of them (a teacher their classes), as the reports do — refused
      // (无权限) before the state of the subjects is told
      const filter = await readerFilter(p, e, null, scoreReads(d.db));
      const withStatus = await repo.subjects(examId);
      // the total spans every subject: before all are published only holders of score.unpublished.read see it
      const scope = { examId, ...(e.schoolId ? { schoolId: e.schoolId } : {}) };
      if (
        withStatus.some((s) => s.status !== SubjectStatus.published) &&
        !can(p, 'score.unpublished.read', scope)
      )
        throw fail('notAllPublished');
      const subjects = withStatus.map(({ status: _status, ...s }) => s);
      const [rows, classes] = await Promise.all([
        repo.page(examId, subjects, filter, q),
        scoreReads(d.db).classes(examId, filter),
      ]);
      return {
        total: rows[0]?.count ?? 0,
        size: q.size,
        subjects,
        classes,
        items: rows.map((r) => allScoreRow(r, subjects)),
      };
    },

    /** The examinees of a subject in one score status (all: every one), by exam number. */
    async examineeList(
      subjectId: number,
      status: ExamineeListStatus,
      q: { p: number; size: number },
      p: Principal,
    ): Promise<ExamineeListPage> {
      const reads = scoreReads(d.db);
      const { examId, filter } = await studentScoreAccess(d.exams, subjectId, p, reads);
      const rows = await reads.students(subjectId, examId, filter, {
        page: q.p,
        size: q.size,
        sort: 'kaohao',
        order: 'asc',
        ...(status === 'all' ? {} : { status }),
      });
      return {
        total: rows[0]?.count ?? 0,
        size: q.size,
        page: q.p,
        items: rows.map((r) => ({ ...studentIdentity(r), total: r.total })),
      };
    },
  };
}
export type AllScoreService = ReturnType<typeof allScoreService>;
