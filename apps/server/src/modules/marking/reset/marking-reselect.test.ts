import { describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import type { MarkTask } from '@yj/contracts';
import { subject } from '../../../db/schema';
import { rowsOf } from '../../../infra/db';
import { body } from '../../../../test/app';
import { buildMarker, claimTasks, submitMark } from '../../../../test/marking';
import {
  withScene,
  reviewingScene,
  signInWithRole,
  otherSchoolManager,
} from '../../../../test/marking-fixture';
import type { ReselectPreview, ReselectResult } from './marking-reselect';

// 重新选题 (spec §2 resetting/{reSelectFlag}): a block's questions changed after marking started, every mark of
// the block discarded into the history as 重置阅卷 does, refused with the reason when done or published.

type Client = Awaited<ReturnType<typeof buildMarker>>['client'];
let marker: Client, leader: Client, manager: Client, otherSchool: Client;
const db = () => t.database.db;
const q = async <T>(s: ReturnType<typeof sql>) => rowsOf<T>(await db().execute(s));
const b13 = () => scene.blocks[0]!.id;
const b14 = () => scene.blocks[1]!.id;
const url = () => `/filter/api/subject/${scene.subjectId}/resetting/reselect`;
const preview = async (c: Client, blockId: number | string) =>
  body<ReselectPreview>(await c.get(`${url()}/preview?blockId=${blockId}`));
const reselect = async (c: Client, b: object) => body<ReselectResult>(await c.post(url(), b));

/** What 重新选题 of question 13's block discards: the two marks the set-up below submits, on two papers. */
const DISCARDED = { marks: 2, scores: 2, arbitrations: 0, problems: 0, papers: 2, blanks: 0 };

const { t, scene } = withScene(
  reviewingScene({
    papers: 3,
    blocks: [
      { name: '第13题', nos: ['13'] },
      { name: '第14题', nos: ['14'] },
    ],
  }),
  async () => {
    marker = (await buildMarker(t.app, db(), scene, [b13(), b14()])).client;
    leader = (await buildMarker(t.app, db(), scene, [b13(), b14()], { role: 6 })).client;
    manager = (await signInWithRole(t, scene, 3, '科目负责人')).client;
    otherSchool = await otherSchoolManager(t, '别校');
    const tasks = (await claimTasks(marker, b13(), 2)).data as MarkTask[];
    for (const task of tasks) expect(body(await submitMark(marker, task, '13', 7)).code).toBe(0);
  },
);

describe('重新选题', () => {
  it('previews the marks that will go and the questions in no block', async () => {
    const p = await preview(manager, b13());
    expect(p.code, p.message).toBe(0);
    expect(p.data).toEqual({ ...DISCARDED, nos: ['13'], free: ['15'] });
    expect((await preview(manager, 'x')).code).not.toBe(0);
  });

  it('refuses markers, leaders and other schools', async () => {
    for (const c of [marker, leader, otherSchool]) {
      expect((await preview(c, b13())).code).not.toBe(0);
      expect((await reselect(c, { blockId: b13(), nos: ['13', '15'], reason: '漏选第15题' })).code).not.toBe(
        0,
      );
    }
  });

  it('validates the questions and the reason', async () => {
    for (const b of [
      { blockId: b13(), nos: ['13', '15'] },
      { blockId: b13(), nos: [], reason: '原因' },
      { blockId: b13(), nos: ['13'], reason: '   ' },
      { blockId: 0, nos: ['13'], reason: '原因' },
      { blockId: b13(), nos: ['abc'], reason: '原因' },
    ])
      expect((await reselect(manager, b)).code, JSON.stringify(b)).not.toBe(0);
    expect((await reselect(manager, { blockId: b13(), nos: ['13', '14'], reason: '原因' })).message).toBe(
      '第 14 题在题块“第14题”中，请先从那个题块移出',
    );
    expect((await reselect(manager, { blockId: b13(), nos: ['99'], reason: '原因' })).message).toBe(
      '第 99 题不是本科目的主观题',
    );
    expect((await reselect(manager, { blockId: b13(), nos: ['13'], reason: '原因' })).message).toBe(
      '题块的题目没有变化',
    );
    expect((await reselect(manager, { blockId: 2_147_483_647, nos: ['15'], reason: '原因' })).message).toBe(
      '题块不存在或不属于这个科目',
    );
  });

  it('changes the questions and discards every mark of the block into the history, audited', async () => {
    const r = await reselect(manager, { blockId: b13(), nos: ['13', '15'], reason: '漏选第15题' });
    expect(r.code, r.message).toBe(0);
    expect(r.data).toEqual({ ...DISCARDED, nos: ['13', '15'], unassigned: [] });
    const [b] = await q<{ nos: string[] }>(sql`select nos from block where id = ${b13()}`);
    expect(b!.nos).toEqual(['13', '15']);
    expect(
      await q(sql`select 1 from mark_task where block_id = ${b13()} and status = 'submitted'`),
    ).toHaveLength(0);
    expect(await q(sql`select 1 from block_score where block_id = ${b13()}`)).toHaveLength(0);
    expect(await q(sql`select 1 from mark_task_change where action = 'reset'`)).toHaveLength(2);
    const [a] = await q<{ detail: { before: { nos: string[] }; after: { nos: string[] }; reason: string } }>(
      sql`select detail from audit_log where action = 'marking.reselect'`,
    );
    expect(a!.detail).toMatchObject({
      reason: '漏选第15题',
      before: { nos: ['13'] },
      after: { nos: ['13', '15'] },
    });
    // the papers are marked again on the new questions
    const info = body<{ questions: Array<{ no: string }> }>(
      await marker.get(`/filter/api/marking/block/${b13()}/info`),
    );
    expect(info.data.questions.map((x) => x.no)).toEqual(['13', '15']);
    const [task] = (await claimTasks(marker, b13(), 1)).data as MarkTask[];
    // a mark on the old question alone no longer fits the block
    expect(body(await submitMark(marker, task!, '13', 7)).code).not.toBe(0);
  });

  it('refuses once the subject is done or published, saying why', async () => {
    await db().update(subject).set({ status: 5 }).where(eq(subject.id, scene.subjectId));
    expect((await reselect(manager, { blockId: b13(), nos: ['13'], reason: '原因' })).message).toBe(
      '阅卷已完成，不能重置，请先取消完成',
    );
    await db().update(subject).set({ status: 6 }).where(eq(subject.id, scene.subjectId));
    expect((await reselect(manager, { blockId: b13(), nos: ['13'], reason: '原因' })).message).toBe(
      '成绩已发布，不能重置阅卷',
    );
  });
});
