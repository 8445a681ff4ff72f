import { and, asc, eq, gt, ilike, inArray, isNotNull, isNull, lt, or, sql, type SQL } from 'drizzle-orm';
import type { OnlineQuestionContent, SitterState } from '@yj/contracts';
import { rowsOf, type Db } from '../../infra/db';
import {
  absence,
  banji,
  exam,
  examinee,
  onlineAnswer,
  onlineAttempt,
  onlineExam,
  onlineMakeup,
  onlineQuestion,
  paper,
  question,
  scanBatch,
  student,
  subject,
} from '../../db/schema';

export interface OnlineSubjectRow {
  id: number;
  examId: number;
  examName: string;
  /** the exam's own school (null: a joint exam) */
  examSchoolId: number | null;
  name: string;
  status: number;
  mode: string;
  abEnabled: boolean;
}
export interface OnlineExamRow {
  startsAt: Date;
  endsAt: Date;
  durationMin: number;
  shuffleQuestions: boolean;
  shuffleOptions: boolean;
  state: string;
  launchedAt: Date | null;
}
export interface AttemptRow {
  id: number;
  examineeId: number;
  startedAt: Date;
  deadline: Date;
  submittedAt: Date | null;
  submitKind: string | null;
  leaveCount: number;
}

/** An examinee's own 补考 window. */
export interface MakeupRow {
  startsAt: Date;
  endsAt: Date;
  durationMin: number;
}

export interface SittingRow {
  subject: OnlineSubjectRow;
  exam: OnlineExamRow | undefined;
  makeup: MakeupRow | undefined;
  examinee: { id: number; paperType: string | null } | undefined;
  attempt: AttemptRow | undefined;
}

const subjectCols = {
  id: subject.id,
  examId: subject.examId,
  examName: exam.name,
  examSchoolId: exam.schoolId,
  name: subject.name,
  status: subject.status,
  mode: subject.mode,
  abEnabled: subject.abEnabled,
};
const examCols = {
  startsAt: onlineExam.startsAt,
  endsAt: onlineExam.endsAt,
  durationMin: onlineExam.durationMin,
  shuffleQuestions: onlineExam.shuffleQuestions,
  shuffleOptions: onlineExam.shuffleOptions,
  state: onlineExam.state,
  launchedAt: onlineExam.launchedAt,
};

const attemptCols = {
  id: onlineAttempt.id,
  examineeId: onlineAttempt.examineeId,
  startedAt: onlineAttempt.startedAt,
  deadline: onlineAttempt.deadline,
  submittedAt: onlineAttempt.submittedAt,
  submitKind: onlineAttempt.submitKind,
  leaveCount: onlineAttempt.leaveCount,
};

const makeupCols = {
  startsAt: onlineMakeup.startsAt,
  endsAt: onlineMakeup.endsAt,
  durationMin: onlineMakeup.durationMin,
};
/** The examinee's 补考 row of the subject (joined beside their attempt). */
const makeupJoin = and(eq(onlineMakeup.subjectId, subject.id), eq(onlineMakeup.examineeId, examinee.id));

/** The examinee has a live scanned (not online) paper of the subject. */
const scannedIn = (subjectId: SQL | number) => sql<boolean>`exists (select 1 from ${paper}
  join ${scanBatch} on ${scanBatch.id} = ${paper.batchId}
  where ${paper.subjectId} = ${subjectId} and ${paper.examineeId} = ${examinee.id}
    and ${paper.deletedAt} is null and ${scanBatch.source} <> 'online')`;

/** Where an examinee is: no attempt, an attempt not submitted, a submitted one. */
const stateOf = sql<SitterState>`case when ${onlineAttempt.id} is null then 'notStarted'
  when ${onlineAttempt.submittedAt} is null then 'inProgress' else 'submitted' end`;

