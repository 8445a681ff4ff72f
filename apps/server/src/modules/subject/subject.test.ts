import { and, eq, like } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { SUBJECT_STATE_FORBIDS, SubjectStatus, type ReviewStartProblem } from '@yj/contracts';
import { auditLog, subject, template } from '../../db/schema';
import { body } from '../../../test/app';
import { BLANK_TEMPLATE } from '../../../test/factories';
import { reviewScene } from '../../../test/review';
import { auditModule } from '../audit/audit.module';
import { subjectRepo } from './subject.repo';
import { subjectService } from './subject.service';
import { scanMissing } from '../scan/scan.module';
import { templateMismatches } from '../template/template.module';
import { appFixture } from '../../../test/app-fixture';

const t = appFixture();
let scene: Awaited<ReturnType<typeof reviewScene>>;
const url = (path: string, id = scene.subjectId) => `/filter/api/subject/${id}/review/${path}`;

beforeAll(async () => {
  scene = await reviewScene(t.app, t.database.db);
});

const statusOf = async (id: number) =>
  (await t.database.db.select({ s: subject.status }).from(subject).where(eq(subject.id, id)))[0]!.s;

describe('开始阅卷 (review/start)', () => {
  it('refuses with every reason and its count, in Chinese', async () => {
    const res = body<ReviewStartProblem[]>(await scene.admin.get(url('start')));
    expect(res.code).toBe(1);
    expect(res.data.map((p) => [p.kind, p.count])).toEqual([
      ['scanUnfinished', 1],
      ['questionNoBlock', 1],
      ['blockNoRegion', 1],
      ['blockNoMarker', 1],
      ['paperNoImage', 1],
    ]);
    expect(res.data[0]!.message).toMatch(/^1 所学校未确认扫描完成（测试中学\d+），共 3 名考生未扫描$/);
    expect(res.message).toBe(`不能开始阅卷：${res.data.map((p) => p.message).join('；')}`);
    expect(res.message).toContain('1 道主观题未划入题块（第 18 题）');
    expect(res.message).toContain('1 个题块未框选切割区域（乙）');
    expect(res.message).toContain('1 个题块未设置阅卷老师（乙）');
    expect(res.message).toContain('1 份答题卡有未处理的定位或考号异常');
    expect(await statusOf(scene.subjectId)).toBe(SubjectStatus.setting);
  });

  it('validates its query and refuses a user without the capability', async () => {
    expect(body(await scene.admin.get(`${url('start')}?force=yes`)).code).toBe(1);
    expect(body(await scene.admin.get('/filter/api/subject/abc/review/start')).code).toBe(1);
    expect(body(await scene.teacher.get(`${url('start')}?force=1`)).message).toBe('无权限');
  });

  it('force overrides unfinished scanning only, and the audit line keeps what was overridden', async () => {
    await scene.fix.blocks();
    // the open 定位异常 still blocks, even with force
    const forced = body<ReviewStartProblem[]>(await scene.admin.get(`${url('start')}?force=1`));
    expect(forced.data.map((p) => p.kind)).toEqual(['scanUnfinished', 'paperNoImage']);
    await scene.fix.exceptions();
    const plain = body<ReviewStartProblem[]>(await scene.admin.get(url('start')));
    expect(plain.data.map((p) => p.kind)).toEqual(['scanUnfinished']);
    const started = body<{ status: number }>(await scene.admin.get(`${url('start')}?force=1`));
    expect(started).toMatchObject({
      code: 0,
      data: { subjectId: scene.subjectId, status: SubjectStatus.reviewing },
    });
    const [line] = await t.database.db
      .select()
      .from(auditLog)
      .where(
        and(eq(auditLog.action, 'subject.reviewStart'), eq(auditLog.target, `subject:${scene.subjectId}`)),
      );
    expect(line!.detail).toMatchObject({
      operation: '开始阅卷',
      before: { status: 0, label: '设置中' },
      after: { status: 3, label: '阅卷中' },
      overridden: [{ kind: 'scanUnfinished', count: 1 }],
    });
    // a second start is a state conflict, and settings are closed while marking
    expect(body(await scene.admin.get(url('start'))).message).toBe(SUBJECT_STATE_FORBIDS);
    expect(
      body(
        await scene.admin.post(`/filter/api/api/subject/${scene.subjectId}/setting/questions/subjective`, {
          questions: [{ no: '17', score: 10 }],
        }),
      ).message,
    ).toBe(SUBJECT_STATE_FORBIDS);
  });
});

