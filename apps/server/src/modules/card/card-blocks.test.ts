import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import type { CardTemplate, TemplateItem } from '@yj/contracts';
import { body, testApp, type TestApp } from '../../../test/app';
import { buildSubjectScene } from '../../../test/factories';
import { setQuestions } from '../../../test/subject-fixture';

// Issue 12 item 7: 题块框选 of a card the product generated itself — the template has a picture per page to
// draw on. Issue 31 point 5: every block is framed from the card's own answer boxes when blocks or the card
// are saved (each said 未框选 and needed 采用 one by one).

type Client = Awaited<ReturnType<typeof buildSubjectScene>>['admin'];
let t: TestApp;
let admin: Client;
let subjectId: number;

interface Listed {
  blocks: Array<{
    id: number;
    name: string;
    regions: Array<{ page: number; x: number; y: number; w: number; h: number }>;
    regionsProposed: boolean;
  }>;
}

/** A subject with 10 objective questions and subjective 11, 12, 13. */
async function scene(name: string): Promise<{ admin: Client; subjectId: number }> {
  const { admin, subjectId } = await buildSubjectScene(t.app, t.database.db, {
    name,
    course: '数学',
    fullScore: 100,
  });
  const subjective = ['11', '12', '13'].map((no) => ({ no, score: 20 }));
  await setQuestions(admin, subjectId, '1-10 单选 A-D 每题4分', subjective);
  return { admin, subjectId };
}

beforeAll(async () => {
  t = await testApp();
  ({ admin, subjectId } = await scene('在线卡框选考试'));
});
afterAll(() => t.close());

const templates = async () =>
  body<TemplateItem[]>(await admin.get(`/filter/api/subject/${subjectId}/templates`)).data;

describe('题块框选 of an online card', () => {
  it('saves a picture of every page and frames each block saved after it from the card boxes', async () => {
    const saved = body<{ template: TemplateItem }>(
      await admin.post(`/filter/api/subject/${subjectId}/card/save`, { mainTemplateName: '主模板' }),
    );
    expect(saved.code).toBe(0);
    const card = (await templates())[0]!.body as CardTemplate;
    for (const page of card.pages) {
      expect(page.image).toMatch(/^[0-9a-f]{64}$/);
      const img = await admin.call('GET', `/filter/api/subject/${subjectId}/template/image/${page.image}`);
      expect(img.statusCode).toBe(200);
      const meta = await sharp(img.rawPayload).metadata();
      // template pixels are picture pixels
      expect(Math.abs(meta.width! - page.width)).toBeLessThanOrEqual(2);
      expect(Math.abs(meta.height! - page.height)).toBeLessThanOrEqual(2);
      expect(meta.channels).toBe(1);
    }

    const listed = body<Listed>(
      await admin.post(`/filter/api/subject/${subjectId}/setting/block`, {
        blocks: [
          { name: '第11题', nos: ['11'] },
          { name: '第12-13题', nos: ['12', '13'] },
        ],
      }),
    ).data;
    const boxes = card.pages.flatMap((p) => p.subjective.map((b) => ({ page: p.index, ...b })));
    for (const [i, nos] of [['11'], ['12', '13']].entries()) {
      const b = listed.blocks[i]!;
      // saved, not a proposal to accept: the block is framed
      expect(b.regionsProposed).toBe(false);
      expect(b.regions.length).toBeGreaterThan(0);
      for (const box of boxes.filter((x) => nos.includes(x.question))) {
        const r = b.regions.find((x) => x.page === box.page)!;
        expect(r).toBeDefined();
        expect(box.rect.x).toBeGreaterThanOrEqual(r.x - 1);
        expect(box.rect.y).toBeGreaterThanOrEqual(r.y - 1);
        expect(box.rect.x + box.rect.w).toBeLessThanOrEqual(r.x + r.w + 1);
        expect(box.rect.y + box.rect.h).toBeLessThanOrEqual(r.y + r.h + 1);
      }
    }
  });

  it('gives a card saved before pictures were kept its pictures when it is updated (POST …/dtk/{dtkId})', async () => {
    const t = (await templates())[0]!;
    const bare = { ...t.body, pages: t.body.pages.map(({ image: _, ...p }) => p) };
    const { id, mainTemplateName, cardType, colorType, dpiValue, isDoubleTemplate } = t;
    expect(
      body(
        await admin.post(`/filter/api/subject/${subjectId}/template`, {
          ...{ id, mainTemplateName, cardType, colorType, dpiValue, isDoubleTemplate },
          body: bare,
        }),
      ).code,
    ).toBe(0);
    expect((await templates())[0]!.body.pages.every((p) => !p.image)).toBe(true);
    expect(body(await admin.post(`/filter/api/subject/${subjectId}/dtk/${id}`)).code).toBe(0);
    const again = (await templates())[0]!;
    expect(again.id).toBe(id);
    expect(again.body.pages.map((p) => p.image)).toEqual(t.body.pages.map((p) => p.image));
  });

  it('keeps a region a person drew when blocks are saved again', async () => {
    const listed = body<Listed>(await admin.get(`/filter/api/subject/${subjectId}/setting/block`)).data;
    const drawn = { page: 0, x: 10, y: 20, w: 300, h: 200 };
    const again = body<Listed>(
      await admin.post(`/filter/api/subject/${subjectId}/setting/block`, {
        blocks: listed.blocks.map((b, i) => ({
          id: b.id,
          name: b.name,
          nos: i ? ['12', '13'] : ['11'],
          regions: i ? [] : [drawn],
        })),
      }),
    ).data;
    expect(again.blocks[0]!.regions).toEqual([drawn]);
    expect(again.blocks[1]!.regions).toEqual(listed.blocks[1]!.regions);
  });
});

describe('blocks saved before the online card', () => {
  it('take their regions from the card when it is saved', async () => {
    const s = await scene('先设题块后制卡考试');
    const listed = body<Listed>(
      await s.admin.post(`/filter/api/subject/${s.subjectId}/setting/block`, {
        blocks: [
          { name: '第11题', nos: ['11'] },
          { name: '第12-13题', nos: ['12', '13'] },
        ],
      }),
    ).data;
    // no template yet: nothing to frame from
    expect(listed.blocks.map((b) => b.regions.length)).toEqual([0, 0]);
    expect(
      body(await s.admin.post(`/filter/api/subject/${s.subjectId}/card/save`, { mainTemplateName: '主模板' }))
        .code,
    ).toBe(0);
    const after = body<Listed>(await s.admin.get(`/filter/api/subject/${s.subjectId}/setting/block`)).data;
    for (const b of after.blocks) {
      expect(b.regionsProposed).toBe(false);
      expect(b.regions.length).toBeGreaterThan(0);
    }
    // the boxes of 11 are not those of 12 and 13
    expect(after.blocks[0]!.regions).not.toEqual(after.blocks[1]!.regions);
  });
});
