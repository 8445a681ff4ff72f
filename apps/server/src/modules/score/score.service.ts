import {
  SCORE_REVIEW_KINDS,
  structureGap,
  type Principal,
  type ScoreReviewList,
  type ScoreBlocker,
  type ScoreCheck,
  type ScoreRecomputed,
  type ScoreStudentsPage,
  type ScoreStudentsQuery,
  type ScoreSummary,
  type ScoreSummaryRow,
} from '@yj/contracts';
import type { Db } from '../../infra/db';
import type { Actor } from '../../lib/actor';
import type { AuditService } from '../audit/audit.service';
import type { ExamService } from '../exam/exam.service';
import { assertAllows } from '../../lib/subject-state';
import { scoreAccess, studentScoreAccess } from './score-access';
import type { ScoreCompute } from '../score-compute/score-compute';
import type { SchoolFilter } from '../scan/scan-access';
import type { TemplateFit } from '../template/template.module';
import { type scoreQueryRepo, studentIdentity, type SummaryRow } from './score-query.repo';
import type { scoreReviewRepo } from './score-review.repo';

const summaryRow = (r: SummaryRow): ScoreSummaryRow => ({
  classId: r.classId,
  className: r.classId === null ? '全部' : (r.className ?? ''),
  schoolName: r.classId === null ? '' : (r.schoolName ?? ''),
  examinees: r.examinees,
  present: r.present,
  absent: r.absent,
  irregular: r.irregular,
  missing: r.examinees - r.present - r.absent,
  mean: r.mean,
  max: r.max,
  min: r.min,
});

/** What each blocker means and where it is settled. */
const BLOCKERS: Record<ScoreBlocker['kind'], { label: string; hint: string }> = {
  unmarked: { label: '未阅完的答题卡', hint: '在阅卷进度中完成阅卷' },
  arbitration: { label: '待仲裁的答题卡', hint: '由题组长在仲裁卷中给出最终分' },
  exceptions: { label: '未处理的识别异常', hint: '在扫描异常中处理' },
  overFull: { label: '超过满分的成绩', hint: '核对题目分值与给分后重新计算成绩' },
  missing: { label: '无答题卡且未登记缺考的考生', hint: '补扫答题卡，或在缺考名单中登记缺考' },
  noKey: {
    label: '未设置答案的客观题',
    hint: '在题目设置的“答案”中录入（启用 AB 卷时 A、B 卷都要录入），成绩会自动重新计算',
  },
  templateMismatch: {
    label: '题型或选项与答题卡模板不一致的客观题',
    hint: '这些题的得分可能不对：在题目设置或答题卡模板中改为一致（改模板后需重新识别），再重新计算成绩',
  },
  structure: {
    label: '题目总分与科目满分相差的分数',
    hint: '四率、得分率等都按满分计算，两者不一致时都会算错：在题目设置中补齐或改正题目分值，或改正科目满分',
  },
};

/**
 * scoreCheck's counts, read through `db` (a caller's transaction): the repository's, and the objective questions
 * a template reads otherwise than 题目设置 (the template module's port).
 */
export async function checkCounts(
  db: Db,
  d: { queryRepo: typeof scoreQueryRepo; templateFit: TemplateFit },
  s: { subjectId: number; examId: number },
  f: SchoolFilter,
): Promise<Record<ScoreBlocker['kind'], number>> {
  const repo = d.queryRepo(db);
  const [counts, questions, subject] = await Promise.all([
    repo.check(s.subjectId, s.examId, f),
    repo.questions(s.subjectId),
    repo.fullScoreAndGroups(s.subjectId),
  ]);
  const structure = {
    objective: questions.filter((q) => q.objective),
    subjective: questions.filter((q) => !q.objective),
    optionalGroups: subject.optionalGroups,
  };
  return {
    ...counts,
    templateMismatch: (await d.templateFit(db, s.subjectId)).length,
    structure: structureGap(structure, subject.fullScore),
  };
}

/** The blockers of a scoreCheck from its counts: only those left, in the table's order, with label and hint. */
export function blockersOf(counts: Record<ScoreBlocker['kind'], number>): ScoreBlocker[] {
  return (Object.keys(BLOCKERS) as Array<ScoreBlocker['kind']>)
    .filter((kind) => counts[kind] > 0)
    .map((kind) => ({ kind, count: counts[kind], ...BLOCKERS[kind] }));
}

