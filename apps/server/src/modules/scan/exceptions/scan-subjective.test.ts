import { and, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ScanExceptionDetail, StudentPaperView } from '@yj/contracts';
import { pageFields } from '@yj/omr';
import { blacken, orderlyStudent, typicalCard } from '@yj/scan-sim';
import { auditLog, paper, scanPage } from '../../../db/schema';
import { body, testApp, type TestApp, type Client } from '../../../../test/app';
import { postScans } from '../../../../test/multipart';
import { buildScanScene, scanExceptionCounts, scanExceptions, untilRecognised } from '../../../../test/scan';

// 主观题异常 (issue 6): a 打分栏 that cannot be read is settled by typing the score (within the question's
// full score and step); an answer box the image does not show whole is accepted as it is or rescanned.

let t: TestApp;
let admin: Client;
let examId: number;
let subjectId: number;
const card = typicalCard();
const back = card.pages[1]!;
const strip = back.scoreBoxes[0]!;
const digits = pageFields(back).scores[0]!.fields;
const K = ['20260001', '20260002', '20260003'];
let ids: Record<string, number>;

/** A student's two clean pages; `score` is what the teacher marked on the strip; `damage` edits the back scan. */
async function sheet(seed: number, kaohao: string, score: number, damage?: 'strip' | 'box') {
  const { front, back: s } = await orderlyStudent(card, seed, kaohao, {
    back: (b) => (b.scores[strip.name] = score),
  });
  const rects =
    damage === 'strip' ? [digits[1]!.bubbles[8]!.rect] : damage === 'box' ? [back.subjective[1]!.rect] : [];
  return [front.jpeg, rects.length ? await blacken(s.jpeg, rects, s.truth.transform) : s.jpeg];
}

const recognised = () => untilRecognised(t.database.db, subjectId);

const open = () => scanExceptions(admin, subjectId, { type: 'subjective', resolved: false, size: 50 });
const detail = async (id: number) =>
  body<ScanExceptionDetail>(await admin.get(`/filter/api/subject/${subjectId}/scan/exception/${id}`)).data;
const counts = () => scanExceptionCounts(admin, subjectId);
const fix = (name: string, b: object) =>
  admin.post(`/filter/api/subject/${subjectId}/scan/fix/${name}`, b).then((r) => body(r));
const paperOf = async (kaohao: string) =>
  (await t.database.db.select().from(paper).where(eq(paper.examineeId, ids[kaohao]!)))[0]!;

beforeAll(async () => {
  t = await testApp();
  const opts = { name: '先阅后扫考试', course: '物理', fullScore: 100 };
  ({ admin, examId, subjectId, ids } = await buildScanScene(t, card, opts, K));
  const saved = await admin.post(`/filter/api/api/subject/${subjectId}/setting/questions/subjective`, {
    questions: [
      { no: '48', score: 15, step: 0.5 },
      { no: '49', score: 20, step: 1 },
    ],
  });
  expect(body(saved).code).toBe(0);
  const pages = [
    ...(await sheet(300, K[0]!, 12)),
    ...(await sheet(310, K[1]!, 4, 'strip')),
    ...(await sheet(320, K[2]!, 7, 'box')),
  ];
  const files = pages.map((data, i) => ({ name: `${i + 1}.jpg`, data }));
  const res = await postScans(t.app, admin.cookie, subjectId, files);
  expect(body(res).code, body(res).message).toBe(0);
  await recognised();
}, 180_000);

afterAll(async () => {
  await t?.close();
});

describe('主观题异常', () => {
  it('keeps a clean strip as the paper score and raises the two planted problems under 主观题', async () => {
    expect((await paperOf(K[0]!)).scores).toEqual({ [strip.name]: { question: '48', value: 12 } });
    const c = await counts();
    expect(c).toMatchObject({ subExp: 2, objExp: 0, locationExp: 0, kaohaoExp: 0 });
    expect(c.riskItems.subjective).toBe(2);
    const list = await open();
    expect(list.map((e) => e.reason).sort()).toEqual([
      '主观题区域大面积涂黑或被遮挡，请检查图像',
      '打分栏填涂不清或多涂',
    ]);
  });

  it('shows a strip doubt with every digit bubble and its fill, and the score rule from the structure', async () => {
    const e = (await open()).find((x) => x.region === strip.name)!;
    const d = await detail(e.id);
    expect(d.score).toEqual({ question: '48', max: 15, step: 0.5, read: null });
    expect(d.options).toEqual([]);
    expect(d.highlight?.bubbles.map((b) => b.label)).toEqual(
      digits.flatMap((f) => f.bubbles.map((b) => b.label)),
    );
    // the 4 the teacher meant and the 8 added after are both dark
    const fill = (label: string) => d.highlight!.bubbles.filter((b) => b.label === label).at(-1)!.fill!;
    expect(fill('4')).toBeGreaterThan(0.45);
    expect(fill('8')).toBeGreaterThan(0.45);
  });

  it('refuses a score over the full score or off its step, then keeps the typed score, audited', async () => {
    const e = (await open()).find((x) => x.region === strip.name)!;
    expect((await fix('accept', { exceptionId: e.id })).message).toBe('打分栏异常请录入分数');
    expect((await fix('score', { exceptionId: e.id, score: 16 })).message).toBe(
      '第48题满分 15 分，输入的分数超过满分',
    );
    expect((await fix('score', { exceptionId: e.id, score: 4.25 })).message).toContain('0.5 的倍数');
    expect((await fix('score', { exceptionId: e.id, score: -1 })).message).toContain('不能小于 0');
    const res = await fix('score', { exceptionId: e.id, score: 4 });
    expect(res.code, res.message).toBe(0);
    const p = await paperOf(K[1]!);
    expect(p.scores[strip.name]).toEqual({ question: '48', value: 4, manual: true });
    expect(p.status).toBe('ok');
    const [page] = await t.database.db.select().from(scanPage).where(eq(scanPage.id, e.pageId!));
    const stored = (page!.result as { scores: Array<{ name: string; value: number; manual?: boolean }> })
      .scores;
    expect(stored.find((x) => x.name === strip.name)).toMatchObject({ value: 4, manual: true });
    const [log] = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.examId, examId), like(auditLog.action, 'scan.fix.score')));
    expect(log?.detail).toMatchObject({ before: { score: null }, after: { score: 4 }, region: strip.name });
    const view = body<StudentPaperView>(
      await admin.get(`/filter/api/subject/${subjectId}/scan/view/student/paper?examineeId=${ids[K[1]!]}`),
    ).data;
    expect(view.paper?.scores[strip.name]?.value).toBe(4);
  });

  it('accepts a covered answer box a person judged markable; the paper is then in order', async () => {
    const [e] = await open();
    expect(e!.region).toBe(back.subjective[1]!.name);
    const d = await detail(e!.id);
    expect(d.score).toBeNull();
    expect(d.highlight?.box.w).toBeGreaterThan(500);
    expect((await fix('score', { exceptionId: e!.id, score: 3 })).message).toBe(
      '这条主观题异常不是打分栏，不能录入分数',
    );
    const res = await fix('accept', { exceptionId: e!.id });
    expect(res.code, res.message).toBe(0);
    expect((await paperOf(K[2]!)).status).toBe('ok');
    expect((await counts()).subExp).toBe(0);
    expect((await fix('accept', { exceptionId: e!.id })).message).toBe('该异常已处理，请刷新');
  });
});