describe('开始阅卷 and the template the sheets are read with', () => {
  it('refuses while a template reads objective questions otherwise than 题目设置; starts once they agree', async () => {
    const other = await reviewScene(t.app, t.database.db, '模板不一致考试');
    await other.fix.blocks();
    await other.fix.exceptions();
    await other.fix.scanning();
    const save = (kind: 'single' | 'multi') =>
      other.admin.post(`/filter/api/api/subject/${other.subjectId}/setting/questions/objective`, {
        questions: ['1', '2', '3'].map((no) => ({ no, kind, options: 4, score: 2, answer: 'A' })),
      });
    expect(body(await save('single')).code).toBe(0);
    // the batch's template (a third-party card) reads 1–3 as 多选 with a fourth bubble for 3 missing
    const page = BLANK_TEMPLATE.pages[0]!;
    const group = (first: number, count: number, options: string[]) => ({
      name: `客观题${first}`,
      kind: 'multi' as const,
      firstQuestion: first,
      grid: {
        origin: { x: 200, y: 300 + first * 40 },
        bubble: { w: 30, h: 20 },
        direction: 'horizontal' as const,
        options,
        optionGap: 40,
        fieldGap: 40,
        count,
      },
    });
    await t.database.db
      .update(template)
      .set({
        body: {
          ...BLANK_TEMPLATE,
          pages: [{ ...page, objective: [group(1, 2, ['A', 'B', 'C', 'D']), group(3, 1, ['A', 'B', 'C'])] }],
        },
      })
      .where(eq(template.subjectId, other.subjectId));

    const refused = body<ReviewStartProblem[]>(await other.admin.get(url('start', other.subjectId)));
    expect(refused.data.map((p) => [p.kind, p.count])).toEqual([['templateMismatch', 3]]);
    expect(refused.message).toBe(
      '不能开始阅卷：3 道客观题的题型或选项与答题卡模板不一致（客观题 1、2、3 在模板中是多选，题目设置中是单选），' +
        '请在题目设置或模板中改为一致',
    );
    // 题目设置 says 多选 now: question 3 still has a bubble too few
    expect(body(await save('multi')).code).toBe(0);
    const still = body<ReviewStartProblem[]>(await other.admin.get(url('start', other.subjectId)));
    expect(still.message).toContain('客观题 3 在模板中有 3 个选项，题目设置中是 4 个选项');
    expect(await statusOf(other.subjectId)).toBe(SubjectStatus.setting);
    await t.database.db
      .update(template)
      .set({
        body: {
          ...BLANK_TEMPLATE,
          pages: [{ ...page, objective: [group(1, 3, ['A', 'B', 'C', 'D'])] }],
        },
      })
      .where(eq(template.subjectId, other.subjectId));
    expect(body<{ status: number }>(await other.admin.get(url('start', other.subjectId))).data.status).toBe(
      SubjectStatus.reviewing,
    );
  });
});

