import { and, asc, eq, inArray, ne, sql } from 'drizzle-orm';
import type {
  ObjectiveQuestion,
  OptionalQuestionGroup,
  PartialRule,
  QuestionSpecial,
  SubjectiveQuestion,
} from '@yj/contracts';
import type { Db } from '../../infra/db';
import { question, subject } from '../../db/schema';

export type QuestionRow = typeof question.$inferSelect;
/** One objective question's key as the answer save changes it (absent fields stay). */
export interface AnswerRow {
  no: string;
  answer: string;
  answerB?: string;
  partialScore?: number | null;
  partialRule?: PartialRule;
}

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
    async setAnswers(subjectId: number, rows: AnswerRow[]): Promise<void> {
      for (const r of rows) {
        await db
          .update(question)
          .set({
            answer: r.answer,
            ...(r.answerB !== undefined ? { answerB: r.answerB } : {}),
            ...(r.partialScore !== undefined ? { partialScore: r.partialScore } : {}),
            ...(r.partialRule !== undefined ? { partialRule: r.partialRule } : {}),
            updatedAt: new Date(),
          })
          .where(and(eq(question.subjectId, subjectId), eq(question.no, r.no)));
      }
    },
    /** 评分标准 of subjective questions (their `answer`): the marking rules' key follows updated_at. */
    async setStandards(subjectId: number, rows: Array<{ no: string; answer: string }>): Promise<void> {
      for (const r of rows)
        await db
          .update(question)
          .set({ answer: r.answer, updatedAt: new Date() })
          .where(
            and(eq(question.subjectId, subjectId), eq(question.no, r.no), eq(question.kind, 'subjective')),
          );
    },
    /** 送分 / 取消此题 of one objective question, with its reason (null: back to the key). */
    async setSpecial(subjectId: number, no: string, special: QuestionSpecial | null, reason: string | null) {
      await db
        .update(question)
        .set({ special, specialReason: reason, updatedAt: new Date() })
        .where(and(eq(question.subjectId, subjectId), eq(question.no, no), ne(question.kind, 'subjective')));
    },
    /** B-paper numbers of objective questions (A/B relation). */
    /** B numbers of objective questions, and their B-paper option mapping where given (undefined: kept). */
    async setBNos(
      subjectId: number,
      rows: Array<{ no: string; bNo: string | null; bOptions?: string | null }>,
    ): Promise<void> {
      for (const r of rows)
        await db
          .update(question)
          .set({
            bNo: r.bNo,
            ...(r.bOptions !== undefined ? { bOptions: r.bOptions } : {}),
            updatedAt: new Date(),
          })
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
  partialRule: r.partialRule as PartialRule,
  answerB: r.answerB,
  bNo: r.bNo,
  bOptions: r.bOptions,
  special: r.special as QuestionSpecial | null,
  specialReason: r.specialReason,
});
export const toSubjective = (r: QuestionRow): SubjectiveQuestion => ({
  no: r.no,
  score: Number(r.score),
  step: Number(r.step) as 1 | 0.5,
  bNo: r.bNo,
  answer: r.answer,
});
