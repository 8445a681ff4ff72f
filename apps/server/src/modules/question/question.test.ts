import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseQuickEntry, SUBJECT_STATE_FORBIDS } from '@yj/contracts';
import { subject } from '../../db/schema';
import type { signIn } from '../../../test/app';
import { body, testApp, type TestApp } from '../../../test/app';
import { buildSubjectScene } from '../../../test/factories';

type Client = Awaited<ReturnType<typeof signIn>>;
let t: TestApp;
let admin: Client;
let teacher: Client;
let subjectId: number;

beforeAll(async () => {
  t = await testApp();
  ({ admin, teacher, subjectId } = await buildSubjectScene(t.app, t.database.db, {
    name: '结构考试',
    course: '数学',
    fullScore: 100,
  }));
});
afterAll(() => t.close());

const save = (c: Client, tag: string, payload: object) =>
  c.post(`/filter/api/api/subject/${subjectId}/setting/questions/${tag}`, payload);
type Info = {
  totals: { total: number; objective: number; subjective: number };
  structure: { objective: Array<{ no: string; answer: string }> };
  editable: boolean;
};

describe('question structure of a subject', () => {
  it('saves quick-entered objective questions, subjective questions and an optional group; totals follow', async () => {
    const quick = parseQuickEntry('1-10 单选 A-D 每题3分\n11-12 多选 A-D 每题5分 少选2分');
    if (!quick.ok) throw new Error(quick.error);
    expect(body(await save(admin, 'objective', { questions: quick.questions })).code).toBe(0);
    expect(
      body(
        await save(admin, 'subjective', {
          questions: [
            { no: '13', score: 20 },
            { no: '14', score: 20, step: 0.5 },
            { no: '15', score: 10 },
            { no: '16', score: 10 },
          ],
        }),
      ).code,
    ).toBe(0);
    const info = body<Info>(
      await save(admin, 'optional', { groups: [{ name: '选做题', pick: 1, nos: ['15', '16'] }] }),
    ).data;
    expect(info.totals).toMatchObject({ objective: 40, subjective: 50, total: 90 });
    const judge = body<{ ok: boolean; problems: string[] }>(
      await admin.post('/filter/api/subject/judge/strucTemplate', { subjectId }),
    ).data;
    expect(judge.problems).toEqual([
      '题目总分 90 分（客观 40 + 主观 50）与科目满分 100 分不一致，相差 10 分',
      '客观题 1、2、3、4、5、6、7、8、9、10 等 尚未设置答案',
    ]);
  });

  it('sets answer keys, refusing ones outside the options', async () => {
    const answers = [...'ABCDABCDAB'].map((a, i) => ({ no: String(i + 1), answer: a }));
    const bad = body(await save(admin, 'answer', { answers: [{ no: '1', answer: 'E' }] }));
    expect(bad.message).toBe('第 1 题答案超出选项 A-D');
    expect(
      body(
        await save(admin, 'answer', {
          answers: [...answers, { no: '11', answer: 'AC' }, { no: '12', answer: 'BD' }],
        }),
      ).code,
    ).toBe(0);
    const keys = body<Array<{ no: string; answer: string }>>(
      await admin.get(`/filter/yue/subject/${subjectId}/setting/answer/objective`),
    ).data;
    expect(keys.map((k) => k.answer).join(',')).toBe('A,B,C,D,A,B,C,D,A,B,AC,BD');
  });

  it('refuses structure edits once the subject left 设置中, but still takes answer keys', async () => {
    await t.database.db.update(subject).set({ status: 3 }).where(eq(subject.id, subjectId));
    expect(body(await save(admin, 'subjective', { questions: [{ no: '13', score: 30 }] })).message).toBe(
      SUBJECT_STATE_FORBIDS,
    );
    expect(body(await save(admin, 'answer', { answers: [{ no: '1', answer: 'D' }] })).code).toBe(0);
    const info = body<Info>(
      await admin.get(`/filter/yue/api/subject/${subjectId}/setting/questions/info`),
    ).data;
    expect(info.editable).toBe(false);
    expect(info.structure.objective[0]?.answer).toBe('D');
    await t.database.db.update(subject).set({ status: 0 }).where(eq(subject.id, subjectId));
  });

  it('lets a teacher without a role neither read nor change it', async () => {
    expect(
      body(await teacher.get(`/filter/yue/api/subject/${subjectId}/setting/questions/info`)).message,
    ).toBe('无权限');
    expect(body(await save(teacher, 'ab', { abEnabled: true })).message).toBe('无权限');
  });

  it('names the field of a malformed save', async () => {
    const res = body<Array<{ field: string }>>(
      await save(admin, 'objective', { questions: [{ no: 'x', kind: 'single', options: 4, score: 3 }] }),
    );
    expect(res.code).toBe(1);
    expect(res.data[0]?.field).toBe('questions.0.no');
  });
});
