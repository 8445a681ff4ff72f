import { and, eq, isNotNull, isNull, ne, sql } from 'drizzle-orm';
import type { BlockRegion, RecognisedPage } from '@yj/contracts';
import type { Db } from '../../infra/db';
import {
  absence,
  block,
  examinee,
  onlineAnswer,
  onlineAttempt,
  paper,
  scanBatch,
  scanPage,
  subject,
} from '../../db/schema';

/** An online paper's typed page to store. */
export interface TypedPageRow {
  position: number;
  storageKey: string;
  sha256: string;
  fileName: string;
  result: RecognisedPage;
}

/** The scan tables as 在线考试 writes them: one paper per hand-in under the subject's 'online' batch. */
export function onlinePaperRepo(db: Db) {
  return {
    async examinee(examineeId: number) {
      const [row] = await db
        .select({
          examId: examinee.examId,
          schoolId: examinee.schoolId,
          kaohao: examinee.kaohao,
          paperType: examinee.paperType,
        })
        .from(examinee)
        .where(eq(examinee.id, examineeId));
      return row;
    },

    /**
     * The school's 'online' batch of the subject, made on the first hand-in (one per subject and school: a
     * simultaneous first hand-in finds the other's), locked: a paper's seq is counted in it.
     */
    async batch(subjectId: number, schoolId: number): Promise<number> {
      await db
        .insert(scanBatch)
        .values({ subjectId, schoolId, templateId: null, source: 'online', state: 'done' })
        .onConflictDoNothing({
          target: [scanBatch.subjectId, scanBatch.schoolId],
          where: sql`${scanBatch.source} = 'online'`,
        });
      const [found] = await db
        .select({ id: scanBatch.id })
        .from(scanBatch)
        .where(
          and(
            eq(scanBatch.subjectId, subjectId),
            eq(scanBatch.schoolId, schoolId),
            eq(scanBatch.source, 'online'),
          ),
        )
        .for('update');
      return found!.id;
    },

    /** The examinee's live paper of the subject, and whether it is an online one (else a scanned sheet). */
    async livePaper(subjectId: number, examineeId: number): Promise<{ id: number; online: boolean } | null> {
      const [row] = await db
        .select({ id: paper.id, online: sql<boolean>`${scanBatch.source} = 'online'` })
        .from(paper)
        .innerJoin(scanBatch, eq(scanBatch.id, paper.batchId))
        .where(
          and(eq(paper.subjectId, subjectId), eq(paper.examineeId, examineeId), isNull(paper.deletedAt)),
        );
      return row ?? null;
    },

    async subjectMode(subjectId: number): Promise<string | undefined> {
      const [row] = await db.select({ mode: subject.mode }).from(subject).where(eq(subject.id, subjectId));
      return row?.mode;
    },

    /** The examinee's 缺考 in the subject removed; whether there was one. */
    async clearAbsence(subjectId: number, examineeId: number): Promise<boolean> {
      const gone = await db
        .delete(absence)
        .where(and(eq(absence.subjectId, subjectId), eq(absence.examineeId, examineeId)))
        .returning({ id: absence.examineeId });
      return gone.length > 0;
    },

    /** A new paper, or the one of an earlier hand-in (reopened) with its answers replaced. */
    async savePaper(
      p: { subjectId: number; schoolId: number; batchId: number; examineeId: number; kaohao: string },
      fields: { objective: Record<string, string[] | null>; paperType: string | null },
      existing: number | null,
    ): Promise<number> {
      const now = new Date();
      if (existing) {
        await db
          .update(paper)
          .set({ ...fields, status: 'ok', recognisedAt: now })
          .where(eq(paper.id, existing));
        return existing;
      }
      const [made] = await db
        .insert(paper)
        .values({
          ...p,
          ...fields,
          seq: sql`(select coalesce(max(${paper.seq}), 0) + 1 from ${paper} where ${paper.batchId} = ${p.batchId})`,
          status: 'ok',
          recognisedAt: now,
        })
        .returning({ id: paper.id });
      return made!.id;
    },

    /** The paper's typed pages replaced by these. */
    async replacePages(
      subjectId: number,
      batchId: number,
      paperId: number,
      pages: TypedPageRow[],
    ): Promise<void> {
      await db.delete(scanPage).where(eq(scanPage.paperId, paperId));
      if (!pages.length) return;
      const now = new Date();
      await db.insert(scanPage).values(
        pages.map((g) => ({
          subjectId,
          batchId,
          paperId,
          position: g.position,
          seq: g.position,
          storageKey: g.storageKey,
          sha256: g.sha256,
          fileName: g.fileName,
          templatePage: g.position,
          status: 'recognised',
          result: g.result,
          recognisedAt: now,
        })),
      );
    },

    /** The non-empty answers of the subject's handed-in attempts (how tall their typed pages are drawn). */
    async handedInAnswers(subjectId: number) {
      return db
        .select({ attemptId: onlineAnswer.attemptId, no: onlineAnswer.no, value: onlineAnswer.value })
        .from(onlineAnswer)
        .innerJoin(onlineAttempt, eq(onlineAttempt.id, onlineAnswer.attemptId))
        .where(
          and(
            eq(onlineAttempt.subjectId, subjectId),
            isNotNull(onlineAttempt.submittedAt),
            ne(onlineAnswer.value, ''),
          ),
        );
    },

    /** The subject's blocks, locked for update when `lock` (a 补考 hand-in grows their typed regions). */
    async blocks(subjectId: number, lock = false) {
      const q = db
        .select({ id: block.id, nos: block.nos, typedRegions: block.typedRegions })
        .from(block)
        .where(eq(block.subjectId, subjectId))
        .orderBy(block.id);
      return lock ? q.for('update') : q;
    },

    async setRegions(
      blockId: number,
      regions: BlockRegion[],
      column: 'regions' | 'typedRegions' = 'regions',
    ): Promise<void> {
      await db
        .update(block)
        .set({ [column]: regions })
        .where(eq(block.id, blockId));
    },
  };
}
