import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type {
  MarkOrigin,
  OnlineSetting,
  PortalOnlineItem,
  ScoreStudentsPage,
  SitReceipt,
  SitterList,
  SitView,
} from '@yj/contracts';
import sharp from 'sharp';
import { auditLog, block, onlineAttempt, paper, scanBatch, scanPage } from '../../db/schema';
import { body } from '../../../test/app';
import { withScene } from '../../../test/app-fixture';
import type { PortalClient } from '../../../test/portal';
import { claimTasks } from '../../../test/marking';
import { buildOnlineMarker, onlineHandInJob, onlineScene } from '../../../test/online';
import { TYPED_PAGE, typedPageHeight } from './online-typed';

// 在线考试 (issue 34): the school sets a subject online and launches it; students start, save, resume, leave,
// submit (the objective part scored by packages/scoring), time out; the school sees who is where and reopens.
let s1: PortalClient, s2: PortalClient, s3: PortalClient;

const minutes = (n: number) => new Date(Date.now() + n * 60_000).toISOString();
// a written answer of 100 lines: more than one TYPED_PAGE.h page holds
const LONG = Array.from({ length: 100 }, (_, i) => `第${i + 1}行：论证的一步`).join('\n');
const setting = (over: object = {}) => ({
  mode: 'online',
  startsAt: minutes(-5),
  endsAt: minutes(60),
  durationMin: 30,
  contents: [
    { no: '1', content: '计算 $1+1$', optionTexts: ['1', '2', '3', '4'] },
    { no: '3', content: '下列哪些是质数', optionTexts: ['2', '4', '5', '7'] },
    { no: '21', content: '证明 $$a^2+b^2\\ge 2ab$$', optionTexts: [] },
  ],
  ...over,
});

const { t, scene: s } = withScene(onlineScene(3), () => {
  [s1, s2, s3] = [s.students[0]!, s.students[1]!, s.students[2]!];
});

describe('the school sets up and launches', () => {
  it('refuses a bad window, an unknown question, a teacher and a student', async () => {
    expect(body(await s.admin.post(s.url, setting({ endsAt: minutes(-10) }))).errCode).toBe(12082);
    const unknown = setting({ contents: [{ no: '99', content: 'x', optionTexts: [] }] });
    expect(body(await s.admin.post(s.url, unknown)).errCode).toBe(12084);
    expect(body(await s.admin.post(s.url, setting({ durationMin: 0 }))).code).toBe(1);
    expect(body(await s.teacher.get(s.url)).message).toBe('无权限');
    expect(body(await s1.get(s.url)).message).toBe('无权限');
    expect(body(await s.admin.post(`${s.url}/launch`)).errCode).toBe(12081);
  });

  it('saves the setting with the structure’s questions, launches, then locks the setting', async () => {
    const saved = body<OnlineSetting>(await s.admin.post(s.url, setting())).data;
    expect(saved).toMatchObject({ mode: 'online', state: 'draft', durationMin: 30, canLaunch: true });
    expect(saved.questions.map((q) => [q.no, q.kind, q.score])).toEqual([
      ['1', 'single', 3],
      ['2', 'single', 3],
      ['3', 'multi', 5],
      ['4', 'trueFalse', 2],
      ['21', 'subjective', 10],
      ['22', 'subjective', 10],
      ['23', 'subjective', 10],
    ]);
    expect(saved.questions[0]).toMatchObject({ content: '计算 $1+1$', optionTexts: ['1', '2', '3', '4'] });
    const launched = body<OnlineSetting>(await s.admin.post(`${s.url}/launch`)).data;
    expect(launched).toMatchObject({ state: 'launched', canLaunch: false, canCancel: true });
    expect(body(await s.admin.post(`${s.url}/launch`)).errCode).toBe(12090);
    expect(body(await s.admin.post(s.url, setting())).errCode).toBe(12089);
    const [log] = await t.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'subject.onlineLaunch'));
    expect(log).toBeDefined();
  });
});

