import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Paged, TaskItem } from '@yj/contracts';
import { block, exportTask, intelligentRun, scanBatch, scanException, scanPage } from '../../db/schema';
import { body, signIn, testApp, type Client, type TestApp } from '../../../test/app';
import { buildSubjectScene, buildTeacher, PASSWORD } from '../../../test/factories';
import { otherSchoolAdmin } from '../../../test/school-scene';

let t: TestApp;
let scene: Awaited<ReturnType<typeof buildSubjectScene>>;
let teacherId: number;
let adminId: number;

const list = async (c: Client, query = '') =>
  body<Paged<TaskItem>>(await c.get(`/filter/api/offline/task${query}`));

/** A scan batch of `pages` pages by `uploader`, `queued` of them not yet recognised, `open` doubts left. */
async function upload(uploader: number, pages: number, queued: number, open: number, done: boolean) {
  const db = t.database.db;
  const [b] = await db
    .insert(scanBatch)
    .values({
      subjectId: scene.subjectId,
      schoolId: scene.schoolId,
      uploaderId: uploader,
      pageCount: pages,
      fileCount: pages,
      state: done ? 'done' : 'recognising',
    })
    .returning();
  const rows = Array.from({ length: pages }, (_, i) => ({
    subjectId: scene.subjectId,
    batchId: b!.id,
    seq: i,
    storageKey: `k${b!.id}-${i}`,
    sha256: `sha-${b!.id}-${i}`,
    fileName: `${i}.jpg`,
    status: i < queued ? 'queued' : 'recognised',
    ...(i < queued ? {} : { recognisedAt: new Date() }),
  }));
  await db.insert(scanPage).values(rows);
  for (let i = 0; i < open; i++)
    await db.insert(scanException).values({
      subjectId: scene.subjectId,
      schoolId: scene.schoolId,
      batchId: b!.id,
      type: 'kaohao',
      reason: '未识别到考号',
    });
  return b!.id;
}

beforeAll(async () => {
  t = await testApp();
  scene = await buildSubjectScene(t.app, t.database.db, { name: '期中考试', course: '数学', fullScore: 100 });
  const me = (c: Client) =>
    c.post('/filter/api/user/getUserInfo').then((r) => body<{ id: number }>(r).data.id);
  teacherId = await me(scene.teacher);
  adminId = await me(scene.admin);
});
afterAll(() => t.close());

