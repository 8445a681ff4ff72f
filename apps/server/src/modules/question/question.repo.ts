import { and, asc, eq, inArray, ne, sql } from 'drizzle-orm';
import type { ObjectiveQuestion, OptionalQuestionGroup, SubjectiveQuestion } from '@yj/contracts';
import type { Db } from '../../infra/db';
import { question, subject } from '../../db/schema';

export type QuestionRow = typeof question.$inferSelect;

export function questionRepo(db: Db) {
  return {
    async ofSubject(subjectId: number): Promise<QuestionRow[]> {
      return db
        .select()
        .from(question)
        .where(eq(question.subjectId, subjectId))
        .orderBy(asc(question.sort), asc(question.id));
    },
    /** Replaces the objective (or subjective) questions of a subject with `rows`, keeping rows whose number stays. */
    async replace(
      subjectId: number,
      objective: boolean,
      rows: Array<typeof question.$inferInsert>,
    ): Promise<void> {
      const kindFilter = objective ? ne(question.kind, 'subjective') : eq(question.kind, 'subjective');
      const keep = rows.map((r) => r.no);
      await db
        .delete(question)
        .where(
          and(
            eq(question.subjectId, subjectId),
            kindFilter,
            keep.length ? sql`${question.no} not in ${keep}` : undefined,
          ),
        );
      if (!rows.length) return;
      // a number moving between objective and subjective is a new question of the other kind
      await db.delete(question).where(and(eq(question.subjectId, subjectId), inArray(question.no, keep)));
      await db.insert(question).values(rows);
    },
    async setAnswers(
      subjectId: number,
      rows: Array<{ no: string; answer: string; answerB?: string; partialScore?: number | null }>,
    ): Promise<void> {
      for (const r of rows) {
        await db
          .update(question)
          .set({
            answer: r.answer,
            ...(r.answerB !== undefined ? { answerB: r.answerB } : {}),
            ...(r.partialScore !== undefined ? { partialScore: r.partialScore } : {}),
            updatedAt: new Date(),
          })
          .where(and(eq(question.subjectId, subjectId), eq(question.no, r.no)));
      }
    },
    /** B-paper numbers of objective questions (A/B relation). */
    async setBNos(subjectId: number, rows: Array<{ no: string; bNo: string | null }>): Promise<void> {
      for (const r of rows)
        await db
          .update(question)
          .set({ bNo: r.bNo, updatedAt: new Date() })
          .where(
            and(eq(question.subjectId, subjectId), eq(question.no, r.no), ne(question.kind, 'subjective')),
          );
    },
    async setSubjectOptions(
      subjectId: number,
      set: { abEnabled?: boolean; optionalGroups?: OptionalQuestionGroup[] },
    ): Promise<void> {
      await db.update(subject).set(set).where(eq(subject.id, subjectId));
    },
  };
}

export const toObjective = (r: QuestionRow): ObjectiveQuestion => ({
  no: r.no,
  kind: r.kind as ObjectiveQuestion['kind'],
  options: r.options,
  score: Number(r.score),
  answer: r.answer,
  partialScore: r.partialScore === null ? null : Number(r.partialScore),
  answerB: r.answerB,
  bNo: r.bNo,
});
export const toSubjective = (r: QuestionRow): SubjectiveQuestion => ({
  no: r.no,
  score: Number(r.score),
  step: Number(r.step) as 1 | 0.5,
  bNo: r.bNo,
});
