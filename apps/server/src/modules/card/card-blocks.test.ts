import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { parseQuickEntry, type CardTemplate, type TemplateItem } from '@yj/contracts';
import { body, testApp, type TestApp } from '../../../test/app';
import { buildSubjectScene } from '../../../test/factories';

// Issue 12 item 7: 题块框选 of a card the product generated itself — the template has a picture per page to
// draw on, and every block is proposed framed from the card's own answer boxes.

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

beforeAll(async () => {
  t = await testApp();
  ({ admin, subjectId } = await buildSubjectScene(t.app, t.database.db, {
    name: '在线卡框选考试',
    course: '数学',
    fullScore: 100,
  }));
  const quick = parseQuickEntry('1-10 单选 A-D 每题4分');
  if (!quick.ok) throw new Error(quick.error);
  await admin.post(`/filter/api/api/subject/${subjectId}/setting/questions/objective`, {
    questions: quick.questions,
  });
  await admin.post(`/filter/api/api/subject/${subjectId}/setting/questions/subjective`, {
    questions: [
      { no: '11', score: 20 },
      { no: '12', score: 20 },
      { no: '13', score: 20 },
    ],
  });
});
afterAll(() => t.close());

const templates = async () =>
  body<TemplateItem[]>(await admin.get(`/filter/api/subject/${subjectId}/templates`)).data;

describe('题块框选 of an online card', () => {
  it('saves a picture of every page and proposes each block from the card boxes', async () => {
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
      expect(b.regionsProposed).toBe(true);
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
});
