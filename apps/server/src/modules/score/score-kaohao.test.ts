import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  SUBJECT_STATE_FORBIDS,
  SubjectStatus,
  type Paged,
  type ScoreKaohaoItem,
  type ScoreKaohaoMoved,
  type ScoreStudentsPage,
} from '@yj/contracts';
import { absence, auditLog, blockScore, examinee, paper, student, subject } from '../../db/schema';
import { body } from '../../../test/app';
import { buildClassWithStudents, buildSchool } from '../../../test/factories';
import { ALL_RIGHT, buildScoreScene, type ScoreScene } from '../../../test/score';
import { appFixture } from '../../../test/app-fixture';
import { signInSchoolAdmin } from '../../../test/school-scene';

// e0 (20260001): objective 13 + block 21: 8, 22: 7 = 28, then 21 adjusted to 9 => 29; e1 (20260002) absent;
// e2 (20260003) a blank sheet; e3 (20260004) nothing.
const t = appFixture();
let scene: ScoreScene;
let p0: number;

beforeAll(async () => {
  scene = await buildScoreScene(t.app, t.database.db, 4);
  const [e0, e1, e2] = scene.examinees;
  p0 = (await scene.addMarked(e0!.id, ...ALL_RIGHT)).id;
  await scene.addPaper(e2!.id, {});
  await scene.addAbsent(e1!.id);
  await scene.recompute();
  const adj = { examineeId: e0!.id, questionNo: '21', score: 9, reason: '复核加分' };
  expect(body(await scene.admin.post(`${scene.scoreUrl}/adjust`, adj)).code).toBe(0);
}, 60_000);

const move = (b: object, c = () => scene.admin) =>
  c()
    .post(`${scene.scoreUrl}/adjust/kaohao`, b)
    .then((r) => body<ScoreKaohaoMoved>(r));
const row = async (kaohao: string) =>
  body<ScoreStudentsPage>(await scene.admin.get(`${scene.scoreUrl}/students?keyword=${kaohao}`)).data
    .items[0]!;

describe('POST score/adjust/kaohao', () => {
  it('moves the sheet to the right examinee: marks, adjustments and scores follow, 缺考 cleared, audited', async () => {
    expect((await row('20260001')).total).toBe(29);
    const [e0, e1] = scene.examinees;
    const r = await move({ examineeId: e0!.id, kaohao: '20260002', reason: '考号填涂错误' });
    expect(r).toMatchObject({
      code: 0,
      data: {
        paperId: p0,
        from: { examineeId: e0!.id, kaohao: '20260001', total: null },
        to: { examineeId: e1!.id, kaohao: '20260002', total: 29 },
      },
    });
    const db = t.database.db;
    const [sheet] = await db.select().from(paper).where(eq(paper.id, p0));
    expect([sheet!.examineeId, sheet!.kaohao]).toEqual([e1!.id, '20260002']);
    // the marks stay on the paper, so they now count for e1
    expect(await db.select().from(blockScore).where(eq(blockScore.paperId, p0))).toHaveLength(1);
    const cleared = await db
      .select()
      .from(absence)
      .where(and(eq(absence.examineeId, e1!.id), eq(absence.subjectId, scene.subjectId)));
    expect(cleared).toHaveLength(0);
    const to = await row('20260002');
    expect([to.total, to.questions['21'], to.questions['22']]).toEqual([29, 9, 7]);
    expect((await row('20260001')).total).toBeNull();
    // the list is read from the audit
    const list = body<Paged<ScoreKaohaoItem>>(await scene.admin.get(`${scene.scoreUrl}/adjust/kaohao`)).data;
    expect(list.total).toBe(1);
    expect(list.items[0]).toMatchObject({
      paperId: p0,
      fromKaohao: '20260001',
      toKaohao: '20260002',
      reason: '考号填涂错误',
    });
    const audits = await db.select().from(auditLog).where(eq(auditLog.action, 'score.kaohao'));
    expect(audits[0]!.detail).toMatchObject({ before: '20260001', after: '20260002', adjustmentsMoved: 1 });
  });

  it('refuses: same number, unknown number, target with a sheet, no sheet, another school, bad input', async () => {
    const [e0, e1] = scene.examinees;
    const msg = async (b: object) => (await move(b)).message;
    const reason = '考号错误';
    expect(await msg({ examineeId: e1!.id, kaohao: '20260002', reason })).toBe(
      '正确考号与当前考号相同，无需调整',
    );
    expect(await msg({ examineeId: e1!.id, kaohao: '99999999', reason })).toBe(
      '考号 99999999 不是本科目的考生',
    );
    expect(await msg({ examineeId: e1!.id, kaohao: '20260003', reason })).toMatch(/（20260003）已有答题卡/);
    expect(await msg({ examineeId: e0!.id, kaohao: '20260004', reason })).toMatch(
      /（20260001）在本科目没有答题卡/,
    );
    expect(await msg({ examineeId: 999_999, kaohao: '20260004', reason })).toBe('考生不存在');
    expect((await move({ examineeId: e1!.id, kaohao: '20260004', reason: ' ' })).code).not.toBe(0);
    expect((await move({ examineeId: e1!.id, kaohao: '2026 0004', reason })).code).not.toBe(0);
    expect((await move({ examineeId: 0, kaohao: '20260004', reason })).code).not.toBe(0);
    // an examinee of another school in the same exam
    const db = t.database.db;
    const other = await buildSchool(db);
    const c = await buildClassWithStudents(db, other.id, 1);
    const [stu] = await db.select().from(student).where(eq(student.classId, c.banji.id));
    await db.insert(examinee).values({
      examId: scene.examId,
      studentId: stu!.id,
      schoolId: other.id,
      classId: c.banji.id,
      kaohao: '30260001',
    });
    expect(await msg({ examineeId: e1!.id, kaohao: '30260001', reason })).toBe(
      '考号 30260001 不是本校考生，不能移入这张答题卡',
    );
    // no capability, another school's admin
    expect(
      (await move({ examineeId: e1!.id, kaohao: '20260004', reason }, () => scene.teacher)).message,
    ).toBe('无权限');
    const stranger = await signInSchoolAdmin(t, other.id);
    expect((await move({ examineeId: e1!.id, kaohao: '20260004', reason }, () => stranger)).message).toBe(
      '无权限',
    );
    expect(body(await stranger.get(`${scene.scoreUrl}/adjust/kaohao`)).message).toBe('无权限');
    // nothing moved
    const [sheet] = await db.select().from(paper).where(eq(paper.id, p0));
    expect(sheet!.examineeId).toBe(e1!.id);
  });

  it('is refused once the scores are published', async () => {
    const db = t.database.db;
    await db.update(subject).set({ status: SubjectStatus.published }).where(eq(subject.id, scene.subjectId));
    const r = await move({ examineeId: scene.examinees[1]!.id, kaohao: '20260004', reason: '考号错误' });
    expect(r.message).toBe(SUBJECT_STATE_FORBIDS);
    await db.update(subject).set({ status: SubjectStatus.done }).where(eq(subject.id, scene.subjectId));
  });
});
