import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { PortalOnlineItem, SitReceipt, SitterList, SitView } from '@yj/contracts';
import { auditLog, onlineAttempt, onlineExam, onlineMakeup, paper } from '../../db/schema';
import { body } from '../../../test/app';
import { withScene } from '../../../test/app-fixture';
import { buildScoreScene } from '../../../test/score';
import { buildOnlineMarker, onlineHandInJob, onlineScene } from '../../../test/online';

// 补考 (issue 34): examinees who did not sit given a window of their own; their start and hand-in honour it,
// their papers join the rest; refused for who handed in or is answering, another exam's examinee, another
// school, after 开始阅卷; 开始阅卷 waits for windows not over.
const { t, scene: s } = withScene(onlineScene(5));

const at = (min: number) => new Date(Date.now() + min * 60_000);
const minutes = (n: number) => at(n).toISOString();
const idOf = (i: number) => s.examinees[i]!.id;
const give = (ids: number[], startsAt: string, endsAt: string, durationMin: number | null = null) =>
  s.admin.post(`${s.url}/makeup`, { examineeIds: ids, startsAt, endsAt, durationMin });
const attemptOf = async (i: number) =>
  (
    await t.database.db
      .select()
      .from(onlineAttempt)
      .where(and(eq(onlineAttempt.subjectId, s.subjectId), eq(onlineAttempt.examineeId, idOf(i))))
  )[0];