describe('a student sits the exam', () => {
  it('sees it open, no content before starting; starts with a deadline within the window', async () => {
    const list = body<PortalOnlineItem[]>(await s1.get('/filter/api/portal/online')).data;
    expect(list).toMatchObject([
      { subjectId: s.subjectId, state: 'notStarted', open: true, durationMin: 30 },
    ]);
    const before = body<SitView>(await s1.get(s.sit)).data;
    expect(before.state).toBe('notStarted');
    expect(before.questions.every((q) => q.content === '')).toBe(true);
    expect(body(await s1.post(`${s.sit}/answer`, { no: '1', value: 'B', rev: 1 })).errCode).toBe(12086);
    const started = body<SitView>(await s1.post(`${s.sit}/start`)).data;
    expect(started.state).toBe('inProgress');
    const left = new Date(started.deadline!).getTime() - Date.now();
    expect(left).toBeGreaterThan(29 * 60_000);
    expect(left).toBeLessThanOrEqual(30 * 60_000);
    expect(started.questions[0]!.content).toBe('计算 $1+1$');
    expect(JSON.stringify(started)).not.toContain('"answer"');
  });

  it('saves each answer by question; an older revision arriving late changes nothing; a reload resumes', async () => {
    const save = (no: string, value: string, rev: number) => s1.post(`${s.sit}/answer`, { no, value, rev });
    expect(body(await save('1', 'E', 1)).errCode).toBe(12094);
    expect(body(await save('1', 'AB', 1)).errCode).toBe(12094);
    expect(body(await save('9', 'A', 1)).errCode).toBe(12084);
    expect(body(await save('1', 'a', 1)).data).toEqual({ no: '1', rev: 1 });
    expect(body(await save('1', 'B', 2)).data).toEqual({ no: '1', rev: 2 });
    expect(body(await save('1', 'C', 1)).data).toEqual({ no: '1', rev: 2 });
    expect(body(await save('1', 'B', 2)).data).toEqual({ no: '1', rev: 2 });
    await save('3', 'AC', 1);
    await save('4', 'A', 1);
    await save('21', '因为 $(a-b)^2\\ge 0$', 1);
    const again = body<SitView>(await s1.get(s.sit)).data;
    expect(again.answers.map((a) => [a.no, a.value])).toEqual([
      ['1', 'B'],
      ['21', '因为 $(a-b)^2\\ge 0$'],
      ['3', 'AC'],
      ['4', 'A'],
    ]);
    expect(body<{ leaveCount: number }>(await s1.post(`${s.sit}/leave`)).data.leaveCount).toBe(1);
  });

  it('submits with a receipt, the objective part scored at once; later saves are refused', async () => {
    const r = body<SitReceipt>(await s1.post(`${s.sit}/submit`)).data;
    expect(r).toMatchObject({ submitKind: 'manual', answered: 4, total: 7 });
    expect(r.receipt).toMatch(/^ZX\d+-\d+-/);
    // 1: B right 3; 3: AC of ACD, partial 2; 4: A right 2
    const [a] = await t.database.db
      .select()
      .from(onlineAttempt)
      .where(eq(onlineAttempt.subjectId, s.subjectId));
    expect(a!.objectiveScore).toBe(7);
    expect(a!.objectiveScores).toEqual({ '1': 3, '2': 0, '3': 2, '4': 2 });
    expect(body(await s1.post(`${s.sit}/answer`, { no: '2', value: 'C', rev: 1 })).errCode).toBe(12087);
    expect(body<SitReceipt>(await s1.post(`${s.sit}/submit`)).data.receipt).toBe(r.receipt);
  });

  it('time-out submits what was saved, dated at the deadline', async () => {
    await s2.post(`${s.sit}/start`);
    await s2.post(`${s.sit}/answer`, { no: '2', value: 'C', rev: 1 });
    const past = new Date(Date.now() - 1000);
    await t.database.db
      .update(onlineAttempt)
      .set({ deadline: past })
      .where(and(eq(onlineAttempt.subjectId, s.subjectId), eq(onlineAttempt.examineeId, s.examinees[1]!.id)));
    expect(body(await s2.post(`${s.sit}/answer`, { no: '1', value: 'B', rev: 1 })).errCode).toBe(12087);
    const v = body<SitView>(await s2.get(s.sit)).data;
    expect(v.state).toBe('submitted');
    expect(v.receipt).toMatchObject({ submitKind: 'timeout', answered: 1, submittedAt: past.toISOString() });
  });
});