describe('pause, resume, done and its cancel', () => {
  it('moves along the table and refuses what it has no arrow for', async () => {
    const go = async (path: string) => body<{ status: number }>(await scene.admin.get(url(path)));
    expect((await go('resume')).message).toBe(SUBJECT_STATE_FORBIDS);
    expect((await go('pause')).data.status).toBe(SubjectStatus.paused);
    expect((await go('pause')).message).toBe(SUBJECT_STATE_FORBIDS);
    expect((await go('resume')).data.status).toBe(SubjectStatus.reviewing);
    expect((await go('done/check')).data).toEqual({ unmarked: 0, arbitration: 0, problems: 0 });
    expect((await go('done')).data.status).toBe(SubjectStatus.done);
    expect((await go('pause')).message).toBe(SUBJECT_STATE_FORBIDS);
    expect((await go('done/cancel')).data.status).toBe(SubjectStatus.reviewing);
    expect((await go('done/cancel')).message).toBe(SUBJECT_STATE_FORBIDS);
    const actions = await t.database.db
      .select({ a: auditLog.action })
      .from(auditLog)
      .where(and(eq(auditLog.target, `subject:${scene.subjectId}`), like(auditLog.action, 'subject.%')));
    expect(actions.map((x) => x.a)).toEqual([
      'subject.reviewStart',
      'subject.reviewPause',
      'subject.reviewResume',
      'subject.reviewDone',
      'subject.reviewDoneCancel',
    ]);
  });

  it('validates the id and refuses a user without the capability', async () => {
    for (const path of ['pause', 'resume', 'done', 'done/check', 'done/cancel']) {
      expect(body(await scene.admin.get(`/filter/api/subject/0/review/${path}`)).code, path).toBe(1);
      expect(body(await scene.teacher.get(url(path))).message, path).toBe('无权限');
    }
    expect(await statusOf(scene.subjectId)).toBe(SubjectStatus.reviewing);
  });

  it('lists the exam’s subjects with their state for startReviewManage', async () => {
    const list = body<Array<{ subjectId: number; status: number; canManage: boolean }>>(
      await scene.admin.get(`/filter/api/exam/${scene.examId}/review/subjects`),
    ).data;
    expect(list).toEqual([
      expect.objectContaining({
        subjectId: scene.subjectId,
        status: SubjectStatus.reviewing,
        canManage: true,
      }),
    ]);
    expect(body(await scene.teacher.get(`/filter/api/exam/${scene.examId}/review/subjects`)).message).toBe(
      '无权限',
    );
    expect(body(await scene.admin.get('/filter/api/exam/x/review/subjects')).code).toBe(1);
  });
});

describe('the hooks the task pool plugs in', () => {
  it('creates tasks inside the start and refuses 阅卷完成 with what is left', async () => {
    const other = await reviewScene(t.app, t.database.db, '钩子考试');
    await other.fix.blocks();
    await other.fix.exceptions();
    await other.fix.scanning();
    const started: number[] = [];
    let left = { unmarked: 3, arbitration: 1, problems: 0 };
    const subjects = subjectService({
      db: t.database.db,
      repo: subjectRepo,
      audit: auditModule({ db: t.database.db }).audit,
      startPorts: { scanMissing, templateFit: templateMismatches },
      hooks: {
        onReviewStart: async (tx, id) => {
          // inside the transaction: the subject already reads as reviewing there
          const [row] = await tx.select({ s: subject.status }).from(subject).where(eq(subject.id, id));
          started.push(row!.s);
        },
        doneCheck: async () => left,
      },
    });
    const actor = { userId: other.teacherId, ip: null };
    await subjects.start(other.subjectId, false, actor);
    expect(started).toEqual([SubjectStatus.reviewing]);
    await expect(subjects.done(other.subjectId, actor)).rejects.toThrow(
      '还有3 份未阅、1 份待仲裁，不能完成阅卷',
    );
    expect(await subjects.doneCheck(other.subjectId)).toEqual(left);
    left = { unmarked: 0, arbitration: 0, problems: 0 };
    expect(await subjects.done(other.subjectId, actor)).toEqual({
      subjectId: other.subjectId,
      status: SubjectStatus.done,
    });
  });

  it('leaves the subject as it was when the start hook fails', async () => {
    const other = await reviewScene(t.app, t.database.db, '回滚考试');
    await other.fix.blocks();
    await other.fix.exceptions();
    await other.fix.scanning();
    const subjects = subjectService({
      db: t.database.db,
      repo: subjectRepo,
      audit: auditModule({ db: t.database.db }).audit,
      startPorts: { scanMissing, templateFit: templateMismatches },
      hooks: { onReviewStart: () => Promise.reject(new Error('pool down')) },
    });
    await expect(subjects.start(other.subjectId, false, 'schedule')).rejects.toThrow('pool down');
    expect(await statusOf(other.subjectId)).toBe(SubjectStatus.setting);
  });
});
