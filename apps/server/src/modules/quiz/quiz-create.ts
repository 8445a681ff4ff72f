import { ExamRole, parseQuizKeys, type QuizCreate } from '@yj/contracts';
import { fail } from '../../errors';
import type { Db } from '../../infra/db';
import type { Actor } from '../../lib/actor';
import type { AuditService } from '../audit/audit.service';
import type { quizRepo } from './quiz.repo';

const MAX_FULL_SCORE = 300;

/**
 * Making a 课堂小测 (issue 33), apart from the quiz page's reads: what the teacher's 新建小测 and the demo seed
 * (a quiz to try after `npm start`) both call.
 */
export function quizCreator(d: { db: Db; repo: typeof quizRepo; audit: AuditService }) {
  /** The markers asked for must teach at the quiz's school. */
  async function colleagues(db: Db, schoolId: number, userIds: number[]): Promise<number[]> {
    const ids = [...new Set(userIds)];
    if ((await d.repo(db).teachersOf(schoolId, ids)).length !== ids.length)
      throw fail('quizMarkerNotColleague');
    return ids;
  }

  /**
   * The quiz in one transaction: exam (type quiz) and its subject, the classes' students as examinees (考号 =
   * 学号), the objective questions from the keys line, one single-marked block per subjective question, and
   * the creator as creator, scanner and marker (colleagues as markers too).
   */
  async function create(input: QuizCreate, actor: Actor): Promise<{ examId: number; subjectId: number }> {
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
  }

  return { create, colleagues };
}