describe('the school watches and reopens', () => {
  it('lists who is where; reopens a submitted student for a reason, audited; cancel refused once sat', async () => {
    const list = body<SitterList>(await s.admin.get(`${s.url}/sitters`)).data;
    expect(list.counts).toEqual({ notStarted: 1, inProgress: 0, submitted: 2, makeup: 0 });
    expect(list.items[0]).toMatchObject({
      state: 'submitted',
      leaveCount: 1,
      answered: 4,
      objectiveScore: 7,
    });
    const done = body<SitterList>(await s.admin.get(`${s.url}/sitters?state=notStarted`)).data;
    expect(done.items).toHaveLength(1);
    expect(done.total).toBe(1);
    const who = s.examinees[1]!.id;
    expect(body(await s.admin.post(`${s.url}/sitters/${who}/reopen`, { reason: '', minutes: 10 })).code).toBe(
      1,
    );
    expect(
      body(await s.teacher.post(`${s.url}/sitters/${who}/reopen`, { reason: '断网', minutes: 10 })).message,
    ).toBe('无权限');
    const none = s.examinees[2]!.id;
    expect(
      body(await s.admin.post(`${s.url}/sitters/${none}/reopen`, { reason: '断网重考', minutes: 10 }))
        .errCode,
    ).toBe(12093);
    expect(
      body(await s.admin.post(`${s.url}/sitters/${who}/reopen`, { reason: '断网重考', minutes: 10 })).code,
    ).toBe(0);
    const [log] = await t.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'subject.online.reopen'));
    expect(log!.detail).toMatchObject({ reason: '断网重考', minutes: 10 });
    expect(body(await s2.post(`${s.sit}/answer`, { no: '1', value: 'B', rev: 1 })).code).toBe(0);
    expect(body<SitView>(await s2.get(s.sit)).data.state).toBe('inProgress');
    expect(body(await s.admin.post(`${s.url}/cancel`)).errCode).toBe(12092);
    expect(body<OnlineSetting>(await s.admin.get(s.url)).data.canCancel).toBe(false);
  });
});

