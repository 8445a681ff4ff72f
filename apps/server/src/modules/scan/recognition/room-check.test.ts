import { eq, inArray, type SQL } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ScanExceptionDetail, ScanExceptionItem } from '@yj/contracts';
import { orderlyStudent, typicalCard } from '@yj/scan-sim';
import { examinee, paper, scanBatch } from '../../../db/schema';
import { body, testApp, type Client, type TestApp } from '../../../../test/app';
import { scanRepo } from '../scan.repo';
import { postScans } from '../../../../test/multipart';
import { buildScanScene, scanExceptions, untilRecognised } from '../../../../test/scan';

// A sheet whose writer filled another student's exam number (room-order.ts): that student is absent, so the
// exam-number list has nothing against it; its batch is room 03's, in order, and it alone is room 05's.

let t: TestApp;
let admin: Client;
let subjectId: number;
let schoolId: number;
let ids: Record<string, number>;
const card = typicalCard();
const numbers = (from: number, n: number) =>
  Array.from({ length: n }, (_, i) => `2026${String(from + i).padStart(4, '0')}`);
/** K[0..11] sit in room 03, K[12] and K[13] in room 05; K[13] is absent */
const K = numbers(1, 14);
/** in room 07 */
const L = numbers(101, 11);
/** scanned in this order: K[6] wrote K[13]'s number */
const SCANNED = [...K.slice(0, 6), K[13]!, ...K.slice(7, 12)];

const recognised = () => untilRecognised(t.database.db, subjectId);
const kaohaoExceptions = (resolved = false) =>
  scanExceptions(admin, subjectId, { type: 'kaohao', resolved, size: 50 });

async function upload(kaohaos: string[], seed: number) {
  const files = [];
  for (const [i, k] of kaohaos.entries()) {
    const s = await orderlyStudent(card, seed + 10 * i, k);
    files.push({ name: `${i}-1.jpg`, data: s.front.jpeg }, { name: `${i}-2.jpg`, data: s.back.jpeg });
  }
  const b = body<{ batchId: number }>(await postScans(t.app, admin.cookie, subjectId, files));
  expect(b.code, b.message).toBe(0);
  await recognised();
  return b.data.batchId;
}

beforeAll(async () => {
  t = await testApp();
  const opts = { name: '考场顺序考试', course: '数学', fullScore: 150 };
  ({ admin, subjectId, schoolId, ids } = await buildScanScene(t, card, opts, [...K, ...L]));
  const room = (ks: string[], kaochang: string) =>
    t.database.db
      .update(examinee)
      .set({ kaochang })
      .where(
        inArray(
          examinee.id,
          ks.map((k) => ids[k]!),
        ),
      );
  await room(K.slice(0, 12), '03');
  await room(K.slice(12), '05');
  await room(L, '07');
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
