import path from 'node:path';
import ExcelJS from 'exceljs';
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { AllScorePage, ExamineeListPage, ExportTaskItem, Paged } from '@yj/contracts';
import { exportTask, score, subject } from '../../db/schema';
import { jobs } from '../../infra/jobs';
import { memoryQueue } from '../../infra/queue';
import { fsStorage } from '../../infra/storage';
import { auditModule } from '../audit/audit.module';
import { examModule } from '../exam/exam.module';
import { body, type Client } from '../../../test/app';
import { buildSchool, buildSchoolAdmin, signInAs } from '../../../test/factories';
import { ALL_RIGHT, ONE_RIGHT, buildScoreScene, type ScoreScene } from '../../../test/score';
import { exportService } from './export.service';
import { exportRepos } from './export.module';
import { appFixture } from '../../../test/app-fixture';

// The score scene (test/score.ts) gives 数学: e0 28, e1 5, e2 absent, e3 no sheet. Added here: 英语 (计入总分)
// e0 90, e1 absent; 体育 (不计入总分) e0 50. Exam totals: e0 118, e1 5, e2 and e3 none.
const t = appFixture();
let scene: ScoreScene;
let other: Client;
let english: number;
let sport: number;

beforeAll(async () => {
  const db = t.database.db;
  scene = await buildScoreScene(t.app, db, 4);
  const [e0, e1, e2] = scene.examinees;
  await scene.addMarked(e0!.id, ...ALL_RIGHT);
  await scene.addMarked(e1!.id, ...ONE_RIGHT);
  await scene.addAbsent(e2!.id);
  await scene.recompute();
  const added = await db
    .insert(subject)
    .values([
      { examId: scene.examId, course: '英语', name: '英语', fullScore: 100, sort: 2 },
      { examId: scene.examId, course: '体育', name: '体育', fullScore: 60, sort: 3, inTotal: false },
    ])
    .returning();
  [english, sport] = [added[0]!.id, added[1]!.id];
  await db.insert(score).values([
    { subjectId: english, examineeId: e0!.id, total: 90, objective: 40, subjective: 50 },
    { subjectId: english, examineeId: e1!.id, absent: true },
    { subjectId: sport, examineeId: e0!.id, total: 50, subjective: 50 },
  ]);
  const s2 = await buildSchool(t.database.db, { name: '外校' });
  other = await signInAs(t, await buildSchoolAdmin(t.database.db, s2.id));
}, 60_000);

const allScore = (q = '') =>
  scene.admin.get(`/filter/api/exam/${scene.examId}/all_score?${q}`).then((r) => body<AllScorePage>(r));

describe('GET exam/:examId/all_score', () => {
  it('every subject side by side, the total over 计入总分 subjects, 缺考 apart from 0', async () => {
    const page = (await allScore('sort=total&order=desc')).data;
    expect(page.subjects.map((s) => [s.name, s.inTotal])).toEqual([
      ['数学', true],
      ['英语', true],
      ['体育', false],
    ]);
    expect(page.total).toBe(4);
    const m = String(scene.subjectId);
    expect(
      page.items.map((r) => [r.kaohao, r.subjects[m]!.status, r.subjects[String(english)]!.status, r.total]),
    ).toEqual([
      ['20260001', 'ok', 'ok', 118],
      ['20260002', 'ok', 'absent', 5],
      ['20260003', 'absent', 'missing', null],
      ['20260004', 'missing', 'missing', null],
    ]);
    expect(page.items[0]!.subjects[String(sport)]).toEqual({ total: 50, status: 'ok' });
  });

  it('sorts by a subject, pages, filters by class, searches', async () => {
    const bySport = (await allScore(`sort=s${english}&order=asc`)).data.items.map((r) => r.kaohao);
    expect(bySport[0]).toBe('20260001');
    const paged = (await allScore('size=1&page=2')).data;
    expect([paged.total, paged.items.map((r) => r.kaohao)]).toEqual([4, ['20260002']]);
    expect((await allScore(`classId=${scene.classId + 999}`)).data.total).toBe(0);
    expect((await allScore('keyword=20260003')).data.items.map((r) => r.kaohao)).toEqual(['20260003']);
  });

  it('refuses a bad sort, a bad id, a teacher without a role and another school', async () => {
    expect((await allScore('sort=drop')).code).not.toBe(0);
    expect(body(await scene.admin.get('/filter/api/exam/0/all_score')).code).not.toBe(0);
    // a teacher of the school who teaches none of its classes reads no student's scores (published or not)
    expect(body(await scene.teacher.get(`/filter/api/exam/${scene.examId}/all_score`)).message).toBe(
      '无权限',
    );
    expect(body(await other.get(`/filter/api/exam/${scene.examId}/all_score`)).message).toBe('无权限');
  });
});

