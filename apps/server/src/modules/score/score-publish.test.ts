import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  SUBJECT_STATE_FORBIDS,
  SubjectStatus,
  type BatchReleaseItem,
  type ExamReleaseRow,
  type PublishState,
  type ScoreBlocker,
} from '@yj/contracts';
import { buildApp } from '../../app';
import { auditLog, paper, subject } from '../../db/schema';
import { jobs, type Jobs } from '../../infra/jobs';
import type { EnqueueOptions } from '../../infra/queue';
import { memoryQueue } from '../../infra/queue';
import { fsStorage } from '../../infra/storage';
import { body, testApp, XHR, type TestApp } from '../../../test/app';
import { buildScoreScene } from '../../../test/score';
import { auditModule } from '../audit/audit.module';
import { examModule } from '../exam/exam.module';
import { refreshStripScores } from '../marking/final/marking-final';
import { subjectRepo } from '../subject/subject.repo';
import { subjectService } from '../subject/subject.service';
import { NOT_PUBLISHED } from './score-access';
import { scoreComputing } from '../score-compute/score-compute.module';
import { scorePublishService } from './score-publish.service';
import { scorePublishRepo } from './score-publish.repo';
import { scoreQueryRepo } from './score-query.repo';
import { scanMissing } from '../scan/scan.module';
import { templateMismatches } from '../template/template.module';

// Publishing (spec §4, §7): 发布 refused with the scoreCheck blockers, 取消发布, 定时发布 fired by a job and
// re-armed after a restart, batch release, 先阅后扫统分 and its cancel; a published subject refuses changes.
let t: TestApp;
const queue = memoryQueue({ error: () => {} });
beforeAll(async () => {
  t = await testApp();
});
afterAll(async () => {
  await queue.close();
  await t?.close();
});

type Scene = Awaited<ReturnType<typeof buildScoreScene>>;
const row = async (id: number) => (await t.database.db.select().from(subject).where(eq(subject.id, id)))[0]!;
const inSeconds = (s: number) => new Date(Date.now() + s * 1000).toISOString();
const all = ['B'];
/** Moves a subject's 定时发布 time a second into the past, as if the hour set had gone by. */
const timeHasCome = (subjectId: number) =>
  t.database.db
    .update(subject)
    .set({ publishAt: new Date(Date.now() - 1000) })
    .where(eq(subject.id, subjectId));

/**
 * The score scene with its full marks set to what its questions total (3 + 3 + 5 + 2 + 10 + 10 of 选做 = 33):
 * publishing refuses a structure that does not add up.
 */
async function sceneOf(examinees: number): Promise<Scene> {
  const s = await buildScoreScene(t.app, t.database.db, examinees);
  await t.database.db.update(subject).set({ fullScore: 33 }).where(eq(subject.id, s.subjectId));
  return s;
}

/** Two examinees; the first has a marked sheet, the second none (one blocker) unless `both`. Marking done. */
async function doneScene(name: string, both = true): Promise<Scene & { url: string }> {
  const scene = await sceneOf(2);
  for (const e of scene.examinees.slice(0, both ? 2 : 1)) {
    await scene.addMarked(e.id, { '1': all }, { '21': 4, '22': 3, '23': 0 });
  }
  await t.database.db.update(subject).set({ name }).where(eq(subject.id, scene.subjectId));
  await scene.setStatus(SubjectStatus.done);
  await scene.recompute();
  return { ...scene, url: `/filter/api/subject/${scene.subjectId}` };
}

