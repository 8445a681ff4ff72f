import { and, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import {
  isEmptyTemplate,
  scanningTemplate,
  SUBJECT_STATE_FORBIDS,
  type CardTemplateInput,
} from '@yj/contracts';
import { auditLog, subject } from '../../db/schema';
import { body, XHR } from '../../../test/app';
import { multipartFile } from '../../../test/excel';
import { subjectFixture, setQuestions } from '../../../test/subject-fixture';

const rect = (x: number, y: number, w = 40, h = 40) => ({ x, y, w, h });
const grid = (x: number, y: number, count: number, options: string[]) => ({
  origin: { x, y },
  bubble: { w: 30, h: 20 },
  direction: 'horizontal' as const,
  options,
  optionGap: 45,
  fieldGap: 32,
  count,
});
const card = (objectiveCount: number): CardTemplateInput => ({
  id: 'card-1',
  name: '数学答题卡',
  pages: [
    {
      index: 0,
      width: 1654,
      height: 2339,
      anchors: [
        { name: 'tl', rect: rect(40, 40) },
        { name: 'tr', rect: rect(1574, 40) },
        { name: 'bl', rect: rect(40, 2259) },
        { name: 'br', rect: rect(1574, 2259) },
      ],
      examNumber: {
        name: '考号',
        kind: 'bubbles',
        grid: { ...grid(900, 200, 6, [...'0123456789']), direction: 'vertical' },
      },
      objective: [
        {
          name: '选择题',
          kind: 'single',
          firstQuestion: 1,
          grid: grid(100, 700, objectiveCount, [...'ABCD']),
        },
      ],
      subjective: [
        { name: '13题', question: '13', rect: rect(100, 1100, 1400, 500) },
        { name: '14题', question: '14', rect: rect(100, 1650, 1400, 500) },
      ],
    },
  ],
});

const fx = subjectFixture({ name: '模板考试', course: '数学', fullScore: 100 }, () =>
  setQuestions(fx.admin, fx.subjectId, '1-10 单选 A-D 每题4分', [
    { no: '13', score: 30 },
    { no: '14', score: 30 },
  ]),
);

type Item = { id: number; mainTemplateName: string; dpiValue: number; pages: number };
const url = (p = '') => `/filter/api/subject/${fx.subjectId}/template${p}`;

describe('card templates of a subject', () => {
  it('saves a template with the spec defaults and validates it against the question structure', async () => {
    const saved = body<Item>(await fx.admin.post(url(), { body: card(8) }));
    expect(saved.code).toBe(0);
    expect(saved.data).toMatchObject({ mainTemplateName: '主模板', dpiValue: 200, pages: 1 });
    const v1 = body<{ ok: boolean; problems: string[] }>(
      await fx.admin.post(url(`/${saved.data.id}/validate`)),
    ).data;
    expect(v1).toEqual({ ok: false, problems: ['客观题 9、10 未在模板中框选'] });
    expect(body(await fx.admin.post(url(), { id: saved.data.id, body: card(10) })).code).toBe(0);
    expect(body(await fx.admin.post(url(`/${saved.data.id}/validate`))).data).toEqual({
      ok: true,
      problems: [],
    });
    const list = body<Item[]>(await fx.admin.get(`/filter/api/subject/${fx.subjectId}/templates`)).data;
    expect(list).toHaveLength(1);
  });

  it('names the questions it reads otherwise than 题目设置, and is not chosen for scanning while it does', async () => {
    const multi = card(10);
    const [page] = multi.pages;
    page!.objective = [
      { name: '选择题', kind: 'multi', firstQuestion: 1, grid: grid(100, 700, 9, [...'ABCD']) },
      { name: '第10题', kind: 'single', firstQuestion: 10, grid: grid(100, 1000, 1, [...'ABCDE']) },
    ];
    const saved = body<Item>(await fx.admin.post(url(), { mainTemplateName: '多选卡', body: multi }));
    expect(saved.code).toBe(0);
    expect(body(await fx.admin.post(url(`/${saved.data.id}/validate`))).data).toEqual({
      ok: false,
      problems: [
        '客观题 1、2、3、4、5、6、7、8 等 9 题在模板中是多选，题目设置中是单选',
        '客观题 10 在模板中有 5 个选项，题目设置中是 4 个选项',
      ],
    });
    const refused = body(await fx.admin.post(url(`/${saved.data.id}/active`)));
    expect(refused.message).toBe(
      '模板与题目设置不一致，不能用于扫描：客观题 1、2、3、4、5、6、7、8 等 9 题在模板中是多选，题目设置中是单选；' +
        '客观题 10 在模板中有 5 个选项，题目设置中是 4 个选项',
    );
    expect(body(await fx.admin.call('DELETE', url(`/${saved.data.id}`))).code).toBe(0);
  });

  it('refuses malformed geometry with the field named, and other people', async () => {
    const bad = card(10);
    bad.pages[0]!.anchors = [{ name: 'tl', rect: { x: 0, y: 0, w: -5, h: 10 } }];
    const res = body<Array<{ field: string }>>(await fx.admin.post(url(), { body: bad }));
    expect(res.code).toBe(1);
    expect(res.data[0]?.field).toBe('body.pages.0.anchors.0.rect.w');
    expect(body(await fx.teacher.post(url(), { body: card(10) })).message).toBe('无权限');
  });

  it('is frozen outside 设置中 and deleted softly', async () => {
    const [first] = body<Item[]>(await fx.admin.get(`/filter/api/subject/${fx.subjectId}/templates`)).data;
    await fx.t.database.db.update(subject).set({ status: 3 }).where(eq(subject.id, fx.subjectId));
    expect(body(await fx.admin.call('DELETE', url(`/${first!.id}`))).message).toBe(SUBJECT_STATE_FORBIDS);
    await fx.t.database.db.update(subject).set({ status: 0 }).where(eq(subject.id, fx.subjectId));
    expect(body(await fx.admin.call('DELETE', url(`/${first!.id}`))).code).toBe(0);
    expect(body<Item[]>(await fx.admin.get(`/filter/api/subject/${fx.subjectId}/templates`)).data).toEqual(
      [],
    );
  });

  it('treats JSON that parses to {} as no template (spec §5)', () => {
    expect(isEmptyTemplate('{}')).toBe(true);
    expect(isEmptyTemplate('')).toBe(true);
    expect(isEmptyTemplate('{"pages":[]}')).toBe(false);
  });
});

describe('the template scanning uses (设为扫描模板)', () => {
  type Listed = Item & { active: boolean };
  const list = async () =>
    body<Listed[]>(await fx.admin.get(`/filter/api/subject/${fx.subjectId}/templates`)).data;
  /** A two-, one- and three-page template, oldest first. */
  const save = async (pages: number) => {
    const one = card(10).pages[0]!;
    const res = body<Listed>(
      await fx.admin.post(url(), {
        body: { ...card(10), pages: Array.from({ length: pages }, (_, index) => ({ ...one, index })) },
      }),
    );
    expect(res.code).toBe(0);
    return res.data;
  };
  // Uploading one page tells which template scanning took: the page count is checked against it
  // before anything is stored.
  const uploadOnePage = async () => {
    const jpeg = await sharp({ create: { width: 400, height: 560, channels: 3, background: '#ffffff' } })
      .jpeg()
      .toBuffer();
    const m = multipartFile('0001.jpg', jpeg, 'image/jpeg');
    const res = await fx.t.app.inject({
      method: 'POST',
      url: `/filter/api/subject/${fx.subjectId}/answerCard`,
      headers: { ...XHR, cookie: fx.admin.cookie, ...m.headers },
      payload: m.payload,
    });
    return body(res).message;
  };

  it('reads with the earliest template until one is chosen, then with the chosen one', async () => {
    const two = await save(2);
    await save(1);
    const three = await save(3);
    expect((await list()).map((x) => x.active)).toEqual([false, false, false]);
    expect(await uploadOnePage()).toBe('第1批次的页数（1）不是模板页数（2）的整数倍');

    const chosen = body<Listed>(await fx.admin.post(url(`/${three.id}/active`)));
    expect(chosen.data).toMatchObject({ id: three.id, active: true });
    expect((await list()).map((x) => x.active)).toEqual([false, false, true]);
    expect(await uploadOnePage()).toBe('第1批次的页数（1）不是模板页数（3）的整数倍');

    // choosing another one moves the mark: one per subject
    expect(body(await fx.admin.post(url(`/${two.id}/active`))).code).toBe(0);
    expect((await list()).map((x) => x.active)).toEqual([true, false, false]);
    const audits = await fx.t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'template.activate'), eq(auditLog.target, `template:${two.id}`)));
    expect(audits).toHaveLength(1);
    expect(audits[0]!.detail).toMatchObject({
      before: { scanning: { id: three.id } },
      after: { scanning: { id: two.id } },
    });

    // a deleted choice falls back to the earliest template left
    await fx.admin.post(url(`/${three.id}/active`));
    expect(body(await fx.admin.call('DELETE', url(`/${three.id}`))).code).toBe(0);
    expect(await uploadOnePage()).toBe('第1批次的页数（1）不是模板页数（2）的整数倍');
  });

  it('refuses unknown templates, people without the setting right, and published subjects', async () => {
    const [first] = await list();
    expect(body(await fx.admin.post(url('/999999/active'))).message).toBe('模板不存在或已删除');
    expect(body(await fx.teacher.post(url(`/${first!.id}/active`))).message).toBe('无权限');
    await fx.t.database.db.update(subject).set({ status: 6 }).where(eq(subject.id, fx.subjectId));
    expect(body(await fx.admin.post(url(`/${first!.id}/active`))).message).toBe(SUBJECT_STATE_FORBIDS);
    await fx.t.database.db.update(subject).set({ status: 0 }).where(eq(subject.id, fx.subjectId));
  });

  it('picks the chosen template, else the earliest with pages', () => {
    const t = (id: number, pages: number, active = false) => ({ id, pages, active });
    expect(scanningTemplate([t(1, 1), t(2, 1, true)])?.id).toBe(2);
    expect(scanningTemplate([t(1, 0), t(2, 2)])?.id).toBe(2);
    expect(scanningTemplate([t(1, 0)])?.id).toBe(1);
    expect(scanningTemplate([])).toBeUndefined();
  });
});