describe('GET getExamineeList/:status', () => {
  const list = (status: string, q = '', who = scene.admin) =>
    who
      .get(`/filter/api/api/subject/${scene.subjectId}/getExamineeList/${status}?${q}`)
      .then((r) => body<ExamineeListPage>(r));

  it('pages the examinees of one score status', async () => {
    expect((await list('absent')).data.items.map((x) => x.kaohao)).toEqual(['20260003']);
    expect((await list('missing')).data.items.map((x) => x.kaohao)).toEqual(['20260004']);
    expect((await list('ok')).data.items.map((x) => [x.kaohao, x.total])).toEqual([
      ['20260001', 28],
      ['20260002', 5],
    ]);
    expect((await list('irregular')).data.total).toBe(0);
    const p2 = (await list('all', 'p=2&size=3')).data;
    expect([p2.total, p2.page, p2.items.map((x) => x.kaohao)]).toEqual([4, 2, ['20260004']]);
  });

  it('refuses a bad status or page, a teacher without a role and another school', async () => {
    expect((await list('unknown')).code).not.toBe(0);
    expect((await list('ok', 'p=0')).code).not.toBe(0);
    // a teacher of the school who teaches none of its classes: 无权限 before the state is told
    expect((await list('ok', '', scene.teacher)).message).toBe('无权限');
    expect((await list('ok', '', other)).message).toBe('无权限');
  });
});

/** Waits until the task leaves the queue (the job runs in the app's process). */
async function finished(id: number): Promise<ExportTaskItem> {
  for (;;) {
    const page = body<Paged<ExportTaskItem>>(
      await scene.admin.get('/filter/api/download/center?size=50'),
    ).data;
    const item = page.items.find((x) => x.id === id)!;
    if (item.status === 'done' || item.status === 'failed') return item;
    await new Promise((r) => setTimeout(r, 50));
  }
}

async function workbook(id: number) {
  const res = await scene.admin.get(`/filter/api/download/${id}/file`);
  expect(res.headers['content-type']).toContain('spreadsheetml');
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(res.rawPayload as unknown as ExcelJS.Buffer);
  const ws = wb.worksheets[0]!;
  const rows: unknown[][] = [];
  ws.eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
  return { name: ws.name, rows };
}

