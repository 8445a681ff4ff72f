import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { SubjectStatus, type TodoList } from '@yj/contracts';
import { examRole, scanFinish, subject } from '../../db/schema';
import { body, type Client } from '../../../test/app';
import { buildTeacher, signInAs } from '../../../test/factories';
import { otherSchoolAdmin } from '../../../test/school-scene';
import { buildMarker, buildReviewingScene, claimTasks, submitMark } from '../../../test/marking';
import { appFixture } from '../../../test/app-fixture';

// 待办 on the home page (issue 31): 待阅 per block for a marker, 仲裁 / 问题卷 for a leader, and what each
// subject of an exam waits for from its manager.
const t = appFixture();

const todo = async (c: Client) => body<TodoList>(await c.get('/filter/api/home/todo')).data;

describe('GET /api/home/todo', () => {
  it('follows a double-marked block from 待阅 to 仲裁 to 阅卷完成 and 成绩核查', async () => {
    const db = t.database.db;
    const scene = await buildReviewingScene(db, {
      papers: 1,
      blocks: [{ name: '第13题', nos: ['13'], markCount: 2, threshold: 1 }],
    });
    const blockId = scene.blocks[0]!.id;
    const leader = await buildMarker(t.app, db, scene, [blockId], { role: 6 });
    const a = await buildMarker(t.app, db, scene, [blockId]);
    const b = await buildMarker(t.app, db, scene, [blockId]);
    const m = await buildTeacher(db, scene.schools[0]!.id);
    await db.insert(examRole).values({ examId: scene.examId, userId: m.id, role: 1 });
    const manager = await signInAs(t, m);
    const outsider = await otherSchoolAdmin(t);

    expect((await todo(a.client)).marking).toEqual([
      expect.objectContaining({ examId: scene.examId, blockId, blockName: '第13题', left: 1 }),
    ]);
    expect((await todo(leader.client)).leading).toEqual([]);
    // scanned, not confirmed finished: the manager is asked to confirm it
    expect((await todo(manager)).managing).toEqual([
      expect.objectContaining({ subjectId: scene.subjectId, kind: 'scan', count: 1 }),
    ]);
    await db.insert(scanFinish).values({ subjectId: scene.subjectId, schoolId: scene.schools[0]!.id });

    // two marks 8 points apart: arbitration waits on the leader, nothing is left for the markers
    const [ta] = (await claimTasks(a.client, blockId)).data;
    expect(body(await submitMark(a.client, ta!, '13', 9)).code).toBe(0);
    const [tb] = (await claimTasks(b.client, blockId)).data;
    expect(body(await submitMark(b.client, tb!, '13', 1)).code).toBe(0);
    expect((await todo(a.client)).marking).toEqual([]);
    expect((await todo(leader.client)).leading).toEqual([
      expect.objectContaining({ blockId, arbitration: 1, problems: 0 }),
    ]);
    expect((await todo(manager)).managing).toEqual([]);

    const [arb] = (await claimTasks(leader.client, blockId, 1, 'arbitration')).data;
    expect(body(await submitMark(leader.client, arb!, '13', 5)).code).toBe(0);
    expect((await todo(leader.client)).leading).toEqual([]);
    expect((await todo(manager)).managing).toEqual([
      expect.objectContaining({ subjectId: scene.subjectId, kind: 'markingLeft' }),
    ]);

    // 阅卷完成: 成绩核查 lists what is left (the questions total 24 of the subject's 150)
    await db.update(subject).set({ status: SubjectStatus.done }).where(eq(subject.id, scene.subjectId));
    const [blocked] = (await todo(manager)).managing;
    expect(blocked).toMatchObject({ subjectId: scene.subjectId, kind: 'blocked' });
    expect(blocked!.count).toBeGreaterThan(0);
    expect(await todo(outsider)).toEqual({ marking: [], leading: [], managing: [] });
    expect(await todo(a.client)).toEqual({ marking: [], leading: [], managing: [] });
  });

  it('needs a session', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/filter/api/home/todo' });
    expect(body(res).code).toBe(1000);
  });
});
