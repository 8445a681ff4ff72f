import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  SUBJECT_STATE_FORBIDS,
  type DivideView,
  type ExamAssignmentSubject,
  type Paged,
  type ReviewerCandidate,
  type SubjectAssignment,
} from '@yj/contracts';
import { blockReviewer, examRole, markTask, subject } from '../../db/schema';
import { body } from '../../../test/app';
import { buildUser } from '../../../test/factories';
import { auditModule } from '../audit/audit.module';
import { examModule } from '../exam/exam.module';
import { reviewerModule } from './reviewer.module';
import { addClasses, addPapers, addTask, assignScene, signInAs, type Client } from './reviewer.fixture';
import { appFixture } from '../../../test/app-fixture';

const t = appFixture();
let s: Awaited<ReturnType<typeof assignScene>>;
let ids: { t1: number; t2: number; t3: number };
beforeAll(async () => {
  s = await assignScene(t.app, t.database.db, '阅卷分配考试');
  ids = { t1: s.teachers[0]!.id, t2: s.teachers[1]!.id, t3: s.teachers[2]!.id };
});

/** The service other modules call (start check, task pool), on the test database. */
const lookup = () => {
  const db = t.database.db;
  const audit = auditModule({ db }).audit;
  const { exams, roles } = examModule({ db, audit });
  return reviewerModule({ db, audit, exams, roles }).reviewers;
};
const task = (suffix = '') => `/filter/api/subject/${s.subjectId}/setting/task${suffix}`;
const get = async (c: Client = s.admin) => body<SubjectAssignment>(await c.get(task()));
const blockOf = async (blockId: number) => (await get()).data.blocks.find((b) => b.blockId === blockId)!;
const save = (blockId: number, payload: object, c: Client = s.admin) => c.post(task(`/${blockId}`), payload);