describe('POST score/release and release/cancel', () => {
  it('refuses while scoreCheck finds something, publishes once settled, cancels back to 阅卷完成', async () => {
    const s = await doneScene('语文', false);
    const refused = body<ScoreBlocker[]>(await s.admin.post(`${s.url}/score/release`));
    expect(refused.message).toBe('成绩核查未通过，不能发布：无答题卡且未登记缺考的考生 1');
    expect(refused.data.map((b) => [b.kind, b.count])).toEqual([['missing', 1]]);
    expect(body(await s.teacher.post(`${s.url}/score/release`)).message).toBe('无权限');
    expect(body(await s.admin.post('/filter/api/subject/0/score/release')).code).toBe(1);
    // before publishing a teacher of the school waits
    expect(body(await s.teacher.get(`${s.url}/score/summary`)).message).toBe(NOT_PUBLISHED);

    const p = await s.addPaper(s.examinees[1]!.id, { '1': all });
    await s.addBlockScore(p.id, { '21': 1, '22': 0, '23': 0 });
    const ok = body<{ status: number }>(await s.admin.post(`${s.url}/score/release`));
    expect(ok).toMatchObject({ code: 0, data: { status: SubjectStatus.published } });
    expect(body(await s.admin.post(`${s.url}/score/release`)).message).toBe(SUBJECT_STATE_FORBIDS);
    const audit = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'subject.publish'), eq(auditLog.target, `subject:${s.subjectId}`)));
    expect(audit).toHaveLength(1);
    // published: the teacher reads it; marks, keys, adjustments, 违纪 and recompute are refused
    expect(body(await s.teacher.get(`${s.url}/score/summary`)).code).toBe(0);
    expect(body(await s.teacher.get(`${s.url}/score/check`)).code).toBe(0);
    const e0 = s.examinees[0]!.id;
    const refusedChanges = [
      await s.admin.post(`${s.url}/score/adjust`, {
        examineeId: e0,
        questionNo: '21',
        score: 5,
        reason: '复核',
      }),
      await s.admin.post(`${s.url}/score/irregular`, { examineeId: e0, reason: '夹带' }),
      await s.admin.post(`${s.url}/score/recompute`),
      await s.admin.post(`/filter/api/api/subject/${s.subjectId}/setting/questions/answer`, {
        answers: [{ no: '2', answer: 'A' }],
      }),
    ];
    expect(refusedChanges.map((r) => body(r).message)).toEqual(Array(4).fill(SUBJECT_STATE_FORBIDS));

    expect(body(await s.teacher.post(`${s.url}/score/release/cancel`)).message).toBe('无权限');
    const back = body<{ status: number }>(await s.admin.post(`${s.url}/score/release/cancel`));
    expect(back.data.status).toBe(SubjectStatus.done);
    expect(body(await s.admin.post(`${s.url}/score/release/cancel`)).message).toBe(SUBJECT_STATE_FORBIDS);
    const adjusted = await s.admin.post(`${s.url}/score/adjust`, {
      examineeId: e0,
      questionNo: '21',
      score: 5,
      reason: '复核',
    });
    expect(body(adjusted).code).toBe(0);
    const state = body<PublishState>(await s.teacher.get(`${s.url}/score/release`)).data;
    expect(state).toMatchObject({
      status: SubjectStatus.done,
      publishAt: null,
      tongfen: false,
      xianyue: false,
    });
  });
});

describe('a structure that does not add up', () => {
  it('blocks 发布, 定时发布, 批量发布 and 先阅后扫统分 until the questions total the full marks', async () => {
    const s = await doneScene('政治');
    // 33 of questions against a full 43: every 四率 line would be a share of the wrong full marks
    await t.database.db.update(subject).set({ fullScore: 43 }).where(eq(subject.id, s.subjectId));
    const check = body<{ ok: boolean; blockers: ScoreBlocker[] }>(await s.admin.get(`${s.url}/score/check`));
    expect(check.data.blockers.map((b) => [b.kind, b.count, b.label])).toEqual([
      ['structure', 10, '题目总分与科目满分相差的分数'],
    ]);
    const refusal = '成绩核查未通过，不能发布：题目总分与科目满分相差的分数 10';
    expect(body(await s.admin.post(`${s.url}/score/release`)).message).toBe(refusal);
    const batch = body<BatchReleaseItem[]>(
      await s.admin.post(`/filter/api/exam/${s.examId}/score/batchRelease`, { subjectIds: [s.subjectId] }),
    ).data;
    expect(batch.map((x) => [x.ok, x.message])).toEqual([[false, refusal]]);
    await s.admin.post(`${s.url}/score/delayPublish`, { publishAt: inSeconds(3600) });
    await timeHasCome(s.subjectId);
    expect(await jobsOf(t).fire({ subjectId: s.subjectId })).toBe('refused');
    expect((await row(s.subjectId)).status).toBe(SubjectStatus.done);

    // 先阅后扫: the strips unified, but not published
    const x = await sceneOf(1);
    await t.database.db.update(subject).set({ fullScore: 40 }).where(eq(subject.id, x.subjectId));
    await x.addPaper(
      x.examinees[0]!.id,
      { '1': all },
      {
        scores: { s1: { question: '21', value: 8 }, s2: { question: '22|23', value: 5 } },
      },
    );
    const tongfen = body<ScoreBlocker[]>(
      await x.admin.post(`/filter/api/subject/${x.subjectId}/xianyuehousao/tongfen`),
    );
    expect(tongfen.data.map((b) => [b.kind, b.count])).toEqual([['structure', 7]]);
    expect((await row(x.subjectId)).status).toBe(SubjectStatus.setting);

    // the full marks put right: it publishes
    await t.database.db.update(subject).set({ fullScore: 33 }).where(eq(subject.id, s.subjectId));
    expect(body(await s.admin.post(`${s.url}/score/release`)).code).toBe(0);
  });
});

