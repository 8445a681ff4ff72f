import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  isEmptyTemplate,
  parseQuickEntry,
  SUBJECT_STATE_FORBIDS,
  type CardTemplateInput,
} from '@yj/contracts';
import { subject } from '../../db/schema';
import type { signIn } from '../../../test/app';
import { body, testApp, type TestApp } from '../../../test/app';
import { buildSubjectScene } from '../../../test/factories';

type Client = Awaited<ReturnType<typeof signIn>>;
let t: TestApp;
let admin: Client;
let teacher: Client;
let subjectId: number;

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

beforeAll(async () => {
  t = await testApp();
  ({ admin, teacher, subjectId } = await buildSubjectScene(t.app, t.database.db, {
    name: '模板考试',
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
      { no: '13', score: 30 },
      { no: '14', score: 30 },
    ],
  });
});
afterAll(() => t.close());

type Item = { id: number; mainTemplateName: string; dpiValue: number; pages: number };
const url = (p = '') => `/filter/api/subject/${subjectId}/template${p}`;

describe('card templates of a subject', () => {
  it('saves a template with the spec defaults and validates it against the question structure', async () => {
    const saved = body<Item>(await admin.post(url(), { body: card(8) }));
    expect(saved.code).toBe(0);
    expect(saved.data).toMatchObject({ mainTemplateName: '主模板', dpiValue: 200, pages: 1 });
    const v1 = body<{ ok: boolean; problems: string[] }>(
      await admin.post(url(`/${saved.data.id}/validate`)),
    ).data;
    expect(v1).toEqual({ ok: false, problems: ['客观题 9、10 未在模板中框选'] });
    expect(body(await admin.post(url(), { id: saved.data.id, body: card(10) })).code).toBe(0);
    expect(body(await admin.post(url(`/${saved.data.id}/validate`))).data).toEqual({
      ok: true,
      problems: [],
    });
    const list = body<Item[]>(await admin.get(`/filter/api/subject/${subjectId}/templates`)).data;
    expect(list).toHaveLength(1);
  });

  it('refuses malformed geometry with the field named, and other people', async () => {
    const bad = card(10);
    bad.pages[0]!.anchors = [{ name: 'tl', rect: { x: 0, y: 0, w: -5, h: 10 } }];
    const res = body<Array<{ field: string }>>(await admin.post(url(), { body: bad }));
    expect(res.code).toBe(1);
    expect(res.data[0]?.field).toBe('body.pages.0.anchors.0.rect.w');
    expect(body(await teacher.post(url(), { body: card(10) })).message).toBe('无权限');
  });

  it('is frozen outside 设置中 and deleted softly', async () => {
    const [first] = body<Item[]>(await admin.get(`/filter/api/subject/${subjectId}/templates`)).data;
    await t.database.db.update(subject).set({ status: 3 }).where(eq(subject.id, subjectId));
    expect(body(await admin.call('DELETE', url(`/${first!.id}`))).message).toBe(SUBJECT_STATE_FORBIDS);
    await t.database.db.update(subject).set({ status: 0 }).where(eq(subject.id, subjectId));
    expect(body(await admin.call('DELETE', url(`/${first!.id}`))).code).toBe(0);
    expect(body<Item[]>(await admin.get(`/filter/api/subject/${subjectId}/templates`)).data).toEqual([]);
  });

  it('treats JSON that parses to {} as no template (spec §5)', () => {
    expect(isEmptyTemplate('{}')).toBe(true);
    expect(isEmptyTemplate('')).toBe(true);
    expect(isEmptyTemplate('{"pages":[]}')).toBe(false);
  });
});