/** The score screens (spec §2 subject/{subjectId}/score): summary, per student and question, checks, recompute. */
export function scoreService(d: {
  db: Db;
  repo: typeof scoreQueryRepo;
  /** 成绩核查's lists to look over (score-review.repo) */
  reviewRepo: typeof scoreReviewRepo;
  audit: AuditService;
  exams: ExamService;
  compute: ScoreCompute;
  /** objective questions a template reads otherwise than 题目设置 (the template module's port) */
  templateFit: TemplateFit;
  /** the subject's scores that marking left stale are re-derived before a page reads them (marking-score-queue.ts) */
  flush?: (subjectId: number) => Promise<void>;
}) {
  /** The subject, its exam and the schools the user may see in it (a joint exam's school sees its own). */
  async function access(subjectId: number, p: Principal) {
    const a = await scoreAccess(d.exams, subjectId, p);
    // marks submitted a moment ago: their subject scores are re-derived before the page reads them
    await d.flush?.(subjectId);
    return a;
  }

  return {
    async summary(subjectId: number, p: Principal): Promise<ScoreSummary> {
      const { examId, filter, subject } = await access(subjectId, p);
      const rows = await d.repo(d.db).summary(subjectId, examId, filter);
      const total = rows.find((r) => r.classId === null);
      const computedAt = total?.computedAt ? new Date(total.computedAt).toISOString() : null;
      const empty: ScoreSummaryRow = summaryRow({
        classId: null,
        className: null,
        schoolName: null,
        examinees: 0,
        present: 0,
        absent: 0,
        irregular: 0,
        mean: null,
        max: null,
        min: null,
        computedAt: null,
      });
      return {
        subjectName: subject.name,
        fullScore: Number(subject.fullScore),
        computedAt,
        total: total ? summaryRow(total) : empty,
        classes: rows.filter((r) => r.classId !== null).map(summaryRow),
      };
    },

    async students(subjectId: number, q: ScoreStudentsQuery, p: Principal): Promise<ScoreStudentsPage> {
      const repo = d.repo(d.db);
      // students' own scores: narrowed to what the user reads of them (a teacher their classes)
      const { examId, filter } = await studentScoreAccess(d.exams, subjectId, p, repo);
      await d.flush?.(subjectId);
      const [rows, questions, classes] = await Promise.all([
        repo.students(subjectId, examId, filter, q),
        repo.questions(subjectId),
        repo.classes(examId, filter),
      ]);
      return {
        total: rows[0]?.count ?? 0,
        size: q.size,
        questions,
        classes,
        items: rows.map((r) => ({
          ...studentIdentity(r),
          objective: r.objective,
          subjective: r.subjective,
          total: r.total,
          questions: r.questions ?? {},
          paperId: r.paperId,
        })),
      };
    },

    async check(subjectId: number, p: Principal): Promise<ScoreCheck> {
      const { examId, filter } = await access(subjectId, p);
      const counts = await checkCounts(
        d.db,
        { queryRepo: d.repo, templateFit: d.templateFit },
        { subjectId, examId },
        filter,
      );
      const blockers = blockersOf(counts);
      return { ok: blockers.length === 0, blockers };
    },

    /** 成绩核查's lists (issue 31): every kind in the table's order, empty ones included (the screen says 无). */
    async review(subjectId: number, p: Principal): Promise<ScoreReviewList[]> {
      const { examId, filter } = await access(subjectId, p);
      const rows = await d.reviewRepo(d.db).lists(subjectId, examId, filter);
      return SCORE_REVIEW_KINDS.map((kind) => {
        const mine = rows.filter((r) => r.kind === kind);
        return {
          kind,
          count: mine[0]?.count ?? 0,
          items: mine.map(({ kind: _k, count: _c, ...item }) => item),
        };
      });
    },

    /** Re-derives every score of the subject now (refused once published: the scores are fixed then). */
    async recompute(subjectId: number, p: Principal, actor: Actor): Promise<ScoreRecomputed> {
      const { examId, subject } = await access(subjectId, p);
      assertAllows(subject.status, 'adjustScores');
      // batches commit one by one (each a transaction); the audit record follows in its own
      const examinees = await d.compute.recompute(subjectId);
      return d.db.transaction(async (tx) => {
        await d.audit.record(tx, {
          action: 'score.recompute',
          examId,
          ...actor,
          target: `subject:${subjectId}`,
          detail: { examinees },
        });
        return { examinees };
      });
    },
  };
}
export type ScoreService = ReturnType<typeof scoreService>;