describe('我的任务 (offline/task)', () => {
  it("lists a person's exports, recognition and 智能辅助 runs with progress, result and the failure explained", async () => {
    const db = t.database.db;
    const base = {
      examId: scene.examId,
      subjectId: scene.subjectId,
      userId: teacherId,
      kind: 'questions' as const,
    };
    const [done] = await db
      .insert(exportTask)
      .values({
        ...base,
        fileName: 'a.xlsx',
        status: 'done',
        progress: 100,
        rows: 42,
        fileKey: 'exports/a.xlsx',
      })
      .returning();
    const [failed] = await db
      .insert(exportTask)
      .values({ ...base, fileName: 'b.xlsx', status: 'failed', error: '生成文件失败，请稍后重新导出' })
      .returning();
    const running = await upload(teacherId, 4, 1, 0, false);
    // every page read, one sheet waiting on a person: the batch stays 'recognising', the task is done
    const withDoubts = await upload(teacherId, 2, 0, 2, false);
    const [k] = await db.insert(block).values({ subjectId: scene.subjectId, name: '第13题' }).returning();
    const [run] = await db
      .insert(intelligentRun)
      .values({
        blockId: k!.id,
        kind: 'blank',
        status: 'failed',
        total: 10,
        done: 3,
        error: 'Error: ENOENT x',
      })
      .returning();
    await db.update(intelligentRun).set({ startedBy: teacherId }).where(eq(intelligentRun.id, run!.id));
    // someone else's export is not the teacher's
    await db.insert(exportTask).values({ ...base, userId: adminId, fileName: 'c.xlsx' });

    const r = await list(scene.teacher);
    expect(r.code).toBe(0);
    expect(r.data.total).toBe(5);
    const by = new Map(r.data.items.map((i) => [i.key, i]));
    expect(by.get(`export-${done!.id}`)).toMatchObject({
      status: 'done',
      progress: 100,
      downloadable: true,
      detail: '共 42 行',
      title: '小题分明细',
      examName: '期中考试',
    });
    expect(by.get(`export-${failed!.id}`)).toMatchObject({ status: 'failed', downloadable: false });
    expect(by.get(`export-${failed!.id}`)!.problem).toContain('重新导出');
    expect(by.get(`recognition-${running}`)).toMatchObject({
      status: 'running',
      progress: 75,
      detail: '已识别 3 / 4 页',
      problem: null,
    });
    expect(by.get(`recognition-${withDoubts}`)).toMatchObject({ status: 'done', progress: 100 });
    expect(by.get(`recognition-${withDoubts}`)!.problem).toContain('2 处识别异常');
    // a batch voided (作废本批次) is said so, not "read"
    await db.update(scanBatch).set({ voidedAt: new Date() }).where(eq(scanBatch.id, withDoubts));
    const voided = (await list(scene.teacher)).data.items.find((i) => i.key === `recognition-${withDoubts}`);
    expect(voided).toMatchObject({ detail: '本批次已作废，需重新扫描（2 页）', problem: null });
    const item = by.get(`intelligent-${run!.id}`)!;
    expect(item).toMatchObject({
      status: 'failed',
      progress: 30,
      title: '智能判空 · 第13题',
      blockId: k!.id,
    });
    // the program's own message never reaches the screen
    expect(item.problem).toContain('重新开始检测');
    expect(JSON.stringify(r.data)).not.toContain('ENOENT');

    // newest first, paged
    const p1 = await list(scene.teacher, '?page=1&size=2');
    const p2 = await list(scene.teacher, '?page=2&size=2');
    expect(p1.data.items.map((i) => i.key)).toEqual(r.data.items.slice(0, 2).map((i) => i.key));
    expect(p2.data.items.map((i) => i.key)).toEqual(r.data.items.slice(2, 4).map((i) => i.key));

    // the badge counts the teacher's own tasks still queued or running: the upload being recognised
    expect(body(await scene.teacher.get('/filter/api/offline/task/count')).data).toEqual({ active: 1 });
  });

  it("shows a school's administrator the school's tasks, never another school's; the file only to its owner", async () => {
    const r = await list(scene.admin, '?scope=school');
    expect(r.code).toBe(0);
    expect(r.data.total).toBe(6);
    const teachers = r.data.items.find(
      (i) => i.kind === 'export' && i.userName !== '学校管理员' && i.status === 'done',
    );
    expect(teachers).toMatchObject({ downloadable: false });
    // the administrator's own list holds only their own export
    expect((await list(scene.admin)).data.items.map((i) => i.kind)).toEqual(['export']);

    const otherAdmin = await otherSchoolAdmin(t);
    expect((await list(otherAdmin, '?scope=school')).data.total).toBe(0);
  });

  it("refuses a teacher the school's tasks, and bad paging", async () => {
    const r = await list(scene.teacher, '?scope=school');
    expect(r).toMatchObject({ code: 1, errCode: 12110, message: '只有学校管理员可以查看全校的任务' });
    expect((await list(scene.teacher, '?scope=everyone')).code).toBe(1);
    expect((await list(scene.teacher, '?size=0')).code).toBe(1);
    const newcomer = await signIn(
      t.app,
      (await buildTeacher(t.database.db, scene.schoolId)).account,
      PASSWORD,
    );
    expect((await list(newcomer)).data).toEqual({ total: 0, size: 20, items: [] });
  });
});
