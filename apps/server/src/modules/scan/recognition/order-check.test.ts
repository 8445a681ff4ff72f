import { eq, type SQL } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ScanExceptionDetail, ScanExceptionItem } from '@yj/contracts';
import { typicalCard } from '@yj/scan-sim';
import { paper, scanBatch } from '../../../db/schema';
import { body, testApp, type Client, type TestApp } from '../../../../test/app';
import { scanRepo } from '../scan.repo';
import {
  buildScanScene,
  kaohaoRange,
  scanExceptions,
  seatInRooms,
  untilRecognised,
  uploadOrderly,
} from '../../../../test/scan';

// A sheet whose writer filled another student's exam number: that student is absent, so the exam-number list has
// nothing against it. Its batch is room 03's, in order, and it alone is room 05's (room-order.ts); or its batch is
// room 04's in seat order and it is found in its writer's seat (seat-order.ts).

let t: TestApp;
let admin: Client;
let subjectId: number;
let schoolId: number;
let ids: Record<string, number>;
const card = typicalCard();
/** K[0..11] sit in room 03, K[12] and K[13] in room 05; K[13] is absent */
const K = kaohaoRange(1, 14);
/** in room 07 */
const L = kaohaoRange(101, 11);
/** room 04, seats 21–34; M[13] (20260034) is absent */
const M = kaohaoRange(21, 14);
/** room 06, seats 41–52 */
const N = kaohaoRange(41, 12);
/** scanned in this order: K[6] wrote K[13]'s number */
const SCANNED = [...K.slice(0, 6), K[13]!, ...K.slice(7, 12)];

const recognised = () => untilRecognised(t.database.db, subjectId);
const kaohaoExceptions = (resolved = false) =>
  scanExceptions(admin, subjectId, { type: 'kaohao', resolved, size: 50 });

const upload = (kaohaos: string[], seed: number) => uploadOrderly(t, admin, subjectId, card, kaohaos, seed);

beforeAll(async () => {
  t = await testApp();
  const opts = { name: '考场顺序考试', course: '数学', fullScore: 150 };
  ({ admin, subjectId, schoolId, ids } = await buildScanScene(t, card, opts, [...K, ...L, ...M, ...N]));
  const rooms = { '03': K.slice(0, 12), '04': M, '05': K.slice(12), '06': N, '07': L };
  await seatInRooms(t.database.db, ids, rooms);
}, 60_000);

afterAll(async () => {
  await t?.close();
});

describe('a sheet alone among another room’s sheets', () => {
  let batchId: number;
  let raised: ScanExceptionItem;

  it('is raised as a 考号 exception naming both rooms; the rest of the batch reads as it did', async () => {
    batchId = await upload(SCANNED, 500);
    const open = await kaohaoExceptions();
    expect(open).toHaveLength(1);
    raised = open[0]!;
    expect(raised.kaohao).toBe(K[13]);
    expect(raised.reason).toContain('属考场 05，本批前后的答卷都属考场 03');
    expect(raised.detail).toMatchObject({ kaohao: K[13], room: { by: 'kaochang', of: '05', around: '03' } });
    const rows = await t.database.db.select().from(paper).where(eq(paper.batchId, batchId));
    expect(rows.find((x) => x.id === raised.paperId)?.status).toBe('exception');
    expect(rows.filter((x) => x.status === 'ok')).toHaveLength(11);
    const [batch] = await t.database.db.select().from(scanBatch).where(eq(scanBatch.id, batchId));
    expect(batch?.state).toBe('done');
  }, 180_000);

  it('shows its page with the 考号 region and the examinee it was read as', async () => {
    const d = body<ScanExceptionDetail>(
      await admin.get(`/filter/api/subject/${subjectId}/scan/exception/${raised.id}`),
    ).data;
    expect(d.paper?.examineeId).toBe(ids[K[13]!]);
    expect(d.exception.pageId).toBe(d.paper?.pages[0]?.id);
    expect(d.highlight?.box.w).toBeGreaterThan(0);
  });

  it('is settled by giving the sheet to its writer, who then counts as scanned', async () => {
    const r = body(
      await admin.post(`/filter/api/subject/${subjectId}/scan/fix/assign`, {
        exceptionId: raised.id,
        examineeId: ids[K[6]!],
      }),
    );
    expect(r.code, r.message).toBe(0);
    expect(await kaohaoExceptions()).toHaveLength(0);
    const [p] = await t.database.db.select().from(paper).where(eq(paper.id, raised.paperId!));
    expect(p).toMatchObject({ examineeId: ids[K[6]!], kaohao: K[6], status: 'ok' });
  });

  it('is not raised again when the batch is recognised again', async () => {
    const r = body(await admin.post(`/filter/api/subject/${subjectId}/scan/fix/rerecognise`, { batchId }));
    expect(r.code, r.message).toBe(0);
    await recognised();
    expect(await kaohaoExceptions()).toHaveLength(0);
    expect(await kaohaoExceptions(true)).toHaveLength(1);
  }, 180_000);
});