describe('POST score/delayPublish (定时发布)', () => {
  it('validates, stores and clears a time; the job publishes when it has come, once', async () => {
    const s = await doneScene('英语');
    const url = `${s.url}/score/delayPublish`;
    expect(body(await s.admin.post(url, { publishAt: '明天早上' })).code).toBe(1);
    expect(body(await s.admin.post(url, {})).code).toBe(1);
    expect(body(await s.admin.post(url, { publishAt: inSeconds(-60) })).message).toBe(
      '发布时间须晚于当前时间',
    );
    expect(body(await s.admin.post(url, { publishAt: null })).message).toBe('该科目没有设置定时发布');
    expect(body(await s.teacher.post(url, { publishAt: inSeconds(3600) })).message).toBe('无权限');
    const at = inSeconds(3600);
    const set = body<PublishState>(await s.admin.post(url, { publishAt: at }));
    expect(set.data.publishAt).toBe(new Date(at).toISOString());
    expect(body<PublishState>(await s.admin.post(url, { publishAt: null })).data.publishAt).toBeNull();
    await s.admin.post(url, { publishAt: inSeconds(3600) });

    // the service of the running app, its handler called directly instead of waiting an hour
    const job = jobsOf(t);
    expect(await job.fire({ subjectId: s.subjectId })).toBe('skipped');
    await timeHasCome(s.subjectId);
    expect(await job.fire({ subjectId: s.subjectId })).toBe('published');
    expect(await row(s.subjectId)).toMatchObject({ status: SubjectStatus.published, publishAt: null });
    expect(await job.fire({ subjectId: s.subjectId })).toBe('skipped');
    const [line] = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'subject.publish'), eq(auditLog.target, `subject:${s.subjectId}`)));
    expect(line).toMatchObject({ userId: null, detail: expect.objectContaining({ by: 'schedule' }) });
    expect(body(await s.admin.post(url, { publishAt: inSeconds(3600) })).message).toBe(SUBJECT_STATE_FORBIDS);
  });

  it('arms a timer that fired before its own time again, and leaves one armed for a time since moved', async () => {
    const s = await doneScene('生物');
    await s.admin.post(`${s.url}/score/delayPublish`, { publishAt: inSeconds(3600) });
    const at = (await row(s.subjectId)).publishAt!.getTime();
    const armed: Array<{ payload: unknown; opts?: EnqueueOptions }> = [];
    const capture: Jobs = {
      register: () => {},
      enqueue: async (_name, payload, opts) => void armed.push({ payload, opts }),
    };
    const job = jobsOf(t, capture);
    // a timer runs on the monotonic clock, armed late by a busy event loop: it can fire before the wall clock's time
    const early = new Date(at - 40);
    expect(await job.fire({ subjectId: s.subjectId, at }, early)).toBe('skipped');
    expect(armed).toEqual([
      {
        payload: { subjectId: s.subjectId, at },
        opts: { jobId: `${s.subjectId}:${at}:${early.getTime()}`, delayMs: expect.any(Number) },
      },
    ]);
    expect(armed[0]!.opts!.delayMs).toBeGreaterThan(0);
    // a job armed for a time since moved, or armed before jobs carried their time: the move armed its own
    expect(await job.fire({ subjectId: s.subjectId, at: at - 60_000 }, early)).toBe('skipped');
    expect(await job.fire({ subjectId: s.subjectId }, early)).toBe('skipped');
    expect(armed).toHaveLength(1);
    expect((await row(s.subjectId)).publishAt!.getTime()).toBe(at);
  });

  it('a time that finds blockers clears itself and keeps why in the audit log', async () => {
    const s = await doneScene('物理', false);
    await s.admin.post(`${s.url}/score/delayPublish`, { publishAt: inSeconds(3600) });
    await timeHasCome(s.subjectId);
    expect(await jobsOf(t).fire({ subjectId: s.subjectId })).toBe('refused');
    expect(await row(s.subjectId)).toMatchObject({ status: SubjectStatus.done, publishAt: null });
    const [line] = await t.database.db
      .select()
      .from(auditLog)
      .where(
        and(
          eq(auditLog.action, 'score.publishSchedule.fired'),
          eq(auditLog.target, `subject:${s.subjectId}`),
        ),
      );
    expect(line!.detail).toMatchObject({ refused: expect.stringContaining('成绩核查未通过') });
  });

  it('survives a restart: a server stopped before the time publishes when started again', async () => {
    const s = await doneScene('化学');
    const start = async () => {
      const dir = path.join(t.config.dataDir, 'files');
      const app = await buildApp(t.config, {
        database: t.database,
        queue: memoryQueue({ error: () => {} }),
        storage: fsStorage(dir),
        sms: { send: async () => {} },
      });
      await app.ready();
      return app;
    };
    const first = await start();
    const res = await first.inject({
      method: 'POST',
      url: `${s.url}/score/delayPublish`,
      headers: { ...XHR, cookie: s.admin.cookie },
      payload: { publishAt: inSeconds(2) },
    });
    expect(body(res).code).toBe(0);
    // stopped before the time: its timer goes with it
    await first.close();
    expect((await row(s.subjectId)).status).toBe(SubjectStatus.done);
    const second = await start();
    try {
      for (let i = 0; i < 300 && (await row(s.subjectId)).status !== SubjectStatus.published; i++)
        await new Promise((r) => setTimeout(r, 100));
      expect(await row(s.subjectId)).toMatchObject({ status: SubjectStatus.published, publishAt: null });
    } finally {
      await second.close();
    }
  });
});

