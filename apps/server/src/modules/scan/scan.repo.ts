import { and, asc, eq, inArray, isNull, ne, sql, type SQL } from 'drizzle-orm';
import { ScanPageStatus, type CardTemplate } from '@yj/contracts';
import { rowsOf, type Db } from '../../infra/db';
import { executePrepared, runPrepared } from '../../infra/prepared';
import { readPageResult, readTemplateBody } from '../../db/stored';
import {
  absence,
  banji,
  examinee,
  paper,
  scanBatch,
  scanException,
  scanPage,
  student,
  subject,
  template,
} from '../../db/schema';

export type BatchRow = typeof scanBatch.$inferSelect;
export type PaperRow = typeof paper.$inferSelect;
export type PageRow = typeof scanPage.$inferSelect;
export type NewPage = typeof scanPage.$inferInsert;
export type NewException = typeof scanException.$inferInsert;
/** What the finishing transaction reads of the paper it locks. */
export type LockedPaper = Pick<PaperRow, 'status' | 'examineeId' | 'kaohao'> & { deletedAt: unknown };
/** Runs one statement of the caller's transaction (infra/pipeline.ts `first` / `last`). */
export type RunStatement = (q: SQL) => Promise<unknown>;

/** A recognised sheet of a batch as the room-order check reads it (room-order.ts), in scan order. */
export interface BatchSheetRow {
  paperId: number;
  kaohao: string | null;
  name: string | null;
  kaochang: string | null;
  className: string | null;
  /** a person settled its exam number (a 考号 exception resolved) */
  trusted: boolean;
  /** its exam number waits on a person, or was raised for its room before */
  raised: boolean;
  /** raised for a card page met twice (paper-pages.ts) */
  twice: boolean;
  /** its pages' card pages not in order: a back before its front */
  backFirst: boolean;
  /** raised before as one sheet's back with the next sheet's front (`shiftedPapers`) */
  shiftRaised: boolean;
}

/** A page row with its stored result parsed (once, here). */
export const pageRow = (row: PageRow): PageRow => ({ ...row, result: readPageResult(row.result, row.id) });

