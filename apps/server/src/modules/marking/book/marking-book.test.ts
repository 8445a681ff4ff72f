import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import type {
  AbnormalBlock,
  BlockPaperItem,
  CardTemplate,
  MarkOrigin,
  MarkProblem,
  MyHistoryItem,
  Paged,
  PaperSearchItem,
} from '@yj/contracts';
import { scanPage, standardMark, student } from '../../../db/schema';
import { fsStorage } from '../../../infra/storage';
import { body } from '../../../../test/app';
import { setTask } from '../../../../test/marking-lead-scene';
import { withScene, leadScene } from '../../../../test/marking-fixture';
import { MASK_GREY } from '../origin/origin-mask';

// /book/history, originPicAndAnswer and the leaders' overview (check/block, blockOrStudent, abnormal).

const db = () => t.database.db;

// A 800 × 1000 page: the name written at the top left, the exam-number barcode at the top right, the answer
// of question 13 (the block's region) lower down. Identity registration: template pixels are image pixels.
const W = 800;
const H = 1000;
const NAME = { x: 40, y: 20, w: 220, h: 40 };
const BARCODE = { x: 520, y: 30, w: 220, h: 90 };
const ANSWER = { x: 60, y: 400, w: 600, h: 200 };
const card: CardTemplate = {
  id: 'origin-test',
  name: '主模板',
  pages: [
    {
      index: 0,
      width: W,
      height: H,
      dpi: 200,
      anchors: [],
      locationAreas: [],
      examNumber: { name: '考号', kind: 'code128', rect: BARCODE },
      objective: [],
      optional: [],
      subjective: [{ name: '13', question: '13', rect: ANSWER }],
      scoreBoxes: [],
    },
  ],
};

async function pageImage(): Promise<Buffer> {
  const px = Buffer.alloc(W * H, 255);
  const ink = (r: { x: number; y: number; w: number; h: number }) => {
    for (let y = r.y; y < r.y + r.h; y++) px.fill(0, y * W + r.x, y * W + r.x + r.w);
  };
  ink(NAME);
  ink(BARCODE);
  ink({ x: ANSWER.x + 20, y: ANSWER.y + 20, w: 300, h: 60 });
  return sharp(px, { raw: { width: W, height: H, channels: 1 } })
    .jpeg({ quality: 95 })
    .toBuffer();
}

/** The mean grey of a rectangle of a decoded JPEG. */
async function meanOf(jpeg: Buffer, r: { x: number; y: number; w: number; h: number }): Promise<number> {
  const { data, info } = await sharp(jpeg).greyscale().raw().toBuffer({ resolveWithObject: true });
  let sum = 0;
  for (let y = r.y; y < r.y + r.h; y++)
    for (let x = r.x; x < r.x + r.w; x++) sum += data[y * info.width + x]!;
  return sum / (r.w * r.h);
}

const { t, scene: s } = withScene(leadScene({ papers: 4 }), async () => {
  const storage = fsStorage(path.join(t.config.dataDir, 'files'));
  await storage.put('test/origin-page.jpg', await pageImage());
  const first = s.papers[0]!;
  await db()
    .update(scanPage)
    .set({
      storageKey: 'test/origin-page.jpg',
      templatePage: 0,
      result: { registration: { matrix: [1, 0, 0, 0, 1, 0, 0, 0, 1] } } as never,
    })
    .where(eq(scanPage.paperId, first));
  await db().execute(sql`update template set body = ${JSON.stringify(card)}::jsonb
    where id = (select template_id from scan_batch where id = (select batch_id from paper where id = ${first}))`);
  await db().execute(sql`update block set regions = ${JSON.stringify([{ page: 0, ...ANSWER }])}::jsonb
    where id = ${s.blockId}`);
  // markerA holds paper 0's task, submitted paper 1's; markerB submitted paper 2's; paper 3's is a 问题卷
  const lease = {
    status: 'leased',
    leaseToken: crypto.randomUUID(),
    leaseUntil: new Date(Date.now() + 600_000),
  };
  await setTask(db(), s.tasks[0]!.id, { ...lease, userId: s.markerA.id });
  // a submitted single mark of paper i (13 scored `score`, 14 none), with the block score it made
  const submitted = async (i: number, userId: number, score: number, at: string) => {
    const questionScores = { '13': score, '14': 0 };
    await setTask(db(), s.tasks[i]!.id, {
      status: 'submitted',
      userId,
      score,
      questionScores,
      submittedAt: new Date(at),
    });
    await s.addBlockScore(i, questionScores);
  };
  await submitted(1, s.markerA.id, 7, '2026-11-20T02:00:00Z');
  await submitted(2, s.markerB.id, 9, '2026-11-21T02:00:00Z');
  const problem: MarkProblem = {
    reason: 'unclear',
    note: '',
    by: s.markerB.id,
    at: new Date().toISOString(),
  };
  await setTask(db(), s.tasks[3]!.id, { status: 'problem', userId: s.markerB.id, problem });
});