describe('exam release screen and batchRelease', () => {
  it('lists every subject with its blockers; publishes the chosen ones, each refusal says why', async () => {
    const s = await doneScene('数学');
    const [other] = await t.database.db
      .insert(subject)
      .values({ examId: s.examId, course: '地理', name: '地理', fullScore: 100, status: SubjectStatus.done })
      .returning();
    const elsewhere = await doneScene('历史');
    const url = `/filter/api/exam/${s.examId}/score`;
    const rows = body<ExamReleaseRow[]>(await s.admin.get(`${url}/release`)).data;
    expect(rows.map((r) => [r.name, r.status, r.blockers.map((b) => b.kind), r.canPublish])).toEqual([
      ['数学', SubjectStatus.done, [], true],
      // 地理 has no questions yet: none of its 100 full marks is counted
      ['地理', SubjectStatus.done, ['missing', 'structure'], true],
    ]);
    expect(body(await s.teacher.get(`${url}/release`)).message).toBe('无权限');
    expect(body(await s.admin.post(`${url}/batchRelease`, { subjectIds: [] })).message).toContain(
      '请选择要发布的科目',
    );
    expect(body(await s.admin.post(`${url}/batchRelease`, { subjectIds: [0] })).code).toBe(1);
    expect(body(await s.teacher.post(`${url}/batchRelease`, { subjectIds: [s.subjectId] })).message).toBe(
      '无权限',
    );
    const out = body<BatchReleaseItem[]>(
      await s.admin.post(`${url}/batchRelease`, {
        subjectIds: [s.subjectId, other!.id, elsewhere.subjectId],
      }),
    ).data;
    expect(out.map((x) => [x.name, x.ok, x.message, x.blockers.map((b) => b.kind)])).toEqual([
      ['数学', true, '已发布', []],
      [
        '地理',
        false,
        '成绩核查未通过，不能发布：无答题卡且未登记缺考的考生 2、题目总分与科目满分相差的分数 100',
        ['missing', 'structure'],
      ],
      ['', false, '科目不属于该考试', []],
    ]);
    expect((await row(s.subjectId)).status).toBe(SubjectStatus.published);
    expect((await row(other!.id)).status).toBe(SubjectStatus.done);
    const again = body<BatchReleaseItem[]>(
      await s.admin.post(`${url}/batchRelease`, { subjectIds: [s.subjectId] }),
    ).data;
    expect(again[0]).toMatchObject({ ok: false, message: SUBJECT_STATE_FORBIDS });
  });
});