/** Writes of ingest and recognition: batches, papers, pages, exceptions. */
export function scanRepo(db: Db) {
  return {
    async knownHashes(subjectId: number, hashes: string[]): Promise<Set<string>> {
      if (!hashes.length) return new Set();
      const rows = await db
        .select({ sha: scanPage.sha256 })
        .from(scanPage)
        .where(
          and(
            eq(scanPage.subjectId, subjectId),
            inArray(scanPage.sha256, hashes),
            ne(scanPage.status, ScanPageStatus.voided),
          ),
        );
      return new Set(rows.map((r) => r.sha));
    },

    async batchCount(subjectId: number): Promise<number> {
      const [r] = await db
        .select({ n: sql<number>`count(*)::int` })
        .from(scanBatch)
        .where(eq(scanBatch.subjectId, subjectId));
      return Number(r?.n ?? 0);
    },

    /** The batch a chunk continues, locked while the chunk is recorded (chunks of one batch queue up). */
    async lockBatch(id: number): Promise<BatchRow> {
      const [row] = await db.select().from(scanBatch).where(eq(scanBatch.id, id)).for('update');
      return row!;
    },

    /** The number of a batch among its subject's batches (第N批次 of the page-count message). */
    async batchOrdinal(b: Pick<BatchRow, 'id' | 'subjectId'>): Promise<number> {
      const [r] = await db
        .select({ n: sql<number>`count(*)::int` })
        .from(scanBatch)
        .where(and(eq(scanBatch.subjectId, b.subjectId), sql`${scanBatch.id} <= ${b.id}`));
      return Number(r?.n ?? 0);
    },

    async insertBatch(v: typeof scanBatch.$inferInsert): Promise<BatchRow> {
      const [row] = await db.insert(scanBatch).values(v).returning();
      return row!;
    },

    async updateBatch(id: number, v: Partial<typeof scanBatch.$inferInsert>): Promise<void> {
      await db.update(scanBatch).set(v).where(eq(scanBatch.id, id));
    },

    async insertPapers(v: Array<typeof paper.$inferInsert>): Promise<Array<{ id: number; seq: number }>> {
      if (!v.length) return [];
      return db.insert(paper).values(v).returning({ id: paper.id, seq: paper.seq });
    },

    /** Inserts pages; a content hash already stored for the subject is skipped (the caller counts it a duplicate). */
    async insertPages(v: NewPage[]): Promise<Array<{ id: number; paperId: number | null }>> {
      if (!v.length) return [];
      return (
        db
          .insert(scanPage)
          .values(v)
          // the unique index's own predicate (0055): a voided batch's image may come again
          .onConflictDoNothing({
            target: [scanPage.subjectId, scanPage.sha256],
            where: sql`status <> 'voided'`,
          })
          .returning({ id: scanPage.id, paperId: scanPage.paperId })
      );
    },

    async dropPapers(ids: number[]): Promise<void> {
      if (ids.length) await db.update(paper).set({ deletedAt: new Date() }).where(inArray(paper.id, ids));
    },

    /** Locks the paper for its finishing transaction (two workers never finish one paper twice). */
    async lockPaper(id: number): Promise<PaperRow | null> {
      const [row] = await db.select().from(paper).where(eq(paper.id, id)).for('update');
      return row ?? null;
    },

    pagesOf: async (paperId: number): Promise<PageRow[]> =>
      (
        await db.select().from(scanPage).where(eq(scanPage.paperId, paperId)).orderBy(asc(scanPage.position))
      ).map(pageRow),

    async batch(id: number): Promise<BatchRow | null> {
      const [row] = await db.select().from(scanBatch).where(eq(scanBatch.id, id));
      return row ?? null;
    },

    /** What a recognition job needs beside its paper, in one query: exam, template id and its version. */
    async jobContext(paperId: number) {
      const [row] = await runPrepared(
        db
          .select({
            paper,
            examId: subject.examId,
            templateId: scanBatch.templateId,
            templateVersion: template.updatedAt,
          })
          .from(paper)
          .innerJoin(scanBatch, eq(scanBatch.id, paper.batchId))
          .innerJoin(subject, eq(subject.id, paper.subjectId))
          .innerJoin(template, eq(template.id, scanBatch.templateId))
          .where(eq(paper.id, paperId)),
      );
      return row ?? null;
    },

    async templateBody(id: number): Promise<CardTemplate | null> {
      const [row] = await db.select({ body: template.body }).from(template).where(eq(template.id, id));
      return row ? readTemplateBody(row.body, id) : null;
    },

    /**
     * A recognition attempt on a paper: every page of it counted one more attempt and returned with the new count,
     * in its order. One statement a paper (issue 35: it was a read of the pages, then a bump per page).
     */
    async attemptPages(paperId: number): Promise<PageRow[]> {
      const rows = await runPrepared(
        db
          .update(scanPage)
          .set({ attempts: sql`${scanPage.attempts} + 1` })
          .where(eq(scanPage.paperId, paperId))
          .returning(),
      );
      return rows.map(pageRow).sort((a, b) => a.position - b.position || a.id - b.id);
    },

    async pageError(pageId: number, error: string): Promise<void> {
      await db
        .update(scanPage)
        .set({ error: error.slice(0, 1000) })
        .where(eq(scanPage.id, pageId));
    },

    async updatePage(id: number, v: Partial<NewPage>): Promise<void> {
      await db.update(scanPage).set(v).where(eq(scanPage.id, id));
    },

    /**
     * The results of a paper's recognised pages, in one statement (it was one a page). `recognised_at` is the
     * transaction's time, the same for the paper's pages.
     */
    async recognisedPages(
      pages: Array<Pick<NewPage, 'status' | 'templatePage' | 'result' | 'error'> & { id: number }>,
    ): Promise<void> {
      if (!pages.length) return;
      const rows = pages.map((x) => ({ i: x.id, s: x.status, t: x.templatePage, r: x.result, e: x.error }));
      await executePrepared(
        db,
        sql`
        update ${scanPage} set status = x.s, template_page = x.t, result = x.r, error = x.e, recognised_at = now(),
          streaks = coalesce(jsonb_array_length(x.r -> 'streaks'), 0),
          thresholded = coalesce((x.r ->> 'thresholded')::boolean, false)
        from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as x(i int, s text, t smallint, r jsonb, e text)
        where ${scanPage.id} = x.i`,
      );
    },

    async updatePaper(id: number, v: Partial<typeof paper.$inferInsert>): Promise<void> {
      await db.update(paper).set(v).where(eq(paper.id, id));
    },

    async insertExceptions(v: NewException[]): Promise<void> {
      if (v.length) await db.insert(scanException).values(v);
    },

    /** The examinee with this exam number, locked so two papers cannot claim it at once. */
    async lockExaminee(examId: number, kaohao: string) {
      const [row] = await runPrepared(
        db
          .select({ id: examinee.id, schoolId: examinee.schoolId })
          .from(examinee)
          .where(and(eq(examinee.examId, examId), eq(examinee.kaohao, kaohao)))
          .for('update'),
      );
      return row ?? null;
    },

    /**
     * What the match asks of an examinee it locked (lockExaminee, or given by a person): their live paper other than
     * this one, and whether they are recorded absent, in one statement. Sent after the lock, never with it: a
     * statement that waited for the lock reads with the snapshot it started with, and would miss the paper or
     * absence the holder of the lock just committed.
     */
    async examineeState(
      subjectId: number,
      examineeId: number,
      except: number,
    ): Promise<{ otherPaper: number | null; absent: boolean }> {
      const r = await executePrepared(
        db,
        sql`
        select (select ${paper.id} from ${paper} where ${paper.subjectId} = ${subjectId}
                  and ${paper.examineeId} = ${examineeId} and ${paper.deletedAt} is null and ${paper.id} <> ${except}
                  order by ${paper.id} limit 1) as "otherPaper",
          exists (select from ${absence} where ${absence.subjectId} = ${subjectId}
                  and ${absence.examineeId} = ${examineeId}) as absent`,
      );
      const [row] = rowsOf<{ otherPaper: number | null; absent: boolean }>(r);
      return { otherPaper: row?.otherPaper ?? null, absent: row?.absent === true };
    },

    async paperOfExaminee(subjectId: number, examineeId: number, except: number): Promise<number | null> {
      const [row] = await db
        .select({ id: paper.id })
        .from(paper)
        .where(
          and(
            eq(paper.subjectId, subjectId),
            eq(paper.examineeId, examineeId),
            isNull(paper.deletedAt),
            ne(paper.id, except),
          ),
        );
      return row?.id ?? null;
    },

    /**
     * Locks the paper for its finishing transaction (two workers never finish one paper twice), and its batch, so
     * the finishing transactions of one batch run one after another: each sees the papers the others finished,
     * and the last one knows it is the last (finishPaper). Sent through `run`: the recognition job's pipelined
     * transaction sends `begin` with it (infra/pipeline.ts `first`).
     */
    async lockPaperVia(run: RunStatement, id: number): Promise<LockedPaper | null> {
      const r =
        await run(sql`select p.status, p.deleted_at as "deletedAt", p.examinee_id as "examineeId", p.kaohao
        from ${paper} p join ${scanBatch} b on b.id = p.batch_id where p.id = ${id} for update of p, b`);
      return rowsOf<LockedPaper>(r)[0] ?? null;
    },

    /**
     * A recognised paper's reading; true when no other paper of its batch waits for recognition (the batch's lock,
     * lockPaperVia, makes that sure: another paper finishing now waits for this transaction).
     */
    async finishPaper(id: number, v: Partial<typeof paper.$inferInsert>): Promise<boolean> {
      const [row] = await runPrepared(
        db
          .update(paper)
          .set(v)
          .where(eq(paper.id, id))
          .returning({
            // written out: drizzle leaves a returning's columns unqualified, which inside q would name q's own
            last: sql<boolean>`not exists (select from ${paper} q where q.batch_id = paper.batch_id
            and q.id <> paper.id and q.status = 'pending' and q.deleted_at is null)`,
          }),
      );
      return row?.last === true;
    },

    /**
     * Marks the batch done when the paper just finished was its last (finishPaper's answer, under the batch's
     * lock: asked again here it would cost a second probe a paper). Sent either way, through `run`: the
     * recognition job sends `commit` with it (infra/pipeline.ts `last`).
     */
    async closeBatchIfLast(run: RunStatement, batchId: number, last: boolean): Promise<void> {
      await run(sql`update ${scanBatch} set state = 'done' where ${scanBatch.id} = ${batchId} and ${last}`);
    },

    /**
     * A batch's recognised sheets in scan order, for the room-order check and the shift check (a card page twice,
     * a back before its front); none for a batch given its examinees by file name or handed in online (no exam
     * number to mistake, no pile to shift).
     */
    async sheetsOfBatch(batchId: number): Promise<BatchSheetRow[]> {
      const r = await db.execute(
        sql`select p.id as "paperId", p.kaohao, s.name, e.kaochang, c.name as "className",
          exists (select from ${scanException} x where x.paper_id = p.id and x.type in ('kaohao', 'kaohaoRepeat')
            and x.resolved) as trusted,
          exists (select from ${scanException} x where x.paper_id = p.id and x.type in ('kaohao', 'kaohaoRepeat')
            and (not x.resolved or x.detail ? 'room' or x.detail ? 'seat')) as raised,
          exists (select from ${scanException} x where x.paper_id = p.id and x.type = 'wrongPage'
            and x.detail->>'foreign' = 'twice') as twice,
          exists (select from ${scanPage} f join ${scanPage} g on g.paper_id = f.paper_id and g.position > f.position
            where f.paper_id = p.id and f.template_page > g.template_page) as "backFirst",
          exists (select from ${scanException} x where x.paper_id = p.id and x.type = 'wrongPage'
            and x.detail->>'foreign' = 'shifted') as "shiftRaised"
        from ${paper} p
          join ${scanBatch} b on b.id = p.batch_id and b.source not in ('origin', 'online')
          left join ${examinee} e on e.id = p.examinee_id
          left join ${student} s on s.id = e.student_id
          left join ${banji} c on c.id = e.class_id
        where p.batch_id = ${batchId} and p.deleted_at is null and p.status in ('ok', 'exception')
        order by p.seq`,
      );
      return rowsOf<BatchSheetRow>(r);
    },

    /**
     * The exam's examinees of the school numbered strictly between `lo` and `hi` (of their length) with no live
     * paper of the subject: who may sit where a sheet out of its seat order was found (seat-order.ts). Few: `lo`
     * and `hi` are neighbouring sheets of one room.
     */
    async unscannedBetween(
      subjectId: number,
      schoolId: number,
      lo: string,
      hi: string,
    ): Promise<Array<{ examineeId: number; kaohao: string; name: string }>> {
      const r = await db.execute(
        sql`select e.id as "examineeId", e.kaohao, s.name
        from ${examinee} e
          join ${subject} j on j.id = ${subjectId} and j.exam_id = e.exam_id
          join ${student} s on s.id = e.student_id
        where e.school_id = ${schoolId} and e.kaohao > ${lo} and e.kaohao < ${hi}
          and length(e.kaohao) = ${lo.length}
          and not exists (select from ${paper} p where p.subject_id = ${subjectId} and p.examinee_id = e.id
            and p.deleted_at is null)
        order by e.kaohao
        limit 20`,
      );
      return rowsOf(r);
    },

    /**
     * The live papers of the examinees just before and just after `kaohao` in the school's list who have one (the
     * sheets lying either side of it in a pile in exam-number order), other than `paperId`. Two index walks of
     * examinee_exam_kaohao_uq, whatever the exam's size.
     */
    async kaohaoNeighbours(
      subjectId: number,
      schoolId: number,
      kaohao: string,
      paperId: number,
    ): Promise<Array<{ paperId: number; batchId: number; kaohao: string; before: boolean }>> {
      const side = (before: boolean) => sql`(select p.id as "paperId", p.batch_id as "batchId", e.kaohao,
          ${before ? sql`true` : sql`false`} as "before"
        from ${examinee} e
          join ${paper} p on p.subject_id = ${subjectId} and p.examinee_id = e.id and p.deleted_at is null
        where e.exam_id = (select exam_id from ${subject} where id = ${subjectId}) and e.school_id = ${schoolId}
          and length(e.kaohao) = ${kaohao.length} and p.id <> ${paperId}
          and ${before ? sql`e.kaohao < ${kaohao}` : sql`e.kaohao > ${kaohao}`}
        order by e.kaohao ${before ? sql`desc` : sql`asc`}
        limit 1)`;
      return rowsOf(await db.execute(sql`${side(true)} union all ${side(false)}`));
    },

    /**
     * The live paper right after `after` and right before `before` in its own batch, by place (null: none, the
     * batch's end), in one statement: whether the sheets either side of a gap in a pile lie side by side.
     */
    async besidePapers(o: {
      after: number | null;
      before: number | null;
    }): Promise<{ afterIt: number | null; beforeIt: number | null }> {
      const next = (id: number | null, after: boolean) =>
        id === null
          ? sql`null::int`
          : sql`(select q.id from ${paper} p join ${paper} q on q.batch_id = p.batch_id and q.deleted_at is null
              and ${after ? sql`q.seq > p.seq` : sql`q.seq < p.seq`}
              where p.id = ${id} order by q.seq ${after ? sql`asc` : sql`desc`} limit 1)`;
      const [row] = rowsOf<{ afterIt: number | null; beforeIt: number | null }>(
        await db.execute(
          sql`select ${next(o.after, true)} as "afterIt", ${next(o.before, false)} as "beforeIt"`,
        ),
      );
      return row ?? { afterIt: null, beforeIt: null };
    },

    /** Whether a page already carries an open exception naming the other paper it was found in (one sheet twice). */
    async twiceRaised(at: { paperId: number; pageId: number }, otherPaperId: number): Promise<boolean> {
      const [row] = await db
        .select({ id: scanException.id })
        .from(scanException)
        .where(
          and(
            eq(scanException.paperId, at.paperId),
            eq(scanException.pageId, at.pageId),
            eq(scanException.resolved, false),
            sql`${scanException.detail}->>'otherPaperId' = ${String(otherPaperId)}`,
          ),
        )
        .limit(1);
      return !!row;
    },

    /** The first page of each paper (where an exception of the whole paper points), by paper. */
    async firstPages(paperIds: number[]): Promise<Map<number, number>> {
      if (!paperIds.length) return new Map();
      const rows = await db
        .selectDistinctOn([scanPage.paperId], { paperId: scanPage.paperId, id: scanPage.id })
        .from(scanPage)
        .where(inArray(scanPage.paperId, paperIds))
        .orderBy(scanPage.paperId, asc(scanPage.position));
      return new Map(rows.map((x) => [x.paperId!, x.id]));
    },

    /** Papers a check raised an exception on: no longer 'ok' (a paper set aside or pending is left as it is). */
    async markException(paperIds: number[]): Promise<void> {
      if (!paperIds.length) return;
      await db
        .update(paper)
        .set({ status: 'exception' })
        .where(and(inArray(paper.id, paperIds), inArray(paper.status, ['ok', 'exception'])));
    },

    /** Papers still waiting for recognition (re-queued at start-up: a crash loses no acknowledged page). */
    pendingPapers: (limit: number): Promise<Array<{ id: number }>> =>
      db
        .select({ id: paper.id })
        .from(paper)
        .where(and(eq(paper.status, 'pending'), isNull(paper.deletedAt)))
        .orderBy(asc(paper.id))
        .limit(limit),
  };
}
export type ScanRepo = ReturnType<typeof scanRepo>;
