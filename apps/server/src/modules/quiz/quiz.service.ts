import {
  can,
  ExamRole,
  type Paged,
  type Principal,
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
import { assertAllows } from '../../lib/subject-state';
import { quizCreator } from './quiz-create';
import type { quizRepo } from './quiz.repo';

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

  const creator = quizCreator(d);
  const colleagues = creator.colleagues;

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

    create: creator.create,

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