describe('先阅后扫统分 (xianyuehousao/tongfen, cancelXianyueTongfen)', () => {
  const strips = (a: number | null, b: number | null) => ({
    scores: { s1: { question: '21', value: a }, s2: { question: '22|23', value: b } },
  });

  it('unifies the strip scores and publishes from 设置中; cancelled back to 设置中', async () => {
    const s = await sceneOf(2);
    const url = `/filter/api/subject/${s.subjectId}`;
    await s.addPaper(s.examinees[0]!.id, { '1': all }, strips(8, 5));
    await s.addPaper(s.examinees[1]!.id, { '1': all }, strips(2, null));
    // the second sheet's strip was not read: its block is still unscored
    const refused = body<ScoreBlocker[]>(await s.admin.post(`${url}/xianyuehousao/tongfen`));
    expect(refused.data.map((b) => [b.kind, b.count])).toEqual([['unmarked', 1]]);
    expect((await row(s.subjectId)).status).toBe(SubjectStatus.setting);
    expect(body(await s.teacher.post(`${url}/xianyuehousao/tongfen`)).message).toBe('无权限');

    await t.database.db
      .update(paper)
      .set(strips(2, 1))
      .where(and(eq(paper.subjectId, s.subjectId), eq(paper.examineeId, s.examinees[1]!.id)));
    const done = body<{ status: number }>(await s.admin.post(`${url}/xianyuehousao/tongfen`));
    expect(done).toMatchObject({ code: 0, data: { status: SubjectStatus.published } });
    const state = body<PublishState>(await s.admin.get(`${url}/score/release`)).data;
    expect(state).toMatchObject({ tongfen: true, xianyue: true });
    // 1 right (3) + strips: 8 + 5 = 16; 3 + 2 + 1 = 6
    const summary = body<{ total: { max: number; min: number } }>(
      await s.teacher.get(`${url}/score/summary`),
    );
    expect(summary.data.total).toMatchObject({ max: 16, min: 6 });

    expect(body(await s.admin.post(`${url}/score/release/cancel`)).message).toBe(
      '该科目由先阅后扫统分发布，请使用“取消统分发布”',
    );
    expect(body(await s.teacher.post(`${url}/cancelXianyueTongfen`)).message).toBe('无权限');
    const back = body<{ status: number }>(await s.admin.post(`${url}/cancelXianyueTongfen`));
    expect(back.data.status).toBe(SubjectStatus.setting);
    expect(body(await s.admin.post(`${url}/cancelXianyueTongfen`)).message).toBe(SUBJECT_STATE_FORBIDS);
    expect((await row(s.subjectId)).tongfenAt).toBeNull();
  });

  it('refuses a subject without strips, one being marked, and the cancel of an ordinary publish', async () => {
    const plain = await doneScene('生物');
    expect(body(await plain.admin.post(`${plain.url}/xianyuehousao/tongfen`)).message).toBe(
      '该科目的答题卡没有打分栏分数，不是先阅后扫科目',
    );
    expect(body(await plain.admin.post(`${plain.url}/score/release`)).code).toBe(0);
    expect(body(await plain.admin.post(`${plain.url}/cancelXianyueTongfen`)).message).toBe(
      '该科目不是由先阅后扫统分发布的，请使用“取消发布”',
    );
    const s = await sceneOf(1);
    await s.addPaper(s.examinees[0]!.id, { '1': all }, strips(8, 5));
    await s.setStatus(SubjectStatus.reviewing);
    expect(body(await s.admin.post(`/filter/api/subject/${s.subjectId}/xianyuehousao/tongfen`)).message).toBe(
      SUBJECT_STATE_FORBIDS,
    );
    expect(body(await s.admin.post('/filter/api/subject/abc/xianyuehousao/tongfen')).code).toBe(1);
  });
});

/** The publish job's service on the test database; its handler is called directly instead of waiting. */
function jobsOf(app: TestApp, q: Jobs = jobs(queue)) {
  const db = app.database.db;
  const audit = auditModule({ db }).audit;
  return scorePublishService({
    db,
    repo: scorePublishRepo,
    queryRepo: scoreQueryRepo,
    templateFit: templateMismatches,
    audit,
    queue: q,
    subjects: subjectService({
      db,
      repo: subjectRepo,
      audit,
      startPorts: { scanMissing, templateFit: templateMismatches },
    }),
    compute: scoreComputing({ db }),
    scopes: examModule({ db, audit }).scopes,
    stripScores: refreshStripScores,
    subjectRows: subjectRepo,
  });
}