describe('my history across blocks', () => {
  it('lists only my submitted marks, newest first, with the block and no student field', async () => {
    const r = body<Paged<MyHistoryItem>>(await s.markerA.c.get('/filter/api/marking/history'));
    expect(r.code).toBe(0);
    expect(r.data.total).toBe(1);
    expect(r.data.items[0]).toMatchObject({
      taskId: s.tasks[1]!.id,
      score: 7,
      blockName: '第13-14题',
      editable: true,
    });
    const text = JSON.stringify(r.data);
    expect(text).not.toContain('20260002');
    expect(text).not.toMatch(/kaohao|paperId|schoolName|className/);
  });

  it('lists a hidden 质检 paper I marked like any other (its absence would tell it apart)', async () => {
    const [m] = await db()
      .insert(standardMark)
      .values({
        kind: 'self',
        taskId: s.tasks[1]!.id,
        paperId: s.papers[1]!,
        blockId: s.blockId,
        userId: s.markerA.id,
        status: 'submitted',
        refScore: 7,
        score: 6,
        questionScores: { '13': 6, '14': 0 },
        submittedAt: new Date('2026-11-22T02:00:00Z'),
      })
      .returning();
    try {
      const r = body<Paged<MyHistoryItem>>(await s.markerA.c.get('/filter/api/marking/history'));
      expect(r.data.total).toBe(2);
      expect(r.data.items.map((i) => i.taskId)).toEqual([m!.id, s.tasks[1]!.id]);
      expect(r.data.items[0]).toMatchObject({ score: 6, blockName: '第13-14题', editable: true });
    } finally {
      await db()
        .delete(standardMark)
        .where(sql`id = ${m!.id}`);
    }
  });

  it('searches by score and time', async () => {
    const c = s.markerA.c;
    const n = async (q: string) =>
      body<Paged<MyHistoryItem>>(await c.get(`/filter/api/marking/history?${q}`)).data.total;
    expect(await n('minScore=8')).toBe(0);
    expect(await n('minScore=7&maxScore=7')).toBe(1);
    expect(await n(`from=${encodeURIComponent('2026-11-21T00:00:00Z')}`)).toBe(0);
    expect(await n(`to=${encodeURIComponent('2026-11-21T00:00:00Z')}&blockId=${s.blockId}`)).toBe(1);
    expect(body(await c.get('/filter/api/marking/history?minScore=abc')).code).toBe(1);
  });
});

describe('originPicAndAnswer', () => {
  const taskId = () => s.tasks[0]!.id;

  it('gives the holder the pages and the answers, never a student field', async () => {
    const r = body<MarkOrigin>(await s.markerA.c.get(`/filter/api/marking/task/${taskId()}/origin`));
    expect(r.code).toBe(0);
    expect(r.data.pages).toEqual([{ page: 0, imageUrl: `/filter/api/marking/task/${taskId()}/origin/0` }]);
    expect(r.data.questions.map((q) => q.no)).toEqual(['13', '14']);
    const [st] = await db()
      .select({ name: student.name })
      .from(student)
      .where(
        sql`id = (select student_id from examinee where id = (select examinee_id from paper where id = ${s.papers[0]!}))`,
      );
    const text = JSON.stringify(r.data);
    expect(text).not.toContain('20260001');
    expect(text).not.toContain(st!.name);
    expect(text).not.toMatch(/kaohao|paperId|school|className|examinee|student/i);
  });

  it('paints over the name and the exam-number barcode and leaves the answer', async () => {
    const res = await s.markerA.c.get(`/filter/api/marking/task/${taskId()}/origin/0`);
    expect(res.headers['content-type']).toBe('image/jpeg');
    const img = res.rawPayload;
    // on the original these are black (0); masked they are the mask's grey, with JPEG's error
    expect(Math.abs((await meanOf(img, NAME)) - MASK_GREY)).toBeLessThan(6);
    expect(Math.abs((await meanOf(img, BARCODE)) - MASK_GREY)).toBeLessThan(6);
    // the whole head band down to the barcode's bottom
    expect(Math.abs((await meanOf(img, { x: 0, y: 0, w: W, h: 130 })) - MASK_GREY)).toBeLessThan(6);
    expect(await meanOf(img, { x: ANSWER.x + 20, y: ANSWER.y + 20, w: 300, h: 60 })).toBeLessThan(20);
    expect(await meanOf(img, { x: 0, y: 700, w: W, h: 200 })).toBeGreaterThan(245);
    // served again from storage, the same bytes
    const again = await s.markerA.c.get(`/filter/api/marking/task/${taskId()}/origin/0`);
    expect(Buffer.compare(again.rawPayload, img)).toBe(0);
  });

  it('answers a 标准卷 of 质检 like any paper to the marker it was given to (it must not stand out)', async () => {
    const [sp] = await s.addStandards([0], { '13': 5, '14': 3 });
    const [m] = await db()
      .insert(standardMark)
      .values({
        samplePaperId: sp!.id,
        blockId: s.blockId,
        userId: s.markerB.id,
        status: 'leased',
        refScore: 8,
      })
      .returning();
    const r = body<MarkOrigin>(await s.markerB.c.get(`/filter/api/marking/task/${m!.id}/origin`));
    expect(r.data.pages).toEqual([{ page: 0, imageUrl: `/filter/api/marking/task/${m!.id}/origin/0` }]);
    const img = await s.markerB.c.get(`/filter/api/marking/task/${m!.id}/origin/0`);
    expect(Math.abs((await meanOf(img.rawPayload, BARCODE)) - MASK_GREY)).toBeLessThan(6);
    expect(body(await s.markerA.c.get(`/filter/api/marking/task/${m!.id}/origin`)).code).toBe(1);
  });

  it('refuses another marker, a page the paper does not have, and a bad page number', async () => {
    expect(body(await s.markerB.c.get(`/filter/api/marking/task/${taskId()}/origin`)).code).toBe(1);
    expect(body(await s.markerB.c.get(`/filter/api/marking/task/${taskId()}/origin/0`)).code).toBe(1);
    const missing = body(await s.markerA.c.get(`/filter/api/marking/task/${taskId()}/origin/3`));
    expect(missing).toMatchObject({ code: 1, message: '这份答题卡没有这一页' });
    expect(body(await s.markerA.c.get(`/filter/api/marking/task/${taskId()}/origin/-1`)).code).toBe(1);
    // the block's leader may look too
    expect(body<MarkOrigin>(await s.leader.c.get(`/filter/api/marking/task/${taskId()}/origin`)).code).toBe(
      0,
    );
  });
});

