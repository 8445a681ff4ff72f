import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { SubjectStatus, type MessageItem } from '@yj/contracts';
import { blockQuality, examRole, markerFlag, subject } from '../../db/schema';
import { body, type Client } from '../../../test/app';
import { buildSchool, buildTeacher, signInAs } from '../../../test/factories';
import { buildMarker, buildReviewingScene, claimTasks, submitMark } from '../../../test/marking';
import { reviewScene } from '../../../test/review';
import { buildScoreScene } from '../../../test/score';
import { blockProgressCounts } from '../marking/overview/marking-progress.repo';
import { auditModule } from '../audit/audit.module';
import { messageModule } from './message.module';
import { appFixture } from '../../../test/app-fixture';

// System messages (issue 31): marking starts and scores are published (the lifecycle's transaction), a block is
// marked to the end and a marker is paused by 质检 (the sweep, once per event).
const t = appFixture();

const titles = async (c: Client) =>
  body<{ items: MessageItem[] }>(
    await c.post('/filter/api/message/list', { page: 1, size: 50 }),
  ).data.items.map((m) => m.title);

describe('lifecycle messages', () => {
  it('开始阅卷 tells the subject’s markers; a refused start tells nobody', async () => {
    const s = await reviewScene(t.app, t.database.db, '消息阅卷考试');
    const start = `/filter/api/subject/${s.subjectId}/review/start?force=1`;
    expect(body(await s.admin.get(start)).code).toBe(1);
    expect(await titles(s.teacher)).not.toContain('阅卷已开始');
    await s.fix.blocks();
    await s.fix.exceptions();
    expect(body(await s.admin.get(start)).code).toBe(0);
    const [first] = body<{ items: MessageItem[] }>(
      await s.teacher.post('/filter/api/message/list', { page: 1, size: 1 }),
    ).data.items;
    expect(first).toMatchObject({ title: '阅卷已开始', kind: 'system', senderName: null, read: false });
    expect(first!.content).toContain('消息阅卷考试 语文 已开始阅卷');
  });

  it('发布成绩 tells the exam’s staff and the school’s teachers of the course, not another school’s', async () => {
    const db = t.database.db;
    const s = await buildScoreScene(t.app, db, 1);
    await db.update(subject).set({ fullScore: 33 }).where(eq(subject.id, s.subjectId));
    const p = await s.addPaper(s.examinees[0]!.id, { '1': ['B'] });
    await s.addBlockScore(p.id, { '21': 4, '22': 3, '23': 0 });
    await s.setStatus(SubjectStatus.done);
    await s.recompute();
    const staff = await buildTeacher(db, (await buildSchool(db)).id);
    await db.insert(examRole).values({ examId: s.examId, userId: staff.id, role: 2 });
    const elsewhere = await buildTeacher(db, (await buildSchool(db)).id);

    const released = body(await s.admin.post(`/filter/api/subject/${s.subjectId}/score/release`));
    expect(released.message).toBe('success');
    expect(await titles(s.teacher)).toContain('成绩已发布');
    expect(await titles(await signInAs(t, staff))).toContain('成绩已发布');
    expect(await titles(await signInAs(t, elsewhere))).not.toContain('成绩已发布');
  });
});

describe('the sweep', () => {
  it('a block marked to the end tells its leader and the exam’s managers, once', async () => {
    const db = t.database.db;
    const scene = await buildReviewingScene(db, { papers: 2, blocks: [{ name: '第13题', nos: ['13'] }] });
    const blockId = scene.blocks[0]!.id;
    const leader = await buildMarker(t.app, db, scene, [blockId], { role: 6 });
    const marker = await buildMarker(t.app, db, scene, [blockId]);
    const manager = await buildTeacher(db, scene.schools[0]!.id);
    await db.insert(examRole).values({ examId: scene.examId, userId: manager.id, role: 1 });
    const { events } = messageModule({
      db,
      audit: auditModule({ db }).audit,
      progress: (ids, s) => blockProgressCounts(db, ids, s),
    });

    const [first] = (await claimTasks(marker.client, blockId)).data;
    expect(body(await submitMark(marker.client, first!, '13', 6)).code).toBe(0);
    expect(await events.sweep()).toBe(0);
    const [second] = (await claimTasks(marker.client, blockId)).data;
    expect(body(await submitMark(marker.client, second!, '13', 7)).code).toBe(0);
    expect(await events.sweep()).toBe(1);
    expect(await events.sweep()).toBe(0);
    expect((await titles(leader.client)).filter((x) => x === '题块阅卷完成')).toHaveLength(1);
    expect(await titles(await signInAs(t, manager))).toContain('题块阅卷完成');
    expect(await titles(marker.client)).not.toContain('题块阅卷完成');
  });

  it('a marker paused by 质检 is told, and so are the block’s leaders; a block that does not pause says nothing', async () => {
    const db = t.database.db;
    const scene = await buildReviewingScene(db, {
      papers: 2,
      blocks: [
        { name: '第13题', nos: ['13'] },
        { name: '第14题', nos: ['14'] },
      ],
    });
    const [pausing, flagOnly] = scene.blocks.map((b) => b.id) as [number, number];
    const leader = await buildMarker(t.app, db, scene, [pausing], { role: 6 });
    const marker = await buildMarker(t.app, db, scene, [pausing, flagOnly]);
    const { events } = messageModule({ db, audit: auditModule({ db }).audit, progress: async () => [] });
    await db.insert(blockQuality).values([
      { blockId: pausing, pause: true },
      { blockId: flagOnly, pause: false },
    ]);
    await db.insert(markerFlag).values([
      { blockId: pausing, userId: marker.user.id, reasons: ['给分偏高'] },
      { blockId: flagOnly, userId: marker.user.id, reasons: ['给分偏高'] },
    ]);
    expect(await events.sweep()).toBe(1);
    expect(await events.sweep()).toBe(0);
    expect((await titles(marker.client)).filter((x) => x === '评分已暂停')).toHaveLength(1);
    expect(await titles(leader.client)).toContain('阅卷老师已暂停');
  });
});