describe('exports and the download center', () => {
  const create = (payload: object, who = scene.admin) =>
    who.post('/filter/api/download/export', payload).then((r) => body<{ id: number }>(r));

  it('the totals workbook holds the all_score figures', async () => {
    const { id } = (await create({ kind: 'totals', examId: scene.examId })).data;
    const task = await finished(id);
    expect(task).toMatchObject({
      status: 'done',
      progress: 100,
      rows: 4,
      kind: 'totals',
      examName: '成绩考试',
    });
    expect(task.size).toBeGreaterThan(0);
    expect(task.expiresAt).not.toBeNull();
    const { name, rows } = await workbook(id);
    expect(name).toBe('考试总分');
    expect(rows[0]).toEqual(['考号', '姓名', '学校', '班级', '数学', '英语', '体育（不计入总分）', '总分']);
    // the screen's rows, in the file's order (by 考号), cell by cell
    const screen = (await allScore('size=200')).data;
    const expected = screen.items.map((r) => [
      r.kaohao,
      r.name,
      r.schoolName,
      r.className,
      ...screen.subjects.map((s) => {
        const c = r.subjects[String(s.id)]!;
        return c.status === 'absent' ? '缺考' : (c.total ?? undefined);
      }),
      r.total ?? undefined,
    ]);
    // exceljs leaves out trailing blank cells: pad to the header's width
    const file = rows
      .slice(1)
      .map((r) => Array.from({ length: 8 }, (_, i) => (r[i] === null || r[i] === '' ? undefined : r[i])));
    expect(file).toEqual(expected);
    expect(file.map((r) => [r[4], r[5], r[7]])).toEqual([
      [28, 90, 118],
      [5, '缺考', 5],
      ['缺考', undefined, undefined],
      [undefined, undefined, undefined],
    ]);
  });

  it('asked again while the same export is still to be made: that task; once made, a new one', async () => {
    const db = t.database.db;
    const ask = { kind: 'totals', examId: scene.examId };
    const { id } = (await create(ask)).data;
    expect((await finished(id)).status).toBe('done');
    const setStatus = (status: 'pending' | 'running' | 'done') =>
      db.update(exportTask).set({ status }).where(eq(exportTask.id, id));
    // a double click whose first click was answered already: the task is still waiting, or being made
    await setStatus('pending');
    expect((await create(ask)).data.id).toBe(id);
    await setStatus('running');
    expect((await create(ask)).data.id).toBe(id);
    // another export is its own task
    const classes = (await create({ kind: 'classes', subjectId: scene.subjectId })).data.id;
    expect(classes).not.toBe(id);
    await finished(classes);
    await setStatus('done');
    const again = (await create(ask)).data.id;
    expect(again).not.toBe(id);
    await finished(again);
  });

  it('per student and question: 缺考 in every figure, 违纪 shown with its 0', async () => {
    const db = t.database.db;
    const e1 = scene.examinees[1]!;
    await db
      .update(score)
      .set({ irregular: true, irregularReason: '携带手机', total: 0, objective: 0, subjective: 0 })
      .where(and(eq(score.subjectId, scene.subjectId), eq(score.examineeId, e1.id)));
    const { id } = (await create({ kind: 'questions', subjectId: scene.subjectId })).data;
    expect((await finished(id)).status).toBe('done');
    const { rows } = await workbook(id);
    // each column's header with e0's figure under it
    expect(rows[0]!.slice(0, 9).map((header, i) => [header, rows[1]![i]])).toEqual([
      ['考号', '20260001'],
      ['姓名', '学生1'],
      ['班级', '高一(1)班'],
      ['状态', '正常'],
      ['违纪原因', undefined],
      ['客观题', 13],
      ['主观题', 15],
      ['总分', 28],
      ['第1题', 3],
    ]);
    expect(rows[2]!.slice(3, 8)).toEqual(['违纪', '携带手机', 0, 0, 0]);
    expect(rows[3]!.slice(3, 9)).toEqual(['缺考', undefined, '缺考', '缺考', '缺考', '缺考']);
    expect(rows[4]![3]).toBe('无答题卡');
  });

  it('per class: the summary screen figures', async () => {
    const { id } = (await create({ kind: 'classes', subjectId: scene.subjectId })).data;
    expect((await finished(id)).status).toBe('done');
    const { rows } = await workbook(id);
    const summary = body<{ total: { mean: number } }>(
      await scene.admin.get(`/filter/api/subject/${scene.subjectId}/score/summary`),
    ).data;
    expect(rows[1]!.slice(1, 7)).toEqual(['全部', 4, 2, 1, 1, summary.total.mean]);
  });

  it('refuses bad requests, a teacher, another school and another user’s file', async () => {
    expect((await create({ kind: 'totals', subjectId: scene.subjectId })).code).not.toBe(0);
    expect((await create({ kind: 'everything', examId: scene.examId })).code).not.toBe(0);
    expect((await create({ kind: 'totals', examId: 0 })).code).not.toBe(0);
    expect((await create({ kind: 'totals', examId: scene.examId }, scene.teacher)).message).toBe('无权限');
    expect((await create({ kind: 'questions', subjectId: scene.subjectId }, other)).message).toBe('无权限');
    const mine = body<Paged<ExportTaskItem>>(await scene.admin.get('/filter/api/download/center')).data;
    expect(mine.total).toBeGreaterThan(0);
    const theirs = body<Paged<ExportTaskItem>>(await other.get('/filter/api/download/center')).data;
    expect(theirs.total).toBe(0);
    expect(body(await other.get(`/filter/api/download/${mine.items[0]!.id}/file`)).message).toBe('无权限');
    expect(body(await scene.admin.get('/filter/api/download/center?size=500')).code).not.toBe(0);
    expect(body(await scene.admin.get('/filter/api/download/abc/file')).code).not.toBe(0);
  });

  it('after expiry the file is removed and the task stays, 已过期', async () => {
    const db = t.database.db;
    const { id } = (await create({ kind: 'classes', subjectId: scene.subjectId })).data;
    expect((await finished(id)).status).toBe('done');
    await db
      .update(exportTask)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(exportTask.id, id));
    const storage = fsStorage(path.join(t.config.dataDir, 'files'));
    const [before] = await db.select().from(exportTask).where(eq(exportTask.id, id));
    expect(await storage.get(before!.fileKey!)).not.toBeNull();
    const queue = memoryQueue({ error: () => {} });
    const audit = auditModule({ db }).audit;
    const { exams } = examModule({ db, audit });
    const svc = exportService({ db, storage, audit, exams, queue: jobs(queue), ...exportRepos });
    expect(await svc.sweep()).toBeGreaterThanOrEqual(1);
    await queue.close();
    expect(await storage.get(before!.fileKey!)).toBeNull();
    const item = body<Paged<ExportTaskItem>>(
      await scene.admin.get('/filter/api/download/center?size=50'),
    ).data.items.find((x) => x.id === id)!;
    expect(item.status).toBe('expired');
    expect(body(await scene.admin.get(`/filter/api/download/${id}/file`)).message).toBe(
      '文件已过期，请重新导出',
    );
  });
});

describe('POST exam/:examId/subject/:subjectId/inTotal', () => {
  const set = (subjectId: number, payload: object, who = scene.admin) =>
    who.post(`/filter/api/exam/${scene.examId}/subject/${subjectId}/inTotal`, payload).then((r) => body(r));

  it('takes a subject out of the total and back, audited; refuses bad input, a teacher, another school', async () => {
    expect((await set(english, { inTotal: false })).code).toBe(0);
    const out = (await allScore('sort=kaohao')).data;
    expect(out.subjects.find((s) => s.id === english)!.inTotal).toBe(false);
    expect(out.items[0]!.total).toBe(28);
    expect((await set(english, { inTotal: true })).code).toBe(0);
    expect((await allScore('sort=kaohao')).data.items[0]!.total).toBe(118);
    expect((await set(english, { inTotal: 'yes' })).code).not.toBe(0);
    expect((await set(999999, { inTotal: true })).message).toBe('科目不存在或已删除');
    expect((await set(english, { inTotal: false }, scene.teacher)).message).toBe('无权限');
    expect((await set(english, { inTotal: false }, other)).message).toBe('无权限');
  });
});
