import { and, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orderlyStudent, typicalCard } from '@yj/scan-sim';
import type { ScanExceptionProgress } from '@yj/contracts';
import { auditLog, block, markTask, paper, score } from '../../../db/schema';
import { body, testApp, type Client, type TestApp } from '../../../../test/app';
import { postScans } from '../../../../test/multipart';
import { buildScanScene, untilRecognised } from '../../../../test/scan';

// 作废本批次 (batch-fixes.ts): a pile scanned wrong is scanned again as a whole. Every live paper of the batch is set
// aside (kept), the students it had matched go back to 未扫, the batch stops taking pages; a batch a marker has
// had a paper of is refused, whole.

let t: TestApp;
let admin: Client;
let subjectId: number;
let ids: Record<string, number>;
const card = typicalCard();
const K = ['20260001', '20260002', '20260003'];

async function upload(kaohaos: string[], seed: number, fields: Record<string, string> = {}) {
  const pages: Buffer[] = [];
  for (const [i, k] of kaohaos.entries()) {
    const s = await orderlyStudent(card, seed + 10 * i, k);
    pages.push(s.front.jpeg, s.back.jpeg);
  }
  const files = pages.map((data, i) => ({ name: `${i}.jpg`, data }));
  return body<{ batchId: number; pages: number; duplicates: number }>(
    await postScans(t.app, admin.cookie, subjectId, files, fields),
  );
}
const voidBatch = (batchId: number) =>
  admin.post(`/filter/api/subject/${subjectId}/scan/fix/voidBatch`, { batchId });
const livePapers = (batchId: number) =>
  t.database.db
    .select()
    .from(paper)
    .where(and(eq(paper.batchId, batchId), isNull(paper.deletedAt)));
const progress = async () =>
  body<ScanExceptionProgress>(await admin.get(`/filter/api/subject/${subjectId}/scanExceptionProgress`)).data;

beforeAll(async () => {
  t = await testApp();
  const opts = { name: '作废批次考试', course: '语文', fullScore: 150 };
  ({ admin, subjectId, ids } = await buildScanScene(t, card, opts, K));
}, 60_000);

afterAll(async () => {
  await t?.close();
});

describe('作废本批次', () => {
  it('sets aside every paper of the batch, sends its students back to 未扫 and takes no more pages', async () => {
    const first = await upload([K[0]!, K[1]!], 700);
    expect(first.code, first.message).toBe(0);
    await untilRecognised(t.database.db, subjectId);
    const before = await livePapers(first.data.batchId);
    expect(before.map((p) => p.examineeId).sort()).toEqual([ids[K[0]!], ids[K[1]!]].sort());
    expect((await progress()).total).toMatchObject({ pages: 4, papers: 2, matched: 2 });
    const scored = () =>
      t.database.db
        .select()
        .from(score)
        .where(eq(score.subjectId, subjectId))
        .then((rows) => rows.filter((x) => x.paperId !== null).map((x) => x.examineeId));
    expect((await scored()).sort()).toEqual([ids[K[0]!], ids[K[1]!]].sort());

    const r = body<{ papers: number[]; resolved: number }>(await voidBatch(first.data.batchId));
    expect(r.code, r.message).toBe(0);
    expect(r.data.papers.sort()).toEqual(before.map((p) => p.id).sort());

    // kept, never deleted: the rows stay, set aside
    const after = await t.database.db.select().from(paper).where(eq(paper.batchId, first.data.batchId));
    expect(after.map((p) => p.status)).toEqual(['setAside', 'setAside']);
    expect(after.every((p) => p.deletedAt !== null)).toBe(true);
    // the students are 未扫 again: no paper, no score from it
    expect(await scored()).toEqual([]);
    const p = await progress();
    expect(p.total).toMatchObject({ pages: 0, papers: 0, matched: 0 });
    expect(p.batches[0]).toMatchObject({
      batchId: first.data.batchId,
      pages: 4,
      voidedAt: expect.any(String),
    });
    const audit = await t.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'scan.fix.voidBatch'));
    expect(audit.map((a) => a.target)).toEqual([`scan_batch:${first.data.batchId}`]);

    // once is enough, and the batch takes no more pages: the rest of the pile goes to a new batch
    expect(body(await voidBatch(first.data.batchId))).toMatchObject({ code: 1, errCode: 15061 });
    const more = await upload([K[2]!], 730, { batchId: String(first.data.batchId) });
    expect(more).toMatchObject({
      code: 1,
      errCode: 15060,
      message: '该批次已作废，不能继续上传，请重新上传',
    });
    // the same images again (into the right school, say): taken, not duplicates of the voided ones
    const again = await upload([K[0]!, K[1]!], 700);
    expect(again.code, again.message).toBe(0);
    expect(again.data).toMatchObject({ pages: 4, duplicates: 0 });
    expect(again.data.batchId).not.toBe(first.data.batchId);
    await untilRecognised(t.database.db, subjectId);
    expect((await progress()).total).toMatchObject({ pages: 4, papers: 2, matched: 2 });
  }, 180_000);

  it('refuses a batch a marker has had a paper of, and leaves it whole', async () => {
    const b = await upload([K[2]!], 760);
    expect(b.code, b.message).toBe(0);
    await untilRecognised(t.database.db, subjectId);
    const [p] = await livePapers(b.data.batchId);
    const [blk] = await t.database.db
      .insert(block)
      .values({ subjectId, name: '第13题', nos: ['13'], markCount: 1 })
      .returning();
    await t.database.db.insert(markTask).values({
      subjectId,
      blockId: blk!.id,
      paperId: p!.id,
      schoolId: p!.schoolId,
      slot: 1,
      status: 'submitted',
    });
    const r = body(await voidBatch(b.data.batchId));
    expect(r).toMatchObject({ code: 1, errCode: 15063 });
    expect(r.message).toContain('本批次已有 1 份答卷开始阅卷');
    expect(await livePapers(b.data.batchId)).toHaveLength(1);
  }, 180_000);

  it('is refused for a batch of another subject', async () => {
    const [one] = await t.database.db.select().from(paper).where(isNull(paper.deletedAt)).limit(1);
    const other = body(
      await admin.post(`/filter/api/subject/${subjectId + 999}/scan/fix/voidBatch`, {
        batchId: one!.batchId,
      }),
    );
    expect(other.code).not.toBe(0);
    expect(await livePapers(one!.batchId)).not.toHaveLength(0);
  });
});
