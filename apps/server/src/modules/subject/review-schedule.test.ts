import { and, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SUBJECT_STATE_FORBIDS, SubjectStatus, type ReviewDoneCheck } from '@yj/contracts';
import { auditLog, subject } from '../../db/schema';
import { jobs as typedJobs, type Jobs } from '../../infra/jobs';
import { memoryQueue, type EnqueueOptions } from '../../infra/queue';
import { body, testApp, type TestApp } from '../../../test/app';
import { reviewScene } from '../../../test/review';
import { auditModule } from '../audit/audit.module';
import { reviewScheduleService } from './review-schedule';
import { subjectRepo } from './subject.repo';
import { subjectService } from './subject.service';
import { scanMissing } from '../scan/scan.module';
import { templateMismatches } from '../template/template.module';

let t: TestApp;
const queue = memoryQueue({ error: () => {} });
let left: ReviewDoneCheck = { unmarked: 0, arbitration: 0, problems: 0 };

beforeAll(async () => {
  t = await testApp();
});
afterAll(async () => {
  await queue.close();
  await t.close();
});

/** The job's service on the test database; its handler is called directly instead of waiting for the time. */
function jobs(q: Jobs = typedJobs(queue)) {
  const subjects = subjectService({
    db: t.database.db,
    repo: subjectRepo,
    audit: auditModule({ db: t.database.db }).audit,
    startPorts: { scanMissing, templateFit: templateMismatches },
    hooks: { doneCheck: async () => left },
  });
  return reviewScheduleService({
    db: t.database.db,
    repo: subjectRepo,
    audit: auditModule({ db: t.database.db }).audit,
    queue: q,
    subjects,
  });
}
const inHours = (h: number) => new Date(Date.now() + h * 3600_000).toISOString();
const row = async (id: number) => (await t.database.db.select().from(subject).where(eq(subject.id, id)))[0]!;
/** The time has come: the stored time moved into the past, as if the clock had reached it. */
const arrive = (id: number, column: 'reviewStartAt' | 'reviewEndAt') =>
  t.database.db
    .update(subject)
    .set({ [column]: new Date(Date.now() - 1000) })
    .where(eq(subject.id, id));