describe('setting/task: markers and leaders of a block', () => {
  it('lists the blocks with nobody yet; teachers without a role are refused', async () => {
    const r = await get();
    expect(r.data.blocks.map((b) => [b.name, b.markers.length, b.assignMode])).toEqual([
      ['阅读', 0, 'free'],
      ['作文', 0, 'free'],
      ['附加', 0, 'free'],
    ]);
    expect(r.data.joint).toBe(false);
    expect(body(await s.teacher.get(task())).message).toBe('无权限');
  });

  it('lists candidates with search; whole phones for a manager', async () => {
    const all = body<Paged<ReviewerCandidate>>(await s.admin.get(task('/candidates?page=1&size=50'))).data;
    expect(all.items.map((c) => c.name)).toEqual(expect.arrayContaining(['甲老师', '乙老师', '丙老师']));
    const one = body<Paged<ReviewerCandidate>>(await s.admin.get(task('/candidates?keyword=乙'))).data;
    expect(one.items).toEqual([
      expect.objectContaining({
        userId: ids.t2,
        phone: s.teachers[1]!.phone,
        schoolId: s.schoolId,
        schoolName: expect.stringMatching(/^测试中学/),
        reviewer: false,
      }),
    ]);
    expect(body(await s.admin.get(task('/candidates?size=999'))).code).not.toBe(0);
    expect(body(await s.teacher.get(task('/candidates'))).message).toBe('无权限');
  });

  it('saves markers and leaders, giving the exam role so the teacher may mark', async () => {
    const r = await save(s.blocks.a.id, {
      markers: [{ userId: ids.t1, quota: 30 }, { userId: ids.t2 }],
      leaders: [ids.t3],
    });
    expect(body(r).code).toBe(0);
    const a = await blockOf(s.blocks.a.id);
    expect(a.markers.map((m) => [m.name, m.quota])).toEqual([
      ['甲老师', 30],
      ['乙老师', null],
    ]);
    expect(a.leaders.map((m) => m.name)).toEqual(['丙老师']);
    const roles = await t.database.db
      .select({ userId: examRole.userId, role: examRole.role, subjectId: examRole.subjectId })
      .from(examRole)
      .where(eq(examRole.examId, s.examId));
    expect(roles).toEqual(
      expect.arrayContaining([
        { userId: ids.t1, role: 4, subjectId: s.subjectId },
        { userId: ids.t3, role: 6, subjectId: s.subjectId },
      ]),
    );
    const flags = body<Paged<ReviewerCandidate>>(await s.admin.get(task('/candidates?keyword=丙'))).data
      .items;
    expect(flags).toEqual([expect.objectContaining({ userId: ids.t3, reviewer: false, leader: true })]);
    const marker = await signInAs(t.app, s.teachers[0]!.account);
    const perm = body<{ mark: boolean }>(
      await marker.get(`/filter/yue/api/subject/${s.subjectId}/operation/permission`),
    );
    expect(perm.data.mark).toBe(true);
  });

  it('refuses duplicates, strangers, bad bodies and teachers', async () => {
    expect(
      body(await save(s.blocks.a.id, { markers: [{ userId: ids.t1 }, { userId: ids.t1 }], leaders: [] }))
        .message,
    ).toBe('题块“阅读”的阅卷老师有重复');
    const stranger = await buildUser(t.database.db, { name: '外校老师' });
    expect(body(await save(s.blocks.a.id, { markers: [{ userId: stranger.id }], leaders: [] })).message).toBe(
      '所选人员中有不是参考学校老师或已停用的账号',
    );
    const bad = body<Array<{ field: string }>>(await save(s.blocks.a.id, { markers: [{ userId: 'x' }] }));
    expect(bad.code).not.toBe(0);
    expect(body(await save(s.blocks.a.id, { markers: [], leaders: [], scale: 'mixed' })).message).toBe(
      '只有联考可以选择校内或混合阅卷',
    );
    expect(body(await save(99999, { markers: [], leaders: [] })).message).toBe(
      '题块不存在或已删除，请刷新后重试',
    );
    expect(body(await save(s.blocks.a.id, { markers: [], leaders: [] }, s.teacher)).message).toBe('无权限');
  });

  it('removing a marker returns their claimed tasks to the pool and keeps their submitted marks', async () => {
    const [p1, p2] = await addPapers(t.database.db, s.subjectId, s.schoolId, 5);
    const base = { subjectId: s.subjectId, blockId: s.blocks.a.id, schoolId: s.schoolId, slot: 1 };
    const leased = await addTask(t.database.db, { ...base, paperId: p1! }, ids.t2, 'leased');
    const submitted = await addTask(t.database.db, { ...base, paperId: p2! }, ids.t2, 'submitted');
    const r = body<{ released: number }>(
      await save(s.blocks.a.id, { markers: [{ userId: ids.t1, quota: 30 }], leaders: [ids.t3] }),
    );
    expect(r.data.released).toBe(1);
    const rows = await t.database.db
      .select({
        id: markTask.id,
        status: markTask.status,
        userId: markTask.userId,
        lease: markTask.leaseToken,
      })
      .from(markTask)
      .where(eq(markTask.blockId, s.blocks.a.id));
    expect(rows.find((x) => x.id === leased)).toEqual({
      id: leased,
      status: 'pending',
      userId: null,
      lease: null,
    });
    expect(rows.find((x) => x.id === submitted)).toMatchObject({ status: 'submitted', userId: ids.t2 });
  });

  it('average split: each marker’s share counts both marks of a double-marked block, rebalanced on removal', async () => {
    // 5 live papers (a sixth is marked absent): 2 × 5 / 2 markers = 5, / 3 markers = 4 (rounded up)
    const three = [{ userId: ids.t1 }, { userId: ids.t2 }, { userId: ids.t3 }];
    await save(s.blocks.b.id, { markers: three, leaders: [], assignMode: 'average' });
    const b = await blockOf(s.blocks.b.id);
    expect(b.assignMode).toBe('average');
    expect(b.markers.map((m) => m.quota)).toEqual([4, 4, 4]);
    expect((await get()).data.papers).toBe(5);
    await save(s.blocks.b.id, { markers: three.slice(0, 2), leaders: [] });
    expect((await blockOf(s.blocks.b.id)).markers.map((m) => m.quota)).toEqual([5, 5]);
    // more papers scanned: the share follows them, for the screen and for the task pool alike
    await addPapers(t.database.db, s.subjectId, s.schoolId, 5);
    expect((await blockOf(s.blocks.b.id)).markers.map((m) => m.quota)).toEqual([10, 10]);
    expect(await lookup().markerOf(s.blocks.b.id, ids.t1)).toEqual([
      { quota: 10, schoolId: null, classIds: [], role: 4 },
    ]);
  });

  it('copies a block’s markers and leaders to other blocks', async () => {
    const r = await s.admin.post(task(`/${s.blocks.a.id}/copy`), { toBlockIds: [s.blocks.c.id] });
    expect(body(r).data).toEqual({ copied: 1, released: 0 });
    const c = await blockOf(s.blocks.c.id);
    expect([c.markers.map((m) => [m.userId, m.quota]), c.leaders.map((m) => m.userId)]).toEqual([
      [[ids.t1, 30]],
      [ids.t3],
    ]);
    expect(
      body(await s.admin.post(task(`/${s.blocks.a.id}/copy`), { toBlockIds: [s.blocks.a.id] })).message,
    ).toBe('不能复制到题块自身');
    expect(body(await s.admin.post(task(`/${s.blocks.a.id}/copy`), { toBlockIds: [] })).code).not.toBe(0);
    expect(
      body(await s.teacher.post(task(`/${s.blocks.a.id}/copy`), { toBlockIds: [s.blocks.c.id] })).message,
    ).toBe('无权限');
  });

  it('setting/divide: classes in groups of the block’s markers, a class in one group only', async () => {
    const [c1, c2] = await addClasses(t.database.db, s.examId, s.schoolId);
    const url = `/filter/api/subject/${s.subjectId}/setting/divide/${s.blocks.b.id}`;
    const view = body<DivideView>(await s.admin.get(url)).data;
    expect(view.classes.map((c) => [c.name, c.examinees])).toEqual([
      ['高二(1)班', 1],
      ['高二(2)班', 1],
    ]);
    expect(
      body(
        await s.admin.post(url, {
          groups: [
            { classIds: [c1], userIds: [ids.t1] },
            { classIds: [c1, c2], userIds: [ids.t2] },
          ],
        }),
      ).message,
    ).toBe('同一班级不能分在两个组（第 1 组和第 2 组）');
    expect(body(await s.admin.post(url, { groups: [{ classIds: [c1], userIds: [ids.t3] }] })).message).toBe(
      '第 1 组中有不是本题块阅卷老师的人员，请先在阅卷分配中添加',
    );
    expect(body(await s.admin.post(url, { groups: [{ classIds: [], userIds: [ids.t1] }] })).code).not.toBe(0);
    expect(body(await s.teacher.post(url, { groups: [] })).message).toBe('无权限');
    const saved = body<DivideView>(
      await s.admin.post(url, {
        groups: [
          { classIds: [c1], userIds: [ids.t1] },
          { classIds: [c2], userIds: [ids.t2] },
        ],
      }),
    ).data;
    expect(saved.assignMode).toBe('class');
    expect(saved.groups).toEqual([
      { classIds: [c1], userIds: [ids.t1] },
      { classIds: [c2], userIds: [ids.t2] },
    ]);
  });

  it('exam overview, the start check and the pool’s lookup', async () => {
    const url = `/filter/api/exam/${s.examId}/setting/task`;
    const [sub] = body<ExamAssignmentSubject[]>(await s.admin.get(url)).data;
    expect(sub!.blocks.map((b) => [b.name, b.markers, b.leaders])).toEqual([
      ['阅读', 1, 1],
      ['作文', 2, 0],
      ['附加', 1, 1],
    ]);
    expect(sub!.withoutMarkers).toEqual([]);
    expect(body(await s.teacher.get(url)).message).toBe('无权限');
    const db = t.database.db;
    const svc = lookup();
    await db.delete(blockReviewer).where(eq(blockReviewer.blockId, s.blocks.c.id));
    expect(await svc.blocksWithoutMarkers(s.subjectId)).toEqual(['附加']);
    expect(await svc.markerOf(s.blocks.a.id, ids.t1)).toEqual([
      { quota: 30, schoolId: null, classIds: [], role: 4 },
    ]);
  });

  it('is frozen once the subject is done', async () => {
    await t.database.db.update(subject).set({ status: 5 }).where(eq(subject.id, s.subjectId));
    expect(body(await save(s.blocks.a.id, { markers: [], leaders: [] })).message).toBe(SUBJECT_STATE_FORBIDS);
    await t.database.db.update(subject).set({ status: 0 }).where(eq(subject.id, s.subjectId));
  });
});

describe('block save and assignments', () => {
  it('deleting a block deletes its markers and leaders in the same save', async () => {
    const x = await assignScene(t.app, t.database.db, '删除题块考试');
    const assigned = await x.admin.post(`/filter/api/subject/${x.subjectId}/setting/task/${x.blocks.a.id}`, {
      markers: [{ userId: x.teachers[0]!.id }],
      leaders: [x.teachers[1]!.id],
    });
    expect(body(assigned).code).toBe(0);
    const r = await x.admin.post(`/filter/api/subject/${x.subjectId}/setting/block`, {
      blocks: [{ id: x.blocks.b.id, name: '作文', nos: ['18'], markCount: 2, threshold: 3 }],
    });
    expect(body(r).code).toBe(0);
    const left = await t.database.db
      .select()
      .from(blockReviewer)
      .where(eq(blockReviewer.blockId, x.blocks.a.id));
    expect(left).toEqual([]);
  });
});
