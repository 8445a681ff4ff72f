import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRng, orderlyStudent, randomAnswers, simulateSheet, typicalCard } from '@yj/scan-sim';
import { auditLog, paper } from '../../../db/schema';
import { body, testApp, type Client, type TestApp } from '../../../../test/app';
import { postScans } from '../../../../test/multipart';
import { buildScanScene, scanExceptions, untilRecognised } from '../../../../test/scan';

// 空白页 in bulk (kinds/page.ts blanks): blank sheets scanned with the rest — the backs of one-sided cards on a
// two-sided scan, separator sheets — each became a paper waiting on a 空白页, one click each. The bulk fix sets
// aside the papers of blank pages only; a blank page beside a read one (a page missing from a sheet) stays.

let t: TestApp;
let admin: Client;
let subjectId: number;
const card = typicalCard();
const K = ['20260001', '20260002'];

const blankPage = async (seed: number) =>
  (
    await simulateSheet(card, 1, randomAnswers(card.pages[1]!, createRng(seed), 'clean'), {
      seed,
      difficulty: 'clean',
      blank: true,
    })
  ).jpeg;

async function upload(pages: Buffer[]) {
  const files = pages.map((data, i) => ({ name: `${i}.jpg`, data }));
  const b = body<{ batchId: number }>(await postScans(t.app, admin.cookie, subjectId, files));
  expect(b.code, b.message).toBe(0);
  await untilRecognised(t.database.db, subjectId);
  return t.database.db.select().from(paper).where(eq(paper.batchId, b.data.batchId)).orderBy(paper.seq);
}
const openBlanks = () => scanExceptions(admin, subjectId, { type: 'blank', resolved: false, size: 50 });
const blanks = (batchId?: number) =>
  admin.post(`/filter/api/subject/${subjectId}/scan/fix/blanks`, batchId ? { batchId } : {});

beforeAll(async () => {
  t = await testApp();
  const opts = { name: '空白页处理考试', course: '语文', fullScore: 150 };
  ({ admin, subjectId } = await buildScanScene(t, card, opts, K));
}, 60_000);

afterAll(async () => {
  await t?.close();
});

describe('setting aside blank papers in bulk', () => {
  it('sets aside the papers of blank pages only, and leaves a blank page beside a read one', async () => {
    const a = await orderlyStudent(card, 600, K[0]!);
    const b = await orderlyStudent(card, 610, K[1]!);
    // A's sheet, two separator sheets, B's front with a blank where its back should be
    const papers = await upload([
      a.front.jpeg,
      a.back.jpeg,
      await blankPage(1),
      await blankPage(2),
      await blankPage(3),
      await blankPage(4),
      b.front.jpeg,
      await blankPage(5),
    ]);
    expect(papers.map((p) => p.status)).toEqual(['ok', 'exception', 'exception', 'exception']);
    expect(await openBlanks()).toHaveLength(5);

    const r = body<{ papers: number[]; resolved: number }>(await blanks());
    expect(r.code, r.message).toBe(0);
    expect(r.data).toMatchObject({ papers: [papers[1]!.id, papers[2]!.id], resolved: 4 });
    const after = await t.database.db
      .select()
      .from(paper)
      .where(eq(paper.subjectId, subjectId))
      .orderBy(paper.seq);
    expect(after.map((p) => p.status)).toEqual(['ok', 'setAside', 'setAside', 'exception']);
    // kept, never deleted: the rows stay, marked as taken out
    expect(after.filter((p) => p.deletedAt !== null).map((p) => p.id)).toEqual([
      papers[1]!.id,
      papers[2]!.id,
    ]);
    const left = await openBlanks();
    expect(left.map((x) => x.paperId)).toEqual([papers[3]!.id]);
    const audit = await t.database.db.select().from(auditLog).where(eq(auditLog.action, 'scan.fix.blanks'));
    expect(audit).toHaveLength(1);
  }, 180_000);

  it('answers nothing settled when no paper is blank only, and keeps to the batch it is given', async () => {
    const none = body<{ papers: number[]; resolved: number }>(await blanks());
    expect(none.data).toMatchObject({ papers: [], resolved: 0 });
    const papers = await upload([await blankPage(6), await blankPage(7)]);
    const other = body<{ papers: number[] }>(await blanks(papers[0]!.batchId + 1));
    expect(other.data.papers).toEqual([]);
    const own = body<{ papers: number[] }>(await blanks(papers[0]!.batchId));
    expect(own.data.papers).toEqual([papers[0]!.id]);
  }, 180_000);
});