/** 在线考试's SQL: the setting, the content, attempts and their answers. */
export function onlineRepo(db: Db) {
  return {
    async subject(subjectId: number): Promise<OnlineSubjectRow | undefined> {
      const [row] = await db
        .select(subjectCols)
        .from(subject)
        .innerJoin(exam, eq(exam.id, subject.examId))
        .where(and(eq(subject.id, subjectId), isNull(subject.deletedAt), isNull(exam.deletedAt)));
      return row;
    },

    async exam(subjectId: number, lock = false): Promise<OnlineExamRow | undefined> {
      const q = db.select(examCols).from(onlineExam).where(eq(onlineExam.subjectId, subjectId));
      const [row] = lock ? await q.for('update') : await q;
      return row;
    },

    /** The structure's questions in their order, with their content (empty where none is typed yet). */
    async questions(subjectId: number) {
      return db
        .select({
          no: question.no,
          kind: question.kind,
          options: question.options,
          score: question.score,
          answer: question.answer,
          answerB: question.answerB,
          bNo: question.bNo,
          partialScore: question.partialScore,
          partialRule: question.partialRule,
          special: question.special,
          content: sql<string>`coalesce(${onlineQuestion.content}, '')`,
          optionTexts: onlineQuestion.optionTexts,
        })
        .from(question)
        .leftJoin(
          onlineQuestion,
          and(eq(onlineQuestion.subjectId, question.subjectId), eq(onlineQuestion.no, question.no)),
        )
        .where(eq(question.subjectId, subjectId))
        .orderBy(asc(question.sort), asc(question.id));
    },

    /** Whether any question's text or option of the subject holds `mark` (an image's link): one statement. */
    async namesImage(subjectId: number, mark: string): Promise<boolean> {
      const r =
        await db.execute(sql`select exists (select 1 from online_question q where q.subject_id = ${subjectId}
        and (strpos(q.content, ${mark}) > 0
          or exists (select 1 from jsonb_array_elements_text(coalesce(q.option_texts, '[]'::jsonb)) o
                     where strpos(o, ${mark}) > 0))) as yes`);
      return rowsOf<{ yes: boolean }>(r)[0]?.yes ?? false;
    },

    async setMode(subjectId: number, mode: string): Promise<void> {
      await db.update(subject).set({ mode }).where(eq(subject.id, subjectId));
    },

    async saveExam(
      subjectId: number,
      v: {
        startsAt: Date;
        endsAt: Date;
        durationMin: number;
        shuffleQuestions: boolean;
        shuffleOptions: boolean;
      },
    ) {
      await db
        .insert(onlineExam)
        .values({ subjectId, ...v })
        .onConflictDoUpdate({ target: onlineExam.subjectId, set: { ...v, updatedAt: new Date() } });
    },

    async replaceContents(subjectId: number, contents: OnlineQuestionContent[]): Promise<void> {
      await db.delete(onlineQuestion).where(eq(onlineQuestion.subjectId, subjectId));
      if (contents.length) await db.insert(onlineQuestion).values(contents.map((c) => ({ subjectId, ...c })));
    },

    async setState(subjectId: number, state: string, launchedBy: number | null): Promise<void> {
      await db
        .update(onlineExam)
        .set({
          state,
          launchedBy,
          launchedAt: state === 'launched' ? new Date() : null,
          updatedAt: new Date(),
        })
        .where(eq(onlineExam.subjectId, subjectId));
    },

    async attemptCount(subjectId: number): Promise<number> {
      const [row] = await db
        .select({ n: sql<number>`count(*)::int` })
        .from(onlineAttempt)
        .where(eq(onlineAttempt.subjectId, subjectId));
      return row?.n ?? 0;
    },

    async examineeById(examId: number, examineeId: number) {
      const [row] = await db
        .select({ id: examinee.id, schoolId: examinee.schoolId, kaohao: examinee.kaohao })
        .from(examinee)
        .where(and(eq(examinee.examId, examId), eq(examinee.id, examineeId)));
      return row;
    },

    async examineeType(examineeId: number): Promise<string | null> {
      const [row] = await db
        .select({ paperType: examinee.paperType })
        .from(examinee)
        .where(eq(examinee.id, examineeId));
      return row?.paperType ?? null;
    },

    /** The launched online exams of the student's exams, with where the student is in each. */
    async studentExams(studentId: number) {
      return db
        .select({
          subjectId: subject.id,
          examName: exam.name,
          subjectName: subject.name,
          // the student's own 补考 window stands for the exam's
          startsAt: sql<Date>`coalesce(${onlineMakeup.startsAt}, ${onlineExam.startsAt})`.mapWith(
            onlineExam.startsAt,
          ),
          endsAt: sql<Date>`coalesce(${onlineMakeup.endsAt}, ${onlineExam.endsAt})`.mapWith(
            onlineExam.endsAt,
          ),
          durationMin: sql<number>`coalesce(${onlineMakeup.durationMin}, ${onlineExam.durationMin})`.mapWith(
            Number,
          ),
          makeup: sql<boolean>`${onlineMakeup.examineeId} is not null`,
          state: stateOf,
        })
        .from(examinee)
        .innerJoin(exam, and(eq(exam.id, examinee.examId), isNull(exam.deletedAt)))
        .innerJoin(subject, and(eq(subject.examId, exam.id), isNull(subject.deletedAt)))
        .leftJoin(onlineExam, eq(onlineExam.subjectId, subject.id))
        .leftJoin(
          onlineAttempt,
          and(eq(onlineAttempt.subjectId, subject.id), eq(onlineAttempt.examineeId, examinee.id)),
        )
        .leftJoin(onlineMakeup, makeupJoin)
        .where(
          and(
            eq(examinee.studentId, studentId),
            or(
              and(eq(subject.mode, 'online'), eq(onlineExam.state, 'launched')),
              // a paper subject is online only for who has a 补考 window in it
              and(eq(subject.mode, 'paper'), isNotNull(onlineMakeup.examineeId)),
            ),
          ),
        )
        .orderBy(asc(sql`coalesce(${onlineMakeup.startsAt}, ${onlineExam.startsAt})`), asc(subject.id));
    },

    /**
     * Everything a student's request checks, in one statement (a save is the hot path: a grade saving every few
     * seconds): the subject, its online exam, the student's examinee in its exam and their attempt.
     */
    async sitting(subjectId: number, studentId: number): Promise<SittingRow | undefined> {
      const [row] = await db
        .select({
          subject: subjectCols,
          exam: examCols,
          examineeId: examinee.id,
          paperType: examinee.paperType,
          attempt: attemptCols,
          makeup: makeupCols,
        })
        .from(subject)
        .innerJoin(exam, eq(exam.id, subject.examId))
        .leftJoin(onlineExam, eq(onlineExam.subjectId, subject.id))
        .leftJoin(examinee, and(eq(examinee.examId, subject.examId), eq(examinee.studentId, studentId)))
        .leftJoin(
          onlineAttempt,
          and(eq(onlineAttempt.subjectId, subject.id), eq(onlineAttempt.examineeId, examinee.id)),
        )
        .leftJoin(onlineMakeup, makeupJoin)
        .where(and(eq(subject.id, subjectId), isNull(subject.deletedAt), isNull(exam.deletedAt)));
      if (!row) return undefined;
      return {
        subject: row.subject,
        exam: row.exam?.startsAt ? (row.exam as OnlineExamRow) : undefined,
        examinee: row.examineeId ? { id: row.examineeId, paperType: row.paperType } : undefined,
        attempt: row.attempt?.id ? (row.attempt as AttemptRow) : undefined,
        makeup: row.makeup?.startsAt ? (row.makeup as MakeupRow) : undefined,
      };
    },

    /** One question's kind and options (a save checks its answer against them). */
    async questionKind(subjectId: number, no: string) {
      const [row] = await db
        .select({ kind: question.kind, options: question.options })
        .from(question)
        .where(and(eq(question.subjectId, subjectId), eq(question.no, no)));
      return row;
    },

    async attempt(subjectId: number, examineeId: number, lock = false): Promise<AttemptRow | undefined> {
      const q = db
        .select(attemptCols)
        .from(onlineAttempt)
        .where(and(eq(onlineAttempt.subjectId, subjectId), eq(onlineAttempt.examineeId, examineeId)));
      const [row] = lock ? await q.for('update') : await q;
      return row;
    },

    /** The attempt begun (a second start, from another device, finds the first). */
    async startAttempt(subjectId: number, examineeId: number, deadline: Date): Promise<void> {
      await db.insert(onlineAttempt).values({ subjectId, examineeId, deadline }).onConflictDoNothing();
    },

    async answers(attemptId: number) {
      return db
        .select({ no: onlineAnswer.no, value: onlineAnswer.value, rev: onlineAnswer.rev })
        .from(onlineAnswer)
        .where(eq(onlineAnswer.attemptId, attemptId))
        .orderBy(asc(onlineAnswer.no));
    },

    /** The answer stored unless a later revision is already there (a resent or late save changes nothing). */
    async saveAnswer(attemptId: number, no: string, value: string, rev: number): Promise<number> {
      const [stored] = await db
        .insert(onlineAnswer)
        .values({ attemptId, no, value, rev })
        .onConflictDoUpdate({
          target: [onlineAnswer.attemptId, onlineAnswer.no],
          set: { value, rev, savedAt: new Date() },
          setWhere: lt(onlineAnswer.rev, rev),
        })
        .returning({ rev: onlineAnswer.rev });
      // written: this revision; not written (a later one is there already): that one, read
      if (stored) return stored.rev;
      const [row] = await db
        .select({ rev: onlineAnswer.rev })
        .from(onlineAnswer)
        .where(and(eq(onlineAnswer.attemptId, attemptId), eq(onlineAnswer.no, no)));
      return row?.rev ?? rev;
    },

    async addLeave(attemptId: number): Promise<number> {
      const [row] = await db
        .update(onlineAttempt)
        .set({ leaveCount: sql`${onlineAttempt.leaveCount} + 1` })
        .where(eq(onlineAttempt.id, attemptId))
        .returning({ n: onlineAttempt.leaveCount });
      return row?.n ?? 0;
    },

    async submit(
      attemptId: number,
      v: { at: Date; kind: string; total: number; scores: Record<string, number> },
    ): Promise<void> {
      await db
        .update(onlineAttempt)
        .set({ submittedAt: v.at, submitKind: v.kind, objectiveScore: v.total, objectiveScores: v.scores })
        .where(and(eq(onlineAttempt.id, attemptId), isNull(onlineAttempt.submittedAt)));
    },

    /** Attempts of the subject whose time ran out unsubmitted (time-out submits what was saved). */
    async expired(subjectId: number, now: Date) {
      return db
        .select(attemptCols)
        .from(onlineAttempt)
        .where(
          and(
            eq(onlineAttempt.subjectId, subjectId),
            isNull(onlineAttempt.submittedAt),
            lt(onlineAttempt.deadline, now),
          ),
        )
        .for('update', { skipLocked: true });
    },

    /** The subjects with an attempt whose time ran out unsubmitted (the periodic hand-in's work). */
    async expiredSubjects(now: Date): Promise<number[]> {
      const rows = await db
        .selectDistinct({ id: onlineAttempt.subjectId })
        .from(onlineAttempt)
        .where(and(isNull(onlineAttempt.submittedAt), lt(onlineAttempt.deadline, now)));
      return rows.map((x) => x.id);
    },

    async reopen(attemptId: number, deadline: Date): Promise<void> {
      await db
        .update(onlineAttempt)
        .set({
          deadline,
          submittedAt: null,
          submitKind: null,
          reopenCount: sql`${onlineAttempt.reopenCount} + 1`,
        })
        .where(eq(onlineAttempt.id, attemptId));
    },

    /** The exam's examinees (of the given schools; null: all) with where each is, a page of them, and the counts. */
    async sitters(
      subjectId: number,
      examId: number,
      schoolIds: number[] | null,
      f: { state?: SitterState; makeup?: '1'; unscanned?: '1'; q?: string; page: number; size: number },
    ) {
      const join = and(eq(onlineAttempt.subjectId, subjectId), eq(onlineAttempt.examineeId, examinee.id));
      const mJoin = and(eq(onlineMakeup.subjectId, subjectId), eq(onlineMakeup.examineeId, examinee.id));
      const conds: (SQL | undefined)[] = [eq(examinee.examId, examId)];
      if (schoolIds) conds.push(sql`${examinee.schoolId} = any(${schoolIds})`);
      if (f.q) conds.push(or(ilike(student.name, `%${f.q}%`), ilike(examinee.kaohao, `%${f.q}%`)));
      if (f.unscanned) conds.push(sql`not ${scannedIn(subjectId)}`);
      const base = and(...conds);
      const counts = await db
        .select({
          state: stateOf,
          n: sql<number>`count(*)::int`,
          makeup: sql<number>`count(${onlineMakeup.examineeId})::int`,
        })
        .from(examinee)
        .innerJoin(student, eq(student.id, examinee.studentId))
        .leftJoin(onlineAttempt, join)
        .leftJoin(onlineMakeup, mJoin)
        .where(base)
        .groupBy(stateOf);
      // the state and 补考 filters pick the page; the counts are of all (they label the filters)
      const where = and(
        base,
        f.state ? sql`(${stateOf}) = ${f.state}` : undefined,
        f.makeup ? isNotNull(onlineMakeup.examineeId) : undefined,
      );
      const answered = sql<number>`(select count(*)::int from ${onlineAnswer} where ${onlineAnswer.attemptId} = ${onlineAttempt.id} and ${onlineAnswer.value} <> '')`;
      const items = await db
        .select({
          examineeId: examinee.id,
          name: student.name,
          kaohao: examinee.kaohao,
          className: banji.name,
          state: stateOf,
          startedAt: onlineAttempt.startedAt,
          deadline: onlineAttempt.deadline,
          submittedAt: onlineAttempt.submittedAt,
          submitKind: onlineAttempt.submitKind,
          leaveCount: sql<number>`coalesce(${onlineAttempt.leaveCount}, 0)`.mapWith(Number),
          answered: sql<number>`coalesce(${answered}, 0)`.mapWith(Number),
          objectiveScore: onlineAttempt.objectiveScore,
          makeup: makeupCols,
          scanned: scannedIn(subjectId),
          absent: sql<boolean>`exists (select 1 from ${absence} where ${absence.subjectId} = ${subjectId}
            and ${absence.examineeId} = ${examinee.id})`,
        })
        .from(examinee)
        .innerJoin(student, eq(student.id, examinee.studentId))
        .innerJoin(banji, eq(banji.id, examinee.classId))
        .leftJoin(onlineAttempt, join)
        .leftJoin(onlineMakeup, mJoin)
        .where(where)
        .orderBy(asc(examinee.kaohao))
        .limit(f.size)
        .offset((f.page - 1) * f.size);
      return { counts, items };
    },

    /** The exam's examinees among `ids` (a 补考's examinees checked against the subject's exam). */
    async examineesByIds(examId: number, ids: number[]) {
      return db
        .select({ id: examinee.id, schoolId: examinee.schoolId, kaohao: examinee.kaohao })
        .from(examinee)
        .where(and(eq(examinee.examId, examId), inArray(examinee.id, ids)));
    },

    /** Those of these examinees with a scanned (not online) live paper of the subject. */
    async scannedOf(subjectId: number, examineeIds: number[]): Promise<number[]> {
      const rows = await db
        .select({ id: paper.examineeId })
        .from(paper)
        .innerJoin(scanBatch, eq(scanBatch.id, paper.batchId))
        .where(
          and(
            eq(paper.subjectId, subjectId),
            inArray(paper.examineeId, examineeIds),
            isNull(paper.deletedAt),
            sql`${scanBatch.source} <> 'online'`,
          ),
        );
      return rows.map((x) => x.id!);
    },

    /** The attempts of these examinees, locked (a start in the meantime waits for the 补考's write). */
    async attemptsOf(subjectId: number, examineeIds: number[]) {
      return db
        .select({ examineeId: onlineAttempt.examineeId, submittedAt: onlineAttempt.submittedAt })
        .from(onlineAttempt)
        .where(and(eq(onlineAttempt.subjectId, subjectId), inArray(onlineAttempt.examineeId, examineeIds)))
        .for('update');
    },

    /** One examinee's 补考 window, locked (a start reads it under the lock a change takes). */
    async makeup(subjectId: number, examineeId: number): Promise<MakeupRow | undefined> {
      const [row] = await db
        .select(makeupCols)
        .from(onlineMakeup)
        .where(and(eq(onlineMakeup.subjectId, subjectId), eq(onlineMakeup.examineeId, examineeId)))
        .for('update');
      return row;
    },

    /** The 补考 windows of these examinees, locked. */
    async makeupsOf(subjectId: number, examineeIds: number[]) {
      return db
        .select({ examineeId: onlineMakeup.examineeId, ...makeupCols })
        .from(onlineMakeup)
        .where(and(eq(onlineMakeup.subjectId, subjectId), inArray(onlineMakeup.examineeId, examineeIds)))
        .for('update');
    },

    async saveMakeups(subjectId: number, examineeIds: number[], v: MakeupRow, by: number): Promise<void> {
      await db
        .insert(onlineMakeup)
        .values(examineeIds.map((examineeId) => ({ subjectId, examineeId, ...v, createdBy: by })))
        .onConflictDoUpdate({
          target: [onlineMakeup.subjectId, onlineMakeup.examineeId],
          set: { ...v, updatedAt: new Date() },
        });
    },

    async removeMakeups(subjectId: number, examineeIds: number[]): Promise<void> {
      await db
        .delete(onlineMakeup)
        .where(and(eq(onlineMakeup.subjectId, subjectId), inArray(onlineMakeup.examineeId, examineeIds)));
    },

    /** 补考 windows not over whose examinee has not started (开始阅卷 would leave their paper out). */
    async pendingMakeups(subjectId: number, now: Date): Promise<number> {
      const [row] = await db
        .select({ n: sql<number>`count(*)::int` })
        .from(onlineMakeup)
        .leftJoin(
          onlineAttempt,
          and(
            eq(onlineAttempt.subjectId, onlineMakeup.subjectId),
            eq(onlineAttempt.examineeId, onlineMakeup.examineeId),
          ),
        )
        .where(
          and(eq(onlineMakeup.subjectId, subjectId), gt(onlineMakeup.endsAt, now), isNull(onlineAttempt.id)),
        );
      return row?.n ?? 0;
    },

    /** Submitted attempts of the subject (marking and scores read them), or those not handed in (`false`). */
    async submittedCount(subjectId: number, submitted = true): Promise<number> {
      const handed = submitted ? isNotNull(onlineAttempt.submittedAt) : isNull(onlineAttempt.submittedAt);
      const [row] = await db
        .select({ n: sql<number>`count(*)::int` })
        .from(onlineAttempt)
        .where(and(eq(onlineAttempt.subjectId, subjectId), handed));
      return row?.n ?? 0;
    },
  };
}
export type OnlineRepo = ReturnType<typeof onlineRepo>;
