import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ScanExceptionProgress } from '@yj/contracts';
import { orderlyStudent, typicalCard, type FeedFaults } from '@yj/scan-sim';
import { body, testApp, type Client, type TestApp } from '../../../../test/app';
import { buildScanScene, scanExceptions, uploadFed, uploadScanned } from '../../../../test/scan';

// The pages of a pile as a sheet-fed scanner sends them (scan-sim scannerFeed), faults included: an upload is cut
// into papers by the card's page count, so a one-sided scan of two-sided cards puts two students' fronts in
// each paper (paper-pages.ts).

let t: TestApp;
let admin: Client;
let subjectId: number;
let ids: Record<string, number>;
const card = typicalCard();
const K = Array.from({ length: 12 }, (_, i) => `2026${String(i + 1).padStart(4, '0')}`);

const pileOf = (ks: string[], seed: number) =>
  Promise.all(ks.map((k, i) => orderlyStudent(card, seed + 10 * i, k)));
const upload = (pile: Awaited<ReturnType<typeof pileOf>>, faults: FeedFaults) =>
  uploadFed(t, admin, subjectId, pile, faults);
const uploadPages = (pages: Array<{ jpeg: Buffer }>) => uploadScanned(t, admin, subjectId, pages);

const batches = async () =>
  body<ScanExceptionProgress>(await admin.get(`/filter/api/subject/${subjectId}/scanExceptionProgress`)).data
    .batches;

beforeAll(async () => {
  t = await testApp();
  const opts = { name: '扫描仪进纸考试', course: '数学', fullScore: 150 };
  ({ admin, subjectId, ids } = await buildScanScene(t, card, opts, K));
}, 60_000);

afterAll(async () => {
  await t?.close();
});

describe('two-sided cards scanned one-sided', () => {
  let raised: Awaited<ReturnType<typeof scanExceptions>>;

  it('raises every paper of two fronts, gives it to no one and keeps the second student’s answers out', async () => {
    const pile = await pileOf(K.slice(0, 4), 300);
    const papers = await upload(pile, { simplex: true });
    expect(papers).toHaveLength(2);
    raised = await scanExceptions(admin, subjectId, { type: 'wrongPage', size: 50 });
    expect(raised).toHaveLength(2);
    for (const [i, p] of papers.entries()) {
      expect(p).toMatchObject({ status: 'exception', examineeId: null, kaohao: K[2 * i] });
      const x = raised.find((e) => e.paperId === p.id)!;
      expect(x.reason).toContain('第 2 张图与第 1 张图都是答题卡第 1 页');
      expect(x.reason).toContain('单面扫描');
      // the answers are the first front's only: the second front's no longer overwrite them
      const truth = pile[2 * i]!.front.truth.answers.objective;
      for (const [q, v] of Object.entries(truth)) expect(p.objective?.[q], q).toEqual(v);
    }
    expect(raised.map((x) => x.detail)).toEqual([{ foreign: 'twice' }, { foreign: 'twice' }]);
    // the batch list counts them, for the notice asking the person at the scanner for a two-sided scan
    expect((await batches()).map((b) => b.foreign)).toEqual([2]);
  }, 180_000);

  it('takes the papers out with 重扫, and the pile scanned two-sided reads each student as their own', async () => {
    for (const x of raised) {
      const r = body(
        await admin.post(`/filter/api/subject/${subjectId}/scan/fix/rescan`, { exceptionId: x.id }),
      );
      expect(r.code, r.message).toBe(0);
    }
    const papers = await upload(await pileOf(K.slice(0, 4), 400), {});
    expect(papers.map((p) => [p.status, p.examineeId])).toEqual(K.slice(0, 4).map((k) => ['ok', ids[k]]));
    expect(await scanExceptions(admin, subjectId, { resolved: false, size: 50 })).toEqual([]);
    expect((await batches()).map((b) => b.foreign)).toEqual([0, 0]);
  }, 180_000);
});

describe('a sheet lying the other way round in the pile', () => {
  it('is read as its student’s, back first, with nothing raised', async () => {
    const papers = await upload(await pileOf(K.slice(4, 8), 500), { flipped: [1, 2] });
    expect(papers.map((p) => [p.status, p.examineeId])).toEqual(K.slice(4, 8).map((k) => ['ok', ids[k]]));
    expect(await scanExceptions(admin, subjectId, { resolved: false, size: 50 })).toEqual([]);
  }, 180_000);
});

describe('a scan stopped between a sheet’s two sides, fed again from that sheet', () => {
  it('raises every paper the lone front shifted by one page, not only the paper holding it', async () => {
    const [a, b, c, d] = await pileOf(K.slice(8, 12), 600);
    const again = await orderlyStudent(card, 610, K[9]!, { rescan: 6_100 });
    // what a scanner writing to a folder hands on: b's front kept alone, then b again, c and d (d's back to come)
    const pages = [a!.front, a!.back, b!.front, again.front, again.back, c!.front, c!.back, d!.front];
    const papers = await uploadPages(pages);
    expect(papers.map((p) => p.status)).toEqual(['ok', 'exception', 'exception', 'exception']);
    const raised = await scanExceptions(admin, subjectId, { type: 'wrongPage', resolved: false, size: 50 });
    const kinds = (paperId: number) =>
      raised.filter((x) => x.paperId === paperId).map((x) => (x.detail as { foreign?: string }).foreign);
    expect(kinds(papers[1]!.id)).toEqual(['twice']);
    // b's back with c's front, c's back with d's front: each read as c's and d's before
    for (const p of papers.slice(2)) expect(kinds(p.id)).toEqual(['shifted']);
    expect(raised.find((x) => x.paperId === papers[2]!.id)!.reason).toContain(
      '上一张纸的背面配下一张纸的正面',
    );
    // the upload notice asking for a two-sided scan counts the page met twice, not the shifted papers
    expect((await batches()).find((b) => b.batchId === papers[0]!.batchId)!.foreign).toBe(1);
  }, 180_000);
});