describe('补考 given to who did not sit', () => {
  it('refuses an online subject’s 补考 before it is launched', async () => {
    // (a paper subject's 补考 needs no launch: online-paper-makeup.test.ts)
    const setting = {
      mode: 'online',
      startsAt: minutes(-5),
      endsAt: minutes(60),
      durationMin: 30,
      contents: [],
    };
    expect(body(await s.admin.post(s.url, setting)).code).toBe(0);
    expect(body(await give([idOf(2)], minutes(1), minutes(60))).errCode).toBe(12148);
    expect(body(await s.admin.post(`${s.url}/launch`)).code).toBe(0);
  });

  it('the window missed: a student who never started cannot start', async () => {
    // s.students[0] hands in, s.students[1] is answering when the exam's window closes
    expect(body(await s.students[0]!.post(`${s.sit}/start`)).code).toBe(0);
    expect(body(await s.students[0]!.post(`${s.sit}/answer`, { no: '1', value: 'B', rev: 1 })).code).toBe(0);
    expect(body(await s.students[0]!.post(`${s.sit}/submit`)).code).toBe(0);
    expect(body(await s.students[1]!.post(`${s.sit}/start`)).code).toBe(0);
    await t.database.db
      .update(onlineExam)
      .set({ startsAt: at(-120), endsAt: at(-1) })
      .where(eq(onlineExam.subjectId, s.subjectId));
    expect(body(await s.students[2]!.post(`${s.sit}/start`)).errCode).toBe(12085);
  });

  it('refuses a bad or past window, a handed-in or answering student, another exam and another school', async () => {
    expect(body(await give([idOf(2)], minutes(30), minutes(10))).errCode).toBe(12141);
    expect(body(await give([idOf(2)], minutes(-60), minutes(-1))).errCode).toBe(12140);
    const done = body(await give([idOf(2), idOf(0)], minutes(1), minutes(60)));
    expect([done.errCode, done.message]).toEqual([
      12142,
      `考号 ${s.examinees[0]!.kaohao} 的考生已交卷，不能安排补考（如需再次作答请使用“重新开放”）`,
    ]);
    expect(body(await give([idOf(1)], minutes(1), minutes(60))).errCode).toBe(12143);
    const other = await buildScoreScene(t.app, t.database.db, 1);
    expect(body(await give([idOf(2), other.examinees[0]!.id], minutes(1), minutes(60))).errCode).toBe(12144);
    const foreign = await other.admin.post(`${s.url}/makeup`, {
      examineeIds: [idOf(2)],
      startsAt: minutes(1),
      endsAt: minutes(60),
      durationMin: null,
    });
    expect(body(foreign).message).toBe('无权限');
    const teacher = await s.teacher.post(`${s.url}/makeup`, {
      examineeIds: [idOf(2)],
      startsAt: minutes(1),
      endsAt: minutes(60),
      durationMin: null,
    });
    expect(body(teacher).message).toBe('无权限');
    // all or none: nothing was written by the refused calls
    expect(await t.database.db.select().from(onlineMakeup)).toEqual([]);
  });

  it('a window to come: shown to the student, not open yet; changed, it opens with its own duration', async () => {
    expect(body(await give([idOf(2)], minutes(10), minutes(70))).code).toBe(0);
    const list = body<PortalOnlineItem[]>(await s.students[2]!.get('/filter/api/portal/online')).data;
    expect(list).toMatchObject([{ subjectId: s.subjectId, makeup: true, open: false, durationMin: 30 }]);
    expect(new Date(list[0]!.startsAt).getTime()).toBeGreaterThan(Date.now() + 9 * 60_000);
    expect(body(await s.students[2]!.post(`${s.sit}/start`)).errCode).toBe(12085);
    // s.students[3] has no 补考: still the exam's closed window
    const plain = body<PortalOnlineItem[]>(await s.students[3]!.get('/filter/api/portal/online')).data;
    expect(plain).toMatchObject([{ makeup: false, open: false }]);

    expect(body(await give([idOf(2)], minutes(-1), minutes(20), 15)).code).toBe(0);
    const open = body<PortalOnlineItem[]>(await s.students[2]!.get('/filter/api/portal/online')).data;
    expect(open).toMatchObject([{ makeup: true, open: true, durationMin: 15 }]);
    const v = body<SitView>(await s.students[2]!.post(`${s.sit}/start`)).data;
    expect(v).toMatchObject({ state: 'inProgress', durationMin: 15 });
    // start + 15 min, inside the window's 20
    const left = new Date(v.deadline!).getTime() - Date.now();
    expect(left).toBeGreaterThan(14 * 60_000);
    expect(left).toBeLessThanOrEqual(15 * 60_000);
    // started: no more change nor withdrawal
    expect(body(await give([idOf(2)], minutes(1), minutes(60))).errCode).toBe(12143);
    expect(body(await s.admin.post(`${s.url}/makeup/withdraw`, { examineeIds: [idOf(2)] })).errCode).toBe(
      12143,
    );
    expect(body(await s.students[2]!.post(`${s.sit}/answer`, { no: '1', value: 'B', rev: 1 })).code).toBe(0);
    const r = body<SitReceipt>(await s.students[2]!.post(`${s.sit}/submit`)).data;
    expect(r).toMatchObject({ submitKind: 'manual', answered: 1 });
    const logs = await t.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'subject.online.makeup'))
      .orderBy(auditLog.id);
    const kaohao = s.examinees[2]!.kaohao;
    expect(logs.map((l) => l.detail)).toMatchObject([
      { kaohao: [kaohao], durationMin: 30, before: [] },
      { kaohao: [kaohao], durationMin: 15, before: [{ kaohao, durationMin: 30 }] },
    ]);
  });

  it('the window’s end caps the deadline; the periodic hand-in hands it in at that end', async () => {
    const ends = new Date(Date.now() + 2500);
    expect(body(await give([idOf(3)], minutes(-1), ends.toISOString(), 60)).code).toBe(0);
    const v = body<SitView>(await s.students[3]!.post(`${s.sit}/start`)).data;
    expect(v.deadline).toBe(ends.toISOString());
    expect(
      body(await s.students[3]!.post(`${s.sit}/answer`, { no: '21', value: '补考的作答', rev: 1 })).code,
    ).toBe(0);
    await new Promise((ok) => setTimeout(ok, 2700));
    const { job, remove } = onlineHandInJob(t.database.db);
    expect(await job.sweep()).toBeGreaterThanOrEqual(1);
    const a = await attemptOf(3);
    expect([a!.submitKind, a!.submittedAt?.toISOString()]).toEqual(['timeout', ends.toISOString()]);
    const [p] = await t.database.db
      .select()
      .from(paper)
      .where(and(eq(paper.subjectId, s.subjectId), eq(paper.examineeId, idOf(3))));
    expect(p!.status).toBe('ok');
    remove();
  });

  it('the school’s list shows who has a 补考; one not started is withdrawn, audited', async () => {
    expect(body(await s.students[1]!.post(`${s.sit}/submit`)).code).toBe(0);
    expect(body(await give([idOf(4)], minutes(30), minutes(90))).code).toBe(0);
    const list = body<SitterList>(await s.admin.get(`${s.url}/sitters?makeup=1`)).data;
    expect(list.counts).toMatchObject({ notStarted: 1, submitted: 4, makeup: 3 });
    expect(list.total).toBe(3);
    expect(list.items.map((i) => [i.examineeId, i.state, i.makeup?.durationMin])).toEqual([
      [idOf(2), 'submitted', 15],
      [idOf(3), 'submitted', 60],
      [idOf(4), 'notStarted', 30],
    ]);
    const all = body<SitterList>(await s.admin.get(`${s.url}/sitters`)).data;
    expect(all.items.find((i) => i.examineeId === idOf(0))!.makeup).toBeNull();

    // a window not over that nobody has started holds 开始阅卷
    const start = `/filter/api/subject/${s.subjectId}/review/start`;
    const held = body(await s.admin.get(start));
    expect([held.errCode, held.message]).toEqual([
      12147,
      '尚有 1 名考生的补考未结束，须待其交卷或补考时间结束后再开始阅卷',
    ]);
    expect(body(await s.admin.post(`${s.url}/makeup/withdraw`, { examineeIds: [idOf(4)] })).code).toBe(0);
    expect(body(await s.admin.post(`${s.url}/makeup/withdraw`, { examineeIds: [idOf(4)] })).errCode).toBe(
      12146,
    );
    const [log] = await t.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'subject.online.makeupWithdraw'));
    expect(log!.detail).toMatchObject({ withdrawn: [{ kaohao: s.examinees[4]!.kaohao, durationMin: 30 }] });
    expect(body<SitterList>(await s.admin.get(`${s.url}/sitters`)).data.counts.makeup).toBe(2);

    // marking begun: 补考 no longer given (its paper would miss the pool and the scores published with it)
    await buildOnlineMarker(t, s);
    expect(body(await s.admin.get(start)).code).toBe(0);
    expect(body(await give([idOf(4)], minutes(1), minutes(60))).errCode).toBe(12145);
  });
});
