import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  SUBJECT_STATE_FORBIDS,
  SubjectStatus,
  type ScoreCheck,
  type ScoreStudentsPage,
  type ScoreSummary,
} from '@yj/contracts';
import { markTask, question, scanException, score, subject, template } from '../../db/schema';
import { body } from '../../../test/app';
import { ALL_RIGHT, ONE_RIGHT, buildScoreScene, type ScoreScene } from '../../../test/score';
import { NOT_PUBLISHED } from './score-access';
import { appFixture } from '../../../test/app-fixture';

// Keys (test/score.ts): 1 B, 2 C (3 分 each), 3 ACD 多选 5 分 少选 2, 4 判断 A 2 分; subjective 21 and the 选做
// pair 22 / 23, 10 分 each. Four examinees: e0 all right + block 8 + 7 = 28; e1 only 1 right + block 2 + 0 = 5;
// e2 absent; e3 no sheet.
const t = appFixture();
let scene: ScoreScene;

beforeAll(async () => {
  scene = await buildScoreScene(t.app, t.database.db, 4);
  const [e0, e1, e2] = scene.examinees;
  await scene.addMarked(e0!.id, ...ALL_RIGHT);
  await scene.addMarked(e1!.id, ...ONE_RIGHT);
  await scene.addAbsent(e2!.id);
}, 60_000);

describe('POST score/recompute', () => {
  it('derives every examinee; refuses a bad id and a teacher before publishing', async () => {
    const res = body<{ examinees: number }>(await scene.admin.post(`${scene.scoreUrl}/recompute`, {}));
    expect(res).toMatchObject({ code: 0, data: { examinees: 4 } });
    expect(body(await scene.admin.post('/filter/api/subject/0/score/recompute', {})).code).not.toBe(0);
    expect(body(await scene.teacher.post(`${scene.scoreUrl}/recompute`, {})).message).toBe(NOT_PUBLISHED);
  });
});

describe('GET score/summary', () => {
  it('实考 / 缺考 / 无答题卡 apart; mean, max, min over 实考', async () => {
    const s = body<ScoreSummary>(await scene.admin.get(`${scene.scoreUrl}/summary`)).data;
    // e0: 13 + 15 = 28; e1: 3 + 2 = 5 -> mean 16.5, max 28, min 5
    const expected = { examinees: 4, present: 2, absent: 1, missing: 1, mean: 16.5, max: 28, min: 5 };
    expect(s.total).toMatchObject({ className: '全部', ...expected });
    expect(s.classes).toEqual([expect.objectContaining({ classId: scene.classId, ...expected })]);
    expect(s.fullScore).toBe(43);
    expect(s.computedAt).not.toBeNull();
    expect(body(await scene.admin.get('/filter/api/subject/abc/score/summary')).code).not.toBe(0);
    expect(body(await scene.teacher.get(`${scene.scoreUrl}/summary`)).message).toBe(NOT_PUBLISHED);
  });
});

describe('GET score/students', () => {
  const get = (q: string) =>
    scene.admin.get(`${scene.scoreUrl}/students?${q}`).then((r) => body<ScoreStudentsPage>(r));

  it('per student and question, sorted, filtered by class, searched by name or exam number', async () => {
    const all = (await get('sort=total&order=desc')).data;
    expect(all.total).toBe(4);
    // totals 28, 5, then the two without a figure (nulls last, by exam number)
    expect(all.items.map((x) => [x.kaohao, x.total, x.status])).toEqual([
      ['20260001', 28, 'ok'],
      ['20260002', 5, 'ok'],
      ['20260003', null, 'absent'],
      ['20260004', null, 'missing'],
    ]);
    expect(all.items[0]!.questions).toEqual({ '1': 3, '2': 3, '3': 5, '4': 2, '21': 8, '22': 7 });
    expect(all.questions.map((q) => q.no)).toEqual(['1', '2', '3', '4', '21', '22', '23']);
    expect(all.classes).toEqual([{ id: scene.classId, name: '高一(1)班' }]);
    const paged = (await get('size=1&page=2&sort=kaohao')).data;
    expect([paged.total, paged.items.map((x) => x.kaohao)]).toEqual([4, ['20260002']]);
    expect((await get('keyword=20260003')).data.items.map((x) => x.status)).toEqual(['absent']);
    expect((await get('keyword=学生2')).data.items.map((x) => x.kaohao)).toEqual(['20260002']);
    expect((await get(`classId=${scene.classId + 999}`)).data.total).toBe(0);
  });

  it('refuses a bad sort and a teacher who teaches none of the exam’s classes', async () => {
    expect((await get('sort=nope')).code).not.toBe(0);
    // 无权限 before the state is told (score-readers.test: who reads which students)
    expect(body(await scene.teacher.get(`${scene.scoreUrl}/students`)).message).toBe('无权限');
  });
});