describe('overview for leaders and managers', () => {
  it('finds a student paper by 考号 or name, for the leader and the manager, not for a marker', async () => {
    for (const c of [s.leader.c, s.manager.c]) {
      const r = body<Paged<PaperSearchItem>>(
        await c.get(`/filter/api/subject/${s.subjectId}/marking/papers?keyword=20260003`),
      );
      expect(r.data.items).toEqual([expect.objectContaining({ paperId: s.papers[2], kaohao: '20260003' })]);
    }
    const [st] = await db()
      .select({ name: student.name })
      .from(student)
      .where(
        sql`id = (select student_id from examinee where id = (select examinee_id from paper where id = ${s.papers[1]!}))`,
      );
    const byName = body<Paged<PaperSearchItem>>(
      await s.leader.c.get(
        `/filter/api/subject/${s.subjectId}/marking/papers?keyword=${encodeURIComponent(st!.name)}`,
      ),
    );
    expect(byName.data.items.map((i) => i.paperId)).toContain(s.papers[1]);
    expect(
      body(await s.markerA.c.get(`/filter/api/subject/${s.subjectId}/marking/papers?keyword=2026`)).code,
    ).toBe(1);
    expect(
      body(await s.leader.c.get(`/filter/api/subject/${s.subjectId}/marking/papers?keyword=`)).code,
    ).toBe(1);
  });

  it("lists a block's papers with marks and markers, filtered by state, marker and score", async () => {
    const list = async (q = '') =>
      body<Paged<BlockPaperItem>>(await s.leader.c.get(`/filter/api/marking/block/${s.blockId}/papers?${q}`))
        .data;
    const all = await list();
    expect(all.total).toBe(4);
    expect(all.items[1]).toMatchObject({
      paperId: s.papers[1],
      kaohao: '20260002',
      final: { score: 7, source: 'single' },
      slots: [{ slot: 1, status: 'submitted', markerName: '阅卷甲', score: 7 }],
    });
    expect((await list('state=decided')).items.map((i) => i.paperId)).toEqual([s.papers[1], s.papers[2]]);
    expect((await list('state=undecided')).total).toBe(2);
    expect((await list('state=problem')).items.map((i) => i.paperId)).toEqual([s.papers[3]]);
    expect((await list(`markerId=${s.markerB.id}`)).items.map((i) => i.paperId)).toEqual([s.papers[2]]);
    expect((await list('minScore=8')).items.map((i) => i.paperId)).toEqual([s.papers[2]]);
    expect((await list('kaohao=0001')).items.map((i) => i.paperId)).toEqual([s.papers[0]]);
    expect(body(await s.markerA.c.get(`/filter/api/marking/block/${s.blockId}/papers`)).code).toBe(1);
    expect(body(await s.otherLeader.c.get(`/filter/api/marking/block/${s.blockId}/papers`)).code).toBe(1);
  });

  it('counts each block’s problem papers open and settled', async () => {
    const r = body<AbnormalBlock[]>(
      await s.manager.c.get(`/filter/api/subject/${s.subjectId}/marking/abnormal`),
    );
    expect(r.data).toEqual([
      { blockId: s.blockId, blockName: '第13-14题', open: 1, score: 0, back: 0, scan: 0 },
    ]);
    expect(body(await s.stranger.c.get(`/filter/api/subject/${s.subjectId}/marking/abnormal`)).code).toBe(1);
  });
});
