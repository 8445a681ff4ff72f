import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SUBJECT_STATE_FORBIDS } from '@yj/contracts';
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
    name: '题块考试',
    course: '语文',
    fullScore: 150,
  }));
  await admin.post(`/filter/api/api/subject/${subjectId}/setting/questions/subjective`, {
    questions: [
      { no: '17', score: 10 },
      { no: '18', score: 12 },
      { no: '19', score: 60 },
    ],
  });
});
afterAll(() => t.close());

type List = {
  blocks: Array<{ id: number; name: string; nos: string[]; fullScore: number; markCount: number }>;
  unassigned: string[];
};
const url = () => `/filter/api/subject/${subjectId}/setting/block`;

describe('blocks (题块) of a subject', () => {
  it('groups subjective questions, with double marking needing a threshold below the block score', async () => {
    expect(
      body<Array<{ field: string; message: string }>>(
        await admin.post(url(), { blocks: [{ name: '作文', nos: ['19'], markCount: 2 }] }),
      ).data[0],
    ).toEqual({ field: 'blocks.0.threshold', message: '双评须设置误差阈值' });
    expect(
      body(await admin.post(url(), { blocks: [{ name: '作文', nos: ['19'], markCount: 2, threshold: 60 }] }))
        .message,
    ).toBe('题块“作文”的误差阈值应小于题块满分 60 分');
    expect(body(await admin.post(url(), { blocks: [{ name: '阅读', nos: ['17', '99'] }] })).message).toBe(
      '题块“阅读”中的第 99 题不是本科目的主观题',
    );
    expect(
      body(
        await admin.post(url(), {
          blocks: [
            { name: '阅读', nos: ['17'] },
            { name: '阅读二', nos: ['17'] },
          ],
        }),
      ).message,
    ).toBe('第 17 题同时在题块“阅读”和“阅读二”中');
    const saved = body<List>(
      await admin.post(url(), {
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
      await admin.post(url(), { blocks: [{ id: reading.id, name: '现代文阅读', nos: ['17', '18'] }] }),
    ).data;
    expect(next.blocks).toEqual([expect.objectContaining({ id: reading.id, name: '现代文阅读' })]);
    expect(next.unassigned).toEqual(['19']);
  });

  it('is read by exam managers only and frozen once the subject left 设置中', async () => {
    expect(body(await teacher.get(url())).message).toBe('无权限');
    await t.database.db.update(subject).set({ status: 1 }).where(eq(subject.id, subjectId));
    expect(body(await admin.post(url(), { blocks: [] })).message).toBe(SUBJECT_STATE_FORBIDS);
  });
});