describe('review/schedule', () => {
  it('stores a start and an end time, clears one with null, and validates them', async () => {
    const s = await reviewScene(t.app, t.database.db, '定时考试');
    const url = `/filter/api/subject/${s.subjectId}/review/schedule`;
    const startAt = inHours(2);
    const endAt = inHours(30);
    const saved = body<{ reviewStartAt: string; reviewEndAt: string }>(
      await s.admin.post(url, { startAt, endAt }),
    );
    expect(saved.data).toEqual({
      reviewStartAt: new Date(startAt).toISOString(),
      reviewEndAt: new Date(endAt).toISOString(),
    });
    expect(body(await s.admin.post(url, { endAt: null })).data).toEqual({
      reviewStartAt: new Date(startAt).toISOString(),
      reviewEndAt: null,
    });
    expect((await row(s.subjectId)).reviewEndAt).toBeNull();
    expect(body(await s.admin.post(url, {})).message).toBe('请设置开始或结束时间');
    expect(body(await s.admin.post(url, { startAt: '明天早上' })).code).toBe(1);
    expect(body(await s.admin.post(url, { startAt: inHours(-1) })).message).toBe('开始时间须晚于当前时间');
    expect(body(await s.admin.post(url, { endAt: inHours(1) })).message).toBe('结束时间须晚于开始时间');
    expect(body(await s.teacher.post(url, { startAt })).message).toBe('无权限');
    const lines = await t.database.db
      .select()
      .from(auditLog)
      .where(
        and(eq(auditLog.action, 'subject.reviewSchedule'), eq(auditLog.target, `subject:${s.subjectId}`)),
      );
    expect(lines).toHaveLength(2);
  });

  it('fires the start when its time has come, once; a moved time does nothing', async () => {
    const s = await reviewScene(t.app, t.database.db, '定时开始');
    await s.fix.blocks();
    await s.fix.exceptions();
    await s.fix.scanning();
    const url = `/filter/api/subject/${s.subjectId}/review/schedule`;
    await s.admin.post(url, { startAt: inHours(1) });
    const job = jobs();
    // not yet: the job armed for the old time finds a later one (moved) and leaves it
    expect(await job.fire({ subjectId: s.subjectId, kind: 'start' })).toBe('skipped');
    await arrive(s.subjectId, 'reviewStartAt');
    expect(await job.fire({ subjectId: s.subjectId, kind: 'start' })).toBe('started');
    expect(await row(s.subjectId)).toMatchObject({ status: SubjectStatus.reviewing, reviewStartAt: null });
    // a replayed job finds the time gone
    expect(await job.fire({ subjectId: s.subjectId, kind: 'start' })).toBe('skipped');
    const [line] = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'subject.reviewStart'), eq(auditLog.target, `subject:${s.subjectId}`)));
    expect(line).toMatchObject({ userId: null, detail: expect.objectContaining({ by: 'schedule' }) });
    // a start time cannot be set once marking has started
    expect(body(await s.admin.post(url, { startAt: inHours(1) })).message).toBe(SUBJECT_STATE_FORBIDS);
  });

  it('arms a timer that fired before its own time again, and leaves one armed for a time since moved', async () => {
    const s = await reviewScene(t.app, t.database.db, '定时提前');
    await s.admin.post(`/filter/api/subject/${s.subjectId}/review/schedule`, { startAt: inHours(1) });
    const at = (await row(s.subjectId)).reviewStartAt!.getTime();
    const armed: Array<{ payload: unknown; opts?: EnqueueOptions }> = [];
    const job = jobs({
      register: () => {},
      enqueue: async (_n, payload, opts) => void armed.push({ payload, opts }),
    });
    const early = new Date(at - 40);
    expect(await job.fire({ subjectId: s.subjectId, kind: 'start', at }, early)).toBe('skipped');
    expect(armed).toEqual([
      {
        payload: { subjectId: s.subjectId, kind: 'start', at },
        opts: { jobId: `${s.subjectId}:start:${at}:${early.getTime()}`, delayMs: expect.any(Number) },
      },
    ]);
    expect(await job.fire({ subjectId: s.subjectId, kind: 'start', at: at - 60_000 }, early)).toBe('skipped');
    expect(armed).toHaveLength(1);
    expect((await row(s.subjectId)).reviewStartAt!.getTime()).toBe(at);
  });

  it('a refused start clears its time and logs the reasons (no force on a schedule)', async () => {
    const s = await reviewScene(t.app, t.database.db, '定时被拒');
    await s.admin.post(`/filter/api/subject/${s.subjectId}/review/schedule`, { startAt: inHours(1) });
    await arrive(s.subjectId, 'reviewStartAt');
    expect(await jobs().fire({ subjectId: s.subjectId, kind: 'start' })).toBe('refused');
    expect(await row(s.subjectId)).toMatchObject({ status: SubjectStatus.setting, reviewStartAt: null });
    const [line] = await t.database.db
      .select()
      .from(auditLog)
      .where(
        and(
          like(auditLog.action, 'subject.reviewSchedule.fired'),
          eq(auditLog.target, `subject:${s.subjectId}`),
        ),
      );
    expect(line!.detail).toMatchObject({ kind: 'start', refused: expect.stringContaining('不能开始阅卷') });
  });

  it('at the end time finishes a subject with nothing left, else pauses it', async () => {
    const s = await reviewScene(t.app, t.database.db, '定时结束');
    await s.fix.blocks();
    await s.fix.exceptions();
    await s.fix.scanning();
    await s.admin.get(`/filter/api/subject/${s.subjectId}/review/start`);
    const url = `/filter/api/subject/${s.subjectId}/review/schedule`;
    const job = jobs();
    left = { unmarked: 2, arbitration: 0, problems: 1 };
    await s.admin.post(url, { endAt: inHours(3) });
    await arrive(s.subjectId, 'reviewEndAt');
    expect(await job.fire({ subjectId: s.subjectId, kind: 'end' })).toBe('paused');
    expect(await row(s.subjectId)).toMatchObject({ status: SubjectStatus.paused, reviewEndAt: null });
    left = { unmarked: 0, arbitration: 0, problems: 0 };
    await s.admin.post(url, { endAt: inHours(3) });
    await arrive(s.subjectId, 'reviewEndAt');
    expect(await job.fire({ subjectId: s.subjectId, kind: 'end' })).toBe('done');
    expect(await row(s.subjectId)).toMatchObject({ status: SubjectStatus.done, reviewEndAt: null });
  });

  it('on server start fires the times that passed while it was down', async () => {
    const s = await reviewScene(t.app, t.database.db, '停机期间');
    await s.fix.blocks();
    await s.fix.exceptions();
    await s.fix.scanning();
    await s.admin.post(`/filter/api/subject/${s.subjectId}/review/schedule`, { startAt: inHours(1) });
    await arrive(s.subjectId, 'reviewStartAt');
    const fired = await jobs().resume();
    expect(fired).toContain('started');
    expect((await row(s.subjectId)).status).toBe(SubjectStatus.reviewing);
  });
});