describe('a sheet a person confirms as the number’s own', () => {
  it('stays with its examinee once confirmed, and is not raised again', async () => {
    // room 07's batch with K[12]'s sheet among them: K[12] did sit in room 07 that day
    const batchId = await upload([...L.slice(0, 6), K[12]!, ...L.slice(6)], 700);
    const [raised] = (await kaohaoExceptions()).filter((x) => x.batchId === batchId);
    expect(raised?.detail).toMatchObject({ room: { of: '05', around: '07' } });
    const r = body(
      await admin.post(`/filter/api/subject/${subjectId}/scan/fix/assign`, {
        exceptionId: raised!.id,
        examineeId: ids[K[12]!],
      }),
    );
    expect(r.code, r.message).toBe(0);
    const again = body(
      await admin.post(`/filter/api/subject/${subjectId}/scan/fix/rerecognise`, { batchId }),
    );
    expect(again.code, again.message).toBe(0);
    await recognised();
    expect(await kaohaoExceptions()).toHaveLength(0);
    const [p] = await t.database.db.select().from(paper).where(eq(paper.id, raised!.paperId!));
    expect(p).toMatchObject({ examineeId: ids[K[12]!], status: 'ok' });
  }, 240_000);
});

describe('a sheet out of its room’s seat order, one digit from a roommate without a sheet', () => {
  let batchId: number;
  let raised: ScanExceptionItem;

  it('is raised as a 考号 exception naming the place and the likely writer', async () => {
    // M[3] (20260024) filled 20260034: read as the absent M[13], found between M[2] and M[4]
    batchId = await upload([...M.slice(0, 3), M[13]!, ...M.slice(4, 13)], 1500);
    const open = (await kaohaoExceptions()).filter((x) => x.batchId === batchId);
    expect(open).toHaveLength(1);
    raised = open[0]!;
    expect(raised.kaohao).toBe(M[13]);
    expect(raised.reason).toContain(`夹在本批 ${M[2]} 与 ${M[4]} 之间，而那里的 ${M[3]}（`);
    expect(raised.detail).toMatchObject({
      kaohao: M[13],
      seat: { before: M[2], after: M[4], likely: [{ examineeId: ids[M[3]!], kaohao: M[3] }] },
    });
    const rows = await t.database.db.select().from(paper).where(eq(paper.batchId, batchId));
    expect(rows.find((x) => x.id === raised.paperId)?.status).toBe('exception');
    expect(rows.filter((x) => x.status === 'ok')).toHaveLength(12);
    const d = body<ScanExceptionDetail>(
      await admin.get(`/filter/api/subject/${subjectId}/scan/exception/${raised.id}`),
    ).data;
    expect(d.paper?.examineeId).toBe(ids[M[13]!]);
  }, 180_000);

  it('is settled by giving it to the likely writer, and not raised again when recognised again', async () => {
    const r = body(
      await admin.post(`/filter/api/subject/${subjectId}/scan/fix/assign`, {
        exceptionId: raised.id,
        examineeId: ids[M[3]!],
      }),
    );
    expect(r.code, r.message).toBe(0);
    const [p] = await t.database.db.select().from(paper).where(eq(paper.id, raised.paperId!));
    expect(p).toMatchObject({ examineeId: ids[M[3]!], kaohao: M[3], status: 'ok' });
    const again = body(
      await admin.post(`/filter/api/subject/${subjectId}/scan/fix/rerecognise`, { batchId }),
    );
    expect(again.code, again.message).toBe(0);
    await recognised();
    expect((await kaohaoExceptions()).filter((x) => x.batchId === batchId)).toHaveLength(0);
    expect((await kaohaoExceptions(true)).filter((x) => x.batchId === batchId)).toHaveLength(1);
  }, 240_000);
});

describe('a sheet out of seat order that no slip explains', () => {
  it('is not raised: a late sheet put back in the wrong place is no wrong number', async () => {
    // N[10]'s sheet handed in late and laid between N[2] and N[3]: no roommate without a sheet sits there
    const order = [...N.slice(0, 3), N[10]!, ...N.slice(3, 10), N[11]!];
    await upload(order, 1700);
    expect((await kaohaoExceptions()).filter((x) => N.includes(x.kaohao ?? ''))).toHaveLength(0);
  }, 180_000);
});

describe('the last paper of a batch', () => {
  it('is known as the last even when two papers finish together, and closes the batch', async () => {
    const db = t.database.db;
    const [b] = await db
      .insert(scanBatch)
      .values({ subjectId, schoolId, fileCount: 4, pageCount: 4 })
      .returning();
    const papers = await db
      .insert(paper)
      .values([0, 1].map((seq) => ({ subjectId, schoolId, batchId: b!.id, seq })))
      .returning();
    // Each finishing transaction waits, after writing its paper, until both have written theirs (or a second has
    // passed: one of them may be held at its lock), then closes the batch and commits. Were the two not kept
    // apart, each would see the other's paper pending and neither would close the batch.
    let arrived = 0;
    let open!: () => void;
    const bothWritten = new Promise<void>((r) => (open = r));
    setTimeout(() => open(), 1000);
    const finish = (id: number) =>
      db.transaction(async (tx) => {
        const r = scanRepo(tx);
        const run = (q: SQL) => tx.execute(q);
        await r.lockPaperVia(run, id);
        const last = await r.finishPaper(id, { status: 'ok' });
        if (++arrived === 2) open();
        await bothWritten;
        await r.closeBatchIfLast(run, b!.id, last);
        return last;
      });
    const lasts = await Promise.all(papers.map((x) => finish(x.id)));
    expect(lasts.filter(Boolean)).toHaveLength(1);
    const [after] = await db.select().from(scanBatch).where(eq(scanBatch.id, b!.id));
    expect(after?.state).toBe('done');
  });
});