describe('GET score/check', () => {
  const check = () => scene.admin.get(`${scene.scoreUrl}/check`).then((r) => body<ScoreCheck>(r).data);

  it('lists what stops publishing with counts, and clears as each is settled', async () => {
    // the scene's questions total 33 of its full 43: every 四率 line would be a share of the wrong full marks
    expect((await check()).blockers.map((b) => [b.kind, b.count])).toEqual([
      ['missing', 1],
      ['structure', 10],
    ]);
    const db = t.database.db;
    await db.update(subject).set({ fullScore: 33 }).where(eq(subject.id, scene.subjectId));
    expect((await check()).blockers.map((b) => [b.kind, b.count])).toEqual([['missing', 1]]);
    const [e3] = scene.examinees.slice(3);
    const p3 = await scene.addPaper(e3!.id, { '1': ['B'] });
    const [x] = await db
      .insert(scanException)
      .values({
        subjectId: scene.subjectId,
        schoolId: scene.schoolId,
        batchId: p3.batchId,
        paperId: p3.id,
        type: 'objective',
        reason: '多选',
      })
      .returning();
    await db.insert(markTask).values({
      subjectId: scene.subjectId,
      blockId: scene.blockId,
      paperId: p3.id,
      schoolId: scene.schoolId,
      slot: 9,
    });
    // a final score over the question's 10 分
    await db
      .update(score)
      .set({ questionScores: { '21': 12 } })
      .where(and(eq(score.subjectId, scene.subjectId), eq(score.examineeId, scene.examinees[1]!.id)));
    const c = await check();
    expect(c.ok).toBe(false);
    expect(c.blockers.map((b) => [b.kind, b.count])).toEqual([
      ['unmarked', 1],
      ['arbitration', 1],
      ['exceptions', 1],
      ['overFull', 1],
    ]);
    expect(c.blockers[0]!.label).toBe('未阅完的答题卡');
    await db.update(scanException).set({ resolved: true }).where(eq(scanException.id, x!.id));
    await db.update(markTask).set({ status: 'submitted' }).where(eq(markTask.paperId, p3.id));
    await scene.addBlockScore(p3.id, { '21': 1, '22': 0, '23': 0 });
    await scene.recompute();
    expect(await check()).toEqual({ ok: true, blockers: [] });
    // the batch's template reads 判断 question 4 with printed ticks: scoring cannot tell 对 from 错
    const [tpl] = await db.select().from(template).where(eq(template.subjectId, scene.subjectId));
    const page = tpl!.body.pages[0]!;
    const ticks = (labels: string[]) => ({
      ...tpl!.body,
      pages: [
        {
          ...page,
          objective: [
            {
              name: '判断',
              kind: 'trueFalse' as const,
              questions: ['4'],
              fields: [
                {
                  bubbles: labels.map((label, i) => ({
                    label,
                    rect: { x: 100 + i * 40, y: 100, w: 30, h: 20 },
                  })),
                },
              ],
            },
          ],
        },
      ],
    });
    await db
      .update(template)
      .set({ body: ticks(['√', '×']) })
      .where(eq(template.id, tpl!.id));
    const mismatch = await check();
    expect(mismatch.blockers).toEqual([
      {
        kind: 'templateMismatch',
        count: 1,
        label: '题型或选项与答题卡模板不一致的客观题',
        hint: expect.stringContaining('在题目设置或答题卡模板中改为一致'),
      },
    ]);
    await db
      .update(template)
      .set({ body: ticks(['T', 'F']) })
      .where(eq(template.id, tpl!.id));
    expect(await check()).toEqual({ ok: true, blockers: [] });
    // a key never entered (question 2), and a B key missing while A/B is on (question 3): every sheet 0 there
    await db
      .update(question)
      .set({ answer: '' })
      .where(and(eq(question.subjectId, scene.subjectId), eq(question.no, '2')));
    await db
      .update(question)
      .set({ answerB: '' })
      .where(and(eq(question.subjectId, scene.subjectId), eq(question.no, '3')));
    expect((await check()).blockers.map((b) => [b.kind, b.count, b.label])).toEqual([
      ['noKey', 2, '未设置答案的客观题'],
    ]);
    const keys = body(
      await scene.admin.post(`/filter/api/api/subject/${scene.subjectId}/setting/questions/answer`, {
        answers: [
          { no: '2', answer: 'C' },
          { no: '3', answer: 'ACD', answerB: 'ABD' },
        ],
      }),
    );
    expect(keys.code, keys.message).toBe(0);
    expect(await check()).toEqual({ ok: true, blockers: [] });
    expect(body(await scene.admin.get('/filter/api/subject/0/score/check')).code).not.toBe(0);
    expect(body(await scene.teacher.get(`${scene.scoreUrl}/check`)).message).toBe(NOT_PUBLISHED);
  });
});

describe('key changes and publishing', () => {
  it('saving answers re-scores the subject through the queued job', async () => {
    const res = body(
      await scene.admin.post(`/filter/api/api/subject/${scene.subjectId}/setting/questions/answer`, {
        answers: [{ no: '2', answer: 'A' }],
      }),
    );
    expect(res.code, res.message).toBe(0);
    // e1 answered 2 with A: 0 -> 3, total 5 -> 8
    const totalOf = async () => (await scene.scoreOf(scene.examinees[1]!.id))?.total;
    for (let i = 0; i < 100 && (await totalOf()) !== 8; i++) await new Promise((r) => setTimeout(r, 50));
    expect(await totalOf()).toBe(8);
  });

  it('a change of absence re-derives the examinee at once', async () => {
    const e2 = scene.examinees[2]!;
    const status = async () =>
      (
        await scene.admin
          .get(`${scene.scoreUrl}/students?keyword=${e2.kaohao}`)
          .then((r) => body<ScoreStudentsPage>(r).data)
      ).items[0]!.status;
    expect(await status()).toBe('absent');
    const res = body(
      await scene.admin.post(`/filter/api/subject/${scene.subjectId}/scan/absence`, {
        examineeIds: [e2.id],
        absent: false,
      }),
    );
    expect(res.code, res.message).toBe(0);
    expect(await status()).toBe('missing');
  });

  it('a published subject refuses a recompute', async () => {
    await t.database.db
      .update(subject)
      .set({ status: SubjectStatus.published })
      .where(eq(subject.id, scene.subjectId));
    expect(body(await scene.admin.post(`${scene.scoreUrl}/recompute`, {})).message).toBe(
      SUBJECT_STATE_FORBIDS,
    );
  });
});
