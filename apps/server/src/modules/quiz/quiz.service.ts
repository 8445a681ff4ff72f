import {
  can,
  ExamRole,
  parseQuizKeys,
  type Paged,
  type Principal,
  type QuizCreate,
  type QuizDetail,
  type QuizListQuery,
  type QuizOptions,
  type QuizResult,
  type QuizRow,
  type QuizTrendView,
} from '@yj/contracts';
import { quizClassResult, quizTrend } from '@yj/stats';
import { fail } from '../../errors';
import type { Db } from '../../infra/db';
import type { Actor } from '../../lib/actor';
import type { AuditService } from '../audit/audit.service';
import type { CardService } from '../card/card.service';
import { assertAllows } from '../subject/subject-state';
import type { quizRepo } from './quiz.repo';

const MAX_FULL_SCORE = 300;

/** 课堂小测 (issue 33): an exam of type quiz made in one step, its page, markers and class result. */
export function quizService(d: {
  db: Db;
  repo: typeof quizRepo;
  audit: AuditService;
  /** the quiz page shows its online card (card module) */
  cards: Pick<CardService, 'list'>;
}) {
  async function requireQuiz(db: Db, examId: number) {
    const q = await d.repo(db).find(examId);
    if (!q) throw fail('quizNotFound');
    return q;
  }

  /** The markers asked for must teach at the quiz's school. */
  async function colleagues(db: Db, schoolId: number, userIds: number[]): Promise<number[]> {
    const ids = [...new Set(userIds)];
    if ((await d.repo(db).teachersOf(schoolId, ids)).length !== ids.length)
      throw fail('quizMarkerNotColleague');
    return ids;
  }

  return {
    /** What the create form offers: the classes the teacher teaches, their courses and colleagues. */
    async options(userId: number): Promise<QuizOptions> {
      const repo = d.repo(d.db);
      const classes = await repo.taughtClasses(userId);
      const schools = [...new Set(classes.map((c) => c.schoolId))];
      return {
        classes: classes.map(({ classId, name, gradeName, students }) => ({
          classId,
          name,
          gradeName,
          students,
        })),
        courses: await repo.courses(userId),
        colleagues: await repo.colleagues(schools, userId),
      };
    },

    /**
     * The quiz in one transaction: exam (type quiz) and its subject, the classes' students as examinees (考号 =
     * 学号), the objective questions from the keys line, one single-marked block per subjective question, and
     * the creator as creator, scanner and marker (colleagues as markers too).
     */
    async create(input: QuizCreate, actor: Actor): Promise<{ examId: number; subjectId: number }> {
      const keys = parseQuizKeys(input.keys, input.options, input.objectiveScore);
      if (!keys.ok) throw fail('quizKeysInvalid', { reason: keys.error });
      const objective = keys.questions;
      if (!objective.length && !input.subjective.length) throw fail('quizNoQuestions');
      const firstSubjective = objective.reduce((n, q) => Math.max(n, Number(q.no)), 0) + 1;
      const subjective = input.subjective.map((q, i) => ({
        no: String(firstSubjective + i),
        score: q.score,
      }));
      const total = [...objective, ...subjective].reduce((n, q) => n + q.score, 0);
      if (total > MAX_FULL_SCORE) throw fail('quizFullScoreTooHigh', { total });
      return d.db.transaction(async (tx) => {
        const repo = d.repo(tx);
        const taught = new Map((await repo.taughtClasses(actor.userId)).map((c) => [c.classId, c]));
        const classIds = [...new Set(input.classIds)];
        const classes = classIds.map((id) => taught.get(id));
        if (classes.some((c) => !c)) throw fail('quizClassNotTaught');
        const { schoolId, gradeId } = classes[0]!;
        if (classes.some((c) => c!.schoolId !== schoolId || c!.gradeId !== gradeId))
          throw fail('quizClassesMixed');
        const markers = (await colleagues(tx, schoolId, input.markerIds)).filter((id) => id !== actor.userId);
        const ids = await repo.insertQuiz({
          name: input.name,
          schoolId,
          gradeId,
          creatorId: actor.userId,
          course: input.course,
          fullScore: total,
        });
        const { examId, subjectId } = ids;
        if (!(await repo.insertExaminees(examId, classIds))) throw fail('quizNoStudents');
        await repo.insertQuestions([
          ...objective.map((q, i) => ({
            subjectId,
            no: q.no,
            kind: q.kind,
            options: q.options,
            score: q.score,
            answer: q.answer,
            sort: i,
          })),
          ...subjective.map((q, i) => ({
            subjectId,
            no: q.no,
            kind: 'subjective',
            score: q.score,
            sort: 1000 + i,
          })),
        ]);
        await repo.insertBlocks(
          subjective.map((q, i) => ({ subjectId, name: `第${q.no}题`, nos: [q.no], markCount: 1, sort: i })),
        );
        await repo.insertRoles([
          { examId, userId: actor.userId, role: ExamRole.creator },
          { examId, userId: actor.userId, role: ExamRole.scanner },
          ...[actor.userId, ...markers].map((userId) => ({
            examId,
            subjectId,
            userId,
            role: ExamRole.reviewers,
          })),
        ]);
        await repo.addMarkers(subjectId, [actor.userId, ...markers]);
        await d.audit.record(tx, {
          action: 'quiz.create',
          examId,
          schoolId,
          userId: actor.userId,
          ip: actor.ip,
          detail: { after: { ...input, objective, subjective } },
        });
        return ids;
      });
    },

    /** The quizzes the user takes part in, and a school administrator's every quiz of their schools, newest first. */
    async list(p: Principal, q: QuizListQuery): Promise<Paged<QuizRow>> {
      const repo = d.repo(d.db);
      const page = await repo.list(p.userId, p.schoolAdminOf, q);
      const names = await repo.classNames(page.items.map((r) => r.examId));
      return {
        total: page.total,
        size: q.size,
        items: page.items.map((r) => ({
          ...r,
          createdAt: r.createdAt.toISOString(),
          classNames: names.get(r.examId) ?? [],
        })),
      };
    },

    async detail(examId: number, p: Principal): Promise<QuizDetail> {
      const repo = d.repo(d.db);
      const q = await requireQuiz(d.db, examId);
      const questions = await repo.questions(q.subjectId);
      const blockOf = new Map((await repo.blocks(q.subjectId)).flatMap((b) => b.nos.map((no) => [no, b.id])));
      const cards = await d.cards.list(q.subjectId);
      const card = cards.find((c) => c.current) ?? cards[0];
      const scope = { examId, subjectId: q.subjectId, ...(q.schoolId ? { schoolId: q.schoolId } : {}) };
      return {
        examId,
        subjectId: q.subjectId,
        name: q.name,
        course: q.course,
        status: q.status,
        createdAt: q.createdAt.toISOString(),
        students: q.students,
        classNames: (await repo.classNames([examId])).get(examId) ?? [],
        fullScore: q.fullScore,
        objective: questions
          .filter((x) => x.kind !== 'subjective')
          .map((x) => ({ no: x.no, answer: x.answer, score: x.score })),
        subjective: questions
          .filter((x) => x.kind === 'subjective')
          .map((x) => ({ no: x.no, score: x.score, blockId: blockOf.get(x.no) ?? null })),
        markers: (await repo.markers(q.subjectId)).map((m) => ({ ...m, creator: m.userId === q.creatorId })),
        card: card
          ? { templateId: card.templateId, current: card.current, barcode: card.barcode, paper: card.paper }
          : null,
        scanned: q.scanned,
        can: { manage: can(p, 'exam.manage', scope), publish: can(p, 'score.publish', scope) },
      };
    },

    /** Colleagues of the quiz's school join the marking of every block (none is removed). */
    async addMarkers(examId: number, userIds: number[], actor: Actor): Promise<void> {
      await d.db.transaction(async (tx) => {
        const q = await requireQuiz(tx, examId);
        assertAllows(q.status, 'assignMarkers');
        const ids = await colleagues(tx, q.schoolId ?? 0, userIds);
        const repo = d.repo(tx);
        await repo.insertRoles(
          ids.map((userId) => ({ examId, subjectId: q.subjectId, userId, role: ExamRole.reviewers })),
        );
        await repo.addMarkers(q.subjectId, ids);
        await d.audit.record(tx, {
          action: 'quiz.markers',
          examId,
          userId: actor.userId,
          ip: actor.ip,
          detail: { added: ids },
        });
      });
    },

    /**
     * A colleague stops marking the quiz (the papers they hold go back to the pool, the marks they gave stay);
     * the teacher who made it always marks it. Removing someone who no longer marks changes nothing.
     */
    async removeMarker(examId: number, userId: number, actor: Actor): Promise<void> {
      await d.db.transaction(async (tx) => {
        const q = await requireQuiz(tx, examId);
        assertAllows(q.status, 'assignMarkers');
        if (userId === q.creatorId) throw fail('quizCreatorMarks');
        const blocks = await d.repo(tx).removeMarker(examId, q.subjectId, userId);
        if (!blocks) return;
        await d.audit.record(tx, {
          action: 'quiz.markers',
          examId,
          userId: actor.userId,
          ip: actor.ip,
          detail: { removed: userId, blocks },
        });
      });
    },

    /** The class result: average, 分数段, each question's 得分率, who missed it and which option each chose. */
    async result(examId: number): Promise<QuizResult> {
      const repo = d.repo(d.db);
      const q = await requireQuiz(d.db, examId);
      const questions = await repo.questions(q.subjectId);
      const students = (await repo.results(examId, q.subjectId)).map((r) => ({
        examineeId: r.examineeId,
        name: r.name,
        xuehao: r.xuehao,
        className: r.className,
        total: r.absent ? null : (r.total ?? null),
        absent: r.absent ?? false,
        sheet: r.paperId !== null,
        scores: r.questionScores ?? {},
        chosen: Object.fromEntries(
          Object.entries(r.objective ?? {}).map(([no, a]) => [no, a === null ? null : a.join('')]),
        ),
      }));
      const figures = quizClassResult(
        q.fullScore,
        questions.map((x) => ({
          no: x.no,
          full: x.score,
          answer: x.kind === 'subjective' ? null : x.answer,
        })),
        students,
      );
      return {
        name: q.name,
        course: q.course,
        status: q.status,
        fullScore: q.fullScore,
        ...figures,
        students,
      };
    },

    /**
     * 学情趋势 of a class: its quizzes' 得分率 over the term and each student's, overall and by question type. A
     * teacher sees the classes they teach, a school administrator every class of the school; none asked: the first.
     */
    async trend(p: Principal, classId: number | undefined): Promise<QuizTrendView> {
      const repo = d.repo(d.db);
      const seen = new Map<number, { classId: number; name: string; gradeName: string }>();
      for (const c of [
        ...(await repo.taughtClasses(p.userId)),
        ...(await repo.schoolClasses(p.schoolAdminOf)),
      ])
        seen.set(c.classId, { classId: c.classId, name: c.name, gradeName: c.gradeName });
      const classes = [...seen.values()];
      const chosen = classId ?? classes[0]?.classId;
      if (chosen === undefined) return { classes, classId: null, quizzes: [], students: [] };
      if (!seen.has(chosen)) throw fail('quizTrendClassNotVisible');
      const quizzes = await repo.classQuizzes(chosen);
      const questions = await repo.questionsOf(quizzes.map((q) => q.subjectId));
      const sittings = await repo.sittings(
        chosen,
        quizzes.map((q) => q.examId),
      );
      const figures = quizTrend(
        quizzes.map((q) => ({
          examId: q.examId,
          name: q.name,
          date: q.createdAt.toISOString().slice(0, 10),
          questions: questions
            .filter((x) => x.subjectId === q.subjectId)
            .map((x) => ({ no: x.no, full: x.score, objective: x.kind !== 'subjective' })),
        })),
        await repo.classStudents(chosen),
        sittings.map((s) => ({
          examId: s.examId,
          studentId: s.studentId,
          total: s.absent ? null : (s.total ?? null),
          scores: s.questionScores ?? {},
        })),
      );
      return { classes, classId: chosen, ...figures };
    },
  };
}
export type QuizService = ReturnType<typeof quizService>;