describe('the hand-in becomes a paper: marked on typed pages, scored with the scanned', () => {
  it('makes each examinee’s paper under the online batch, replaced when handed in again', async () => {
    expect(body(await s2.post(`${s.sit}/answer`, { no: '23', value: LONG, rev: 1 })).code).toBe(0);
    expect(body(await s2.post(`${s.sit}/submit`)).code).toBe(0);
    const db = t.database.db;
    const papers = await db
      .select()
      .from(paper)
      .innerJoin(scanBatch, eq(scanBatch.id, paper.batchId))
      .where(and(eq(paper.subjectId, s.subjectId), eq(scanBatch.source, 'online')))
      .orderBy(paper.examineeId);
    expect(papers.map((p) => [p.paper.examineeId, p.paper.status, p.paper.objective])).toEqual([
      [s.examinees[0]!.id, 'ok', { '1': ['B'], '2': [], '3': ['A', 'C'], '4': ['A'] }],
      [s.examinees[1]!.id, 'ok', { '1': ['B'], '2': ['C'], '3': [], '4': [] }],
    ]);
    expect(papers[0]!.scan_batch.templateId).toBeNull();
    const pages = await db.select().from(scanPage).where(eq(scanPage.paperId, papers[0]!.paper.id));
    expect(pages.map((g) => [g.templatePage, g.status, g.fileName]).sort()).toEqual([
      [0, 'recognised', '第21题.jpg'],
      [1, 'recognised', '第22题.jpg'],
      [2, 'recognised', '第23题.jpg'],
    ]);
  });

  it('the periodic job hands in an attempt past its deadline that nobody reads, once', async () => {
    const db = t.database.db;
    const who = s.examinees[2]!.id;
    expect(body(await s3.post(`${s.sit}/start`)).code).toBe(0);
    expect(body(await s3.post(`${s.sit}/answer`, { no: '21', value: '超时的作答', rev: 1 })).code).toBe(0);
    const past = new Date(Date.now() - 1000);
    const mine = and(eq(onlineAttempt.subjectId, s.subjectId), eq(onlineAttempt.examineeId, who));
    await db.update(onlineAttempt).set({ deadline: past }).where(mine);
    const papersOf = () =>
      db
        .select({ id: paper.id, key: scanPage.storageKey })
        .from(paper)
        .innerJoin(scanPage, eq(scanPage.paperId, paper.id))
        .where(and(eq(paper.subjectId, s.subjectId), eq(paper.examineeId, who)))
        .orderBy(scanPage.position);
    expect(await papersOf()).toEqual([]);
    const { job, remove } = onlineHandInJob(db);
    expect(await job.sweep()).toBe(1);
    const made = await papersOf();
    expect(made).toHaveLength(3);
    const [a] = await db.select().from(onlineAttempt).where(mine);
    expect([a!.submitKind, a!.submittedAt?.toISOString()]).toEqual(['timeout', past.toISOString()]);
    expect(await job.sweep()).toBe(0);
    expect(await papersOf()).toEqual(made);
    remove();
  });

  it('开始阅卷 is refused while anyone sits; it hands in the attempts past their deadline itself', async () => {
    const db = t.database.db;
    const who = s.examinees[2]!.id;
    expect(
      body(await s.admin.post(`${s.url}/sitters/${who}/reopen`, { reason: '断网重考', minutes: 10 })).code,
    ).toBe(0);
    const start = `/filter/api/subject/${s.subjectId}/review/start`;
    const refused = body(await s.admin.get(start));
    expect([refused.errCode, refused.message]).toEqual([
      12095,
      '尚有 1 名考生在线作答中，须待其交卷或作答时间结束后再开始阅卷',
    ]);
    const mine = and(eq(onlineAttempt.subjectId, s.subjectId), eq(onlineAttempt.examineeId, who));
    await db
      .update(onlineAttempt)
      .set({ deadline: new Date(Date.now() - 1000) })
      .where(mine);
    // not started yet: the hand-in happens inside 开始阅卷 (next test), not here
    const [a] = await db.select().from(onlineAttempt).where(mine);
    expect(a!.submittedAt).toBeNull();
  });

  it('开始阅卷 with no scan; the marker sees the typed answers and marks; scores count both parts', async () => {
    const db = t.database.db;
    const marker = await buildOnlineMarker(t, s);
    const started = body(await s.admin.get(`/filter/api/subject/${s.subjectId}/review/start`));
    expect(started).toMatchObject({ code: 0 });
    const [late] = await db
      .select()
      .from(onlineAttempt)
      .where(and(eq(onlineAttempt.subjectId, s.subjectId), eq(onlineAttempt.examineeId, s.examinees[2]!.id)));
    expect(late!.submitKind).toBe('timeout');
    // marking has begun: a reopened student's later hand-in could outgrow the regions set just now
    const again = body(
      await s.admin.post(`${s.url}/sitters/${s.examinees[2]!.id}/reopen`, {
        reason: '断网重考',
        minutes: 10,
      }),
    );
    expect(again.errCode).toBe(12096);
    expect(body<{ canReopen: boolean }>(await s.admin.get(s.url)).data.canReopen).toBe(false);
    const [b] = await db.select().from(block).where(eq(block.id, s.blockId));
    // question 23's page as tall as s2's 100 lines need: every line inside the block's cut
    const tall = typedPageHeight(LONG);
    expect(tall).toBeGreaterThan(TYPED_PAGE.h * 2);
    expect(b!.regions).toEqual([1300, 1300, tall].map((h, page) => ({ page, x: 0, y: 0, w: 1000, h })));
    const inked: boolean[] = [];
    for (const score of [8, 5]) {
      const [task] = (await claimTasks(marker.client, s.blockId)).data;
      const img = await marker.client.get(`/filter/api/marking/task/${task!.taskId}/image`);
      expect(img.headers['content-type']).toContain('image/jpeg');
      const meta = await sharp(img.rawPayload).metadata();
      expect([meta.width, meta.height]).toEqual([1000, 1300 * 2 + tall + 2 * 12]);
      // the band of the 100th line (row 100 under the heading) of question 23's page in the cut
      const baseline = 2 * (1300 + 12) + TYPED_PAGE.margin + TYPED_PAGE.font + 100 * TYPED_PAGE.line;
      const band = await sharp(img.rawPayload)
        .extract({ left: 0, top: baseline - TYPED_PAGE.font, width: 1000, height: TYPED_PAGE.font + 4 })
        .greyscale()
        .raw()
        .toBuffer();
      inked.push(band.some((v) => v < 100));
      // 查看原卷及答案: the typed pages of the paper, whole (an online batch has no template)
      const origin = `/filter/api/marking/task/${task!.taskId}/origin`;
      const o = body<MarkOrigin>(await marker.client.get(origin)).data;
      expect(o.pages).toEqual([0, 1, 2].map((page) => ({ page, imageUrl: `${origin}/${page}` })));
      const whole = await marker.client.get(`${origin}/2`);
      expect(whole.headers['content-type']).toContain('image/jpeg');
      expect((await sharp(whole.rawPayload).metadata()).width).toBe(1000);
      const sent = await marker.client.post(`/filter/api/marking/task/${task!.taskId}/submit`, {
        leaseToken: task!.leaseToken,
        scores: [
          { no: '21', score },
          { no: '22', score: 1 },
          { no: '23', score: 0 },
        ],
        next: false,
      });
      expect(body(sent).code).toBe(0);
    }
    // s1 wrote one line there, s2 a hundred: the last of them reaches the marker
    expect(inked.sort()).toEqual([false, true]);
    const score = `/filter/api/subject/${s.subjectId}/score`;
    expect(body(await s.admin.post(`${score}/recompute`, {})).code).toBe(0);
    const rows = body<ScoreStudentsPage>(await s.admin.get(`${score}/students?sort=kaohao`)).data.items;
    // s1: objective 7 (B, —, AC, A) + 8 + 1; s2: 6 (B, C) + 5 + 1
    expect(rows.slice(0, 2).map((x) => [x.kaohao, x.total, x.status])).toEqual([
      [s.examinees[0]!.kaohao, 16, 'ok'],
      [s.examinees[1]!.kaohao, 12, 'ok'],
    ]);
  });
});
