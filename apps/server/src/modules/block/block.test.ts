import fs from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { SUBJECT_STATE_FORBIDS, type ExamBlockSubject } from '@yj/contracts';
import { generateSet, typicalCard } from '@yj/scan-sim';
import { examRole, subject } from '../../db/schema';
import { postScans } from '../../../test/multipart';
import { body, signIn, type Client } from '../../../test/app';
import { buildSchool, buildSubjectScene, buildUser, PASSWORD } from '../../../test/factories';
import { subjectFixture } from '../../../test/subject-fixture';

const fx = subjectFixture({ name: '题块考试', course: '语文', fullScore: 150 }, async () => {
  await fx.admin.post(`/filter/api/api/subject/${fx.subjectId}/setting/questions/subjective`, {
    questions: [
      { no: '17', score: 10 },
      { no: '18', score: 12 },
      { no: '19', score: 60 },
    ],
  });
});

type List = {
  blocks: Array<{ id: number; name: string; nos: string[]; fullScore: number; markCount: number }>;
  unassigned: string[];
};
const url = () => `/filter/api/subject/${fx.subjectId}/setting/block`;

describe('blocks (题块) of a subject', () => {
  it('groups subjective questions, with double marking needing a threshold below the block score', async () => {
    expect(
      body<Array<{ field: string; message: string }>>(
        await fx.admin.post(url(), { blocks: [{ name: '作文', nos: ['19'], markCount: 2 }] }),
      ).data[0],
    ).toEqual({ field: 'blocks.0.threshold', message: '双评须设置误差阈值' });
    expect(
      body(
        await fx.admin.post(url(), { blocks: [{ name: '作文', nos: ['19'], markCount: 2, threshold: 60 }] }),
      ).message,
    ).toBe('题块“作文”的误差阈值应小于题块满分 60 分');
    expect(body(await fx.admin.post(url(), { blocks: [{ name: '阅读', nos: ['17', '99'] }] })).message).toBe(
      '题块“阅读”中的第 99 题不是本科目的主观题',
    );
    expect(
      body(
        await fx.admin.post(url(), {
          blocks: [
            { name: '阅读', nos: ['17'] },
            { name: '阅读二', nos: ['17'] },
          ],
        }),
      ).message,
    ).toBe('第 17 题同时在题块“阅读”和“阅读二”中');
    const saved = body<List>(
      await fx.admin.post(url(), {
        blocks: [
          { name: '阅读', nos: ['17', '18'] },
          { name: '作文', nos: ['19'], markCount: 2, threshold: 6, arbitration: 'third' },
        ],
      }),
    ).data;
    expect(saved.blocks.map((b) => [b.name, b.fullScore, b.markCount])).toEqual([
      ['阅读', 22, 1],
      ['作文', 60, 2],
    ]);
    expect(saved.unassigned).toEqual([]);
    // renaming keeps the block's id; leaving one out removes it
    const reading = saved.blocks[0]!;
    const next = body<List>(
      await fx.admin.post(url(), { blocks: [{ id: reading.id, name: '现代文阅读', nos: ['17', '18'] }] }),
    ).data;
    expect(next.blocks).toEqual([expect.objectContaining({ id: reading.id, name: '现代文阅读' })]);
    expect(next.unassigned).toEqual(['19']);
  });

  it('is read by exam managers only and frozen once the subject left 设置中', async () => {
    expect(body(await fx.teacher.get(url())).message).toBe('无权限');
    await fx.t.database.db.update(subject).set({ status: 1 }).where(eq(subject.id, fx.subjectId));
    expect(body(await fx.admin.post(url(), { blocks: [] })).message).toBe(SUBJECT_STATE_FORBIDS);
  });
});

// ---- regions, 给分点 and the cut image, on the scan simulator's card (subjective 41–44 on page 1, 45–49 on page 2)

type Framed = {
  blocks: Array<{
    id: number;
    name: string;
    regions: Array<{ page: number; x: number; y: number; w: number; h: number }>;
    regionsProposed: boolean;
    points: Array<{ no: string; step: number; points: Array<{ name: string; score: number }> }>;
  }>;
};

describe('regions, 给分点 and the cut image of a block', () => {
  const card = typicalCard();
  let s: Awaited<ReturnType<typeof buildSubjectScene>>;
  const blocksUrl = () => `/filter/api/subject/${s.subjectId}/setting/block`;
  /** paper → the cut files recognition stored */
  const cutAtRecognition = new Map<number, string[]>();
  const preview = (blockId: number, q = '') =>
    s.admin.get(`/filter/api/subject/${s.subjectId}/block/${blockId}/preview${q}`);

  beforeAll(async () => {
    s = await buildSubjectScene(fx.t.app, fx.t.database.db, {
      name: '题块切割考试',
      course: '物理',
      fullScore: 110,
    });
    const scores: Record<string, number> = {
      41: 10,
      42: 12,
      43: 12,
      44: 20,
      45: 6,
      46: 6,
      47: 10,
      48: 14,
      49: 20,
    };
    expect(
      body(
        await s.admin.post(`/filter/api/api/subject/${s.subjectId}/setting/questions/subjective`, {
          questions: Object.entries(scores).map(([no, score]) => ({
            no,
            score,
            step: no === '43' ? 0.5 : 1,
          })),
        }),
      ).code,
    ).toBe(0);
    expect(body(await s.admin.post(`/filter/api/subject/${s.subjectId}/template`, { body: card })).code).toBe(
      0,
    );
  });

  it('proposes the template boxes of its questions until regions are saved, across pages', async () => {
    const saved = body<Framed>(
      await s.admin.post(blocksUrl(), {
        blocks: [
          { name: '第42-43题', nos: ['42', '43'] },
          { name: '跨页', nos: ['44', '48'] },
        ],
      }),
    ).data;
    expect(saved.blocks[0]).toMatchObject({
      regionsProposed: true,
      regions: [{ page: 0, x: 1210, y: 260, w: 940, h: 1980 }],
      points: [
        { no: '42', step: 1, points: [] },
        { no: '43', step: 0.5, points: [] },
      ],
    });
    expect(saved.blocks[1]!.regions).toEqual([
      { page: 0, x: 2210, y: 260, w: 940, h: 1980 },
      { page: 1, x: 1210, y: 260, w: 940, h: 1980 },
    ]);
  });

  it('keeps regions and 给分点 that fit the template and the full scores, and says what does not', async () => {
    const [a, b] = body<Framed>(await s.admin.get(blocksUrl())).data.blocks;
    const save = (first: Record<string, unknown>) =>
      s.admin.post(blocksUrl(), {
        blocks: [
          { id: a!.id, name: '第42-43题', nos: ['42', '43'], ...first },
          { id: b!.id, name: '跨页', nos: ['44', '48'] },
        ],
      });
    const points = (list: Array<[string, number]>, step = 1) => [
      { no: '42', step, points: list.map(([name, score]) => ({ name, score })) },
    ];
    expect(
      body(
        await save({
          points: points([
            ['要点一', 5],
            ['要点二', 5],
          ]),
        }),
      ).message,
    ).toBe('题块“第42-43题”：给分点之和 10 分与第 42 题满分 12 分不一致');
    expect(body(await save({ points: points([['要点一', 12]], 5 as never) })).code).toBe(1);
    expect(
      body(
        await save({
          points: points(
            [
              ['要点一', 6],
              ['要点二', 6],
            ],
            2,
          ),
        }),
      ).code,
    ).toBe(0);
    expect(
      body(
        await save({
          points: points(
            [
              ['要点一', 7],
              ['要点二', 5],
            ],
            2,
          ),
        }),
      ).message,
    ).toBe('题块“第42-43题”：第 42 题给分点“要点一”的 7 分不是步长 2 分的整数倍');
    expect(
      body<Array<{ field: string; message: string }>>(
        await save({ points: [{ no: '41', step: 1, points: [] }] }),
      ).data[0],
    ).toEqual({ field: 'blocks.0.points.0.no', message: '第 41 题不在本题块中' });
    expect(body(await save({ regions: [{ page: 5, x: 0, y: 0, w: 100, h: 100 }] })).message).toBe(
      '题块“第42-43题”的区域在模板第 6 页，模板没有这一页',
    );
    expect(body(await save({ regions: [{ page: 0, x: 3000, y: 0, w: 940, h: 100 }] })).message).toBe(
      '题块“第42-43题”的区域超出模板第 1 页的范围',
    );
    const framed = {
      // the box of question 42 with a margin of 20 template pixels
      regions: [{ page: 0, x: 1190, y: 240, w: 980, h: 940 }],
      points: [
        {
          no: '42',
          step: 1,
          points: [
            { name: '受力分析', score: 8 },
            { name: '结论', score: 4 },
          ],
        },
        { no: '43', step: 0.5, points: [] },
      ],
    };
    const ok = body<Framed>(await save(framed));
    expect(ok.code, ok.message).toBe(0);
    expect(ok.data.blocks[0]).toMatchObject({ regionsProposed: false, ...framed });
  });

  it('previews the cut image on a recognised scan, deskewed, at the size of its regions', async () => {
    const [a, b] = body<Framed>(await s.admin.get(blocksUrl())).data.blocks;
    // nothing scanned and a template without pictures: nothing to cut from
    expect(body(await preview(a!.id)).message).toBe(
      '还没有扫描的答题卡，模板也没有答题卡图片，无法预览切割图',
    );

    const sheets = await Promise.all(
      [0, 1].map((i) => generateSet(card, i, { seed: 5, difficulty: 'typical' })),
    );
    const up = body(
      await uploadPages(
        s,
        sheets.map((x) => ({ name: `${x.name}.jpg`, data: x.jpeg })),
      ),
    );
    expect(up.code, up.message).toBe(0);
    await recognised(s);
    // recognition cut block a (on page 1) of the paper while it held its pages; b spans two pages
    const blocksDir = path.join(fx.t.config.dataDir, 'files', 'blocks');
    for (const p of fs.readdirSync(blocksDir))
      cutAtRecognition.set(Number(p), fs.readdirSync(path.join(blocksDir, p)));
    expect([...cutAtRecognition.values()].map((f) => f.length)).toEqual([1]);

    const res = await preview(a!.id);
    expect(res.headers['content-type']).toBe('image/jpeg');
    expect(res.headers['x-cut-source']).toMatch(/^paper:\d+$/);
    const { data, info } = await sharp(res.rawPayload)
      .greyscale()
      .raw()
      .toBuffer({ resolveWithObject: true });
    expect([info.width, info.height]).toEqual([980, 940]);
    // the box's printed frame is 20 px in: a straight dark row across its whole width, which only a cut
    // through the homography gives (a bounding box of a scan skewed by 1° drifts 16 px over that width)
    const darkShare = (y: number) => {
      let n = 0;
      for (let x = 30; x < 950; x++) if (data[y * info.width + x]! < 160) n++;
      return n / 920;
    };
    const best = (from: number, to: number) =>
      Math.max(...Array.from({ length: to - from }, (_, i) => darkShare(from + i)));
    expect(best(12, 29)).toBeGreaterThan(0.85);
    expect(best(911, 929)).toBeGreaterThan(0.85);
    expect(best(300, 317)).toBeLessThan(0.5);

    // a block over two pages: its regions stacked, 12 px of white between them
    const both = await preview(b!.id, `?paperId=${res.headers['x-cut-source']!.toString().slice(6)}`);
    const meta = await sharp(both.rawPayload).metadata();
    expect([meta.width, meta.height]).toEqual([940, 1980 * 2 + 12]);
  });

  it('was cut while recognised (the block on one page), the same bytes a cut on demand gives', async () => {
    const [a] = body<Framed>(await s.admin.get(blocksUrl())).data.blocks;
    const paperId = Number((await preview(a!.id)).headers['x-cut-source']!.toString().slice(6));
    const dir = path.join(fx.t.config.dataDir, 'files', 'blocks', String(paperId));
    const atRecognition = cutAtRecognition.get(paperId)![0]!;
    const stored = fs.readFileSync(path.join(dir, atRecognition));
    fs.rmSync(path.join(dir, atRecognition));
    const onDemand = await preview(a!.id, `?paperId=${paperId}`);
    expect(fs.readdirSync(dir)).toContain(atRecognition);
    expect(Buffer.compare(onDemand.rawPayload, stored)).toBe(0);
  });

  it("refuses another school's paper and a paper of another subject", async () => {
    const [a] = body<Framed>(await s.admin.get(blocksUrl())).data.blocks;
    const paperId = Number((await preview(a!.id)).headers['x-cut-source']!.toString().slice(6));
    const other = await buildSchool(fx.t.database.db);
    const theirs = await buildUser(fx.t.database.db);
    await fx.t.database.db
      .insert(examRole)
      .values({ examId: s.examId, subjectId: s.subjectId, schoolId: other.id, userId: theirs.id, role: 2 });
    const scanner = await signIn(fx.t.app, theirs.account, PASSWORD);
    expect(
      body(await scanner.get(`/filter/api/subject/${s.subjectId}/block/${a!.id}/preview?paperId=${paperId}`))
        .message,
    ).toBe('无权限');
    expect(
      body(await fx.admin.get(`/filter/api/subject/${fx.subjectId}/block/${a!.id}/preview`)).message,
    ).toBe('题块不存在或已删除，请刷新后重试');
    expect(body(await preview(a!.id, '?paperId=999999')).message).toBe('答题卡不存在或已删除');
  });

  it('lists every subject of the exam with its blocks and questions in no block', async () => {
    const res = body<ExamBlockSubject[]>(await s.admin.get(`/filter/api/exam/${s.examId}/setting/block`));
    expect(res.data).toEqual([
      expect.objectContaining({
        subjectId: s.subjectId,
        blocks: 2,
        framed: 1,
        subjective: 9,
        unassigned: ['41', '45', '46', '47', '49'],
      }),
    ]);
    expect(body(await fx.teacher.get(`/filter/api/exam/${s.examId}/setting/block`)).message).toBe('无权限');
  });
});

function uploadPages(c: { admin: Client; subjectId: number }, files: Array<{ name: string; data: Buffer }>) {
  return postScans(fx.t.app, c.admin.cookie, c.subjectId, files);
}

/**
 * Waits until no page of the subject waits for recognition (the in-process queue works in the background).
 * No retry budget of its own: on a loaded machine only the test's timeout says how long is too long.
 */
async function recognised(c: { admin: Client; subjectId: number }): Promise<void> {
  for (;;) {
    const p = body<{ total: { queued: number } }>(
      await c.admin.get(`/filter/api/subject/${c.subjectId}/scanExceptionProgress`),
    );
    if (p.code !== 0) throw new Error(p.message);
    if (p.data.total.queued === 0) return;
    await new Promise((r) => setTimeout(r, 50));
  }
}
