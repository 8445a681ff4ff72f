import { and, eq, like } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  REPORT_SHEET_NAMES,
  reportTable,
  type Report,
  type ReportGroupCandidate,
  type ReportGroupsPage,
} from '@yj/contracts';
import { analysisGroup, reportCache, score } from '../../db/schema';
import { body } from '../../../test/app';
import { readXlsx } from '../../../test/excel';
import { reportScene, type ReportScene } from '../../../test/report';
import { withScene } from '../../../test/app-fixture';

// 分析组 on test/report.ts's scene. 英语 (full 100): 1班 e0 90, e1 60; 2班 e2 70, e3 80, e4 100.
// 数学 (full 43, papers as in report.test.ts): 1班 e0 28 (answers 1 B), e1 5 (1 B); 2班 e2 absent, e3 30 (1 B),
// e4 0 (all blank). The teacher teaches 2班; the stranger administers another school.
const { t, scene: s } = withScene(reportScene({ mathPapers: true }), undefined, 120_000);
type Who = ReportScene['teacher'];

const groupsUrl = () => `${s.base}/groups`;
const list = async (who: Who) => body<ReportGroupsPage>(await who.get(`${groupsUrl()}?page=1&size=20`));
const create = async (who: Who, b: object) => body<{ id: number }>(await who.post(groupsUrl(), b));
const groupReport = async (who: Who, id: number, subjectId?: number) =>
  body<Report>(await who.get(`${groupsUrl()}/${id}/report${subjectId ? `?subjectId=${subjectId}` : ''}`));

describe('分析组', () => {
  it('create, list, rename, delete; a second group of the same name is refused', async () => {
    const admin = s.scene.admin;
    const made = await create(admin, { name: '一班组', classIds: [s.scene.classId] });
    expect(made.code).toBe(0);
    expect((await create(admin, { name: '一班组', classIds: [s.class2] })).message).toBe(
      '已有名为“一班组”的分析组',
    );
    const l = await list(admin);
    expect(l.data.items).toEqual([
      expect.objectContaining({
        id: made.data.id,
        name: '一班组',
        kind: 'classes',
        classNames: ['高一(1)班'],
        size: 2,
      }),
    ]);
    const put = await admin.call('PUT', `${groupsUrl()}/${made.data.id}`, {
      name: '尖子生',
      examineeIds: [s.ids[0], s.ids[4]],
    });
    expect(body(put).code).toBe(0);
    expect((await list(admin)).data.items[0]).toMatchObject({
      name: '尖子生',
      kind: 'students',
      classNames: ['高一(1)班', '高一(2)班'],
      size: 2,
    });
    // the group's cached report goes with it; nothing else is touched
    expect((await groupReport(admin, made.data.id, s.english)).code).toBe(0);
    const del = await admin.call('DELETE', `${groupsUrl()}/${made.data.id}`);
    expect(body(del).code).toBe(0);
    expect((await list(admin)).data.total).toBe(0);
    expect((await groupReport(admin, made.data.id)).message).toBe('分析组不存在或已删除');
    const cached = await t.database.db
      .select()
      .from(reportCache)
      .where(eq(reportCache.kind, `group:${made.data.id}`));
    expect(cached).toEqual([]);
    const row = await t.database.db.select().from(analysisGroup).where(eq(analysisGroup.id, made.data.id));
    expect(row[0]!.deletedAt).not.toBeNull();
  });

  it('two renames to one name at the same instant: one stands, the other is refused in Chinese', async () => {
    const admin = s.scene.admin;
    const a = await create(admin, { name: '甲组', classIds: [s.scene.classId] });
    const b = await create(admin, { name: '乙组', classIds: [s.class2] });
    const renames = await Promise.all(
      [a, b].map((g) =>
        admin.call('PUT', `${groupsUrl()}/${g.data.id}`, { name: '同名组', classIds: [s.scene.classId] }),
      ),
    );
    expect(renames.filter((r) => body(r).code === 0)).toHaveLength(1);
    const refused = renames.map(body).find((r) => r.code !== 0)!;
    expect(refused.message).toBe('已有名为“同名组”的分析组');
    for (const g of [a, b]) await admin.call('DELETE', `${groupsUrl()}/${g.data.id}`);
  });

  it('refuses a body with both or neither of classes and students, and members outside the exam', async () => {
    const admin = s.scene.admin;
    expect(
      (await create(admin, { name: '甲', classIds: [s.scene.classId], examineeIds: [s.ids[0]] })).code,
    ).toBe(1);
    expect((await create(admin, { name: '甲' })).code).toBe(1);
    expect((await create(admin, { name: '甲', examineeIds: [999_999] })).message).toBe(
      '所选学生不在本次考试中',
    );
    expect((await create(admin, { name: '甲', classIds: [999_999] })).message).toBe('所选班级不在本次考试中');
  });

  it('a group figures as computeReport over its members: hand-computed, options of its members only', async () => {
    const admin = s.scene.admin;
    const g = await create(admin, { name: '三人组', examineeIds: [s.ids[0], s.ids[3], s.ids[4]] });
    // 英语 90 80 100: mean 90, median 90, sd √(200 / 3); 1班 90, 2班 90
    const en = (await groupReport(admin, g.data.id, s.english)).data;
    expect(en.overall).toMatchObject({ sat: 3, absent: 0, mean: 90, median: 90, max: 100, min: 80 });
    expect(en.overall.sd).toBeCloseTo(Math.sqrt(200 / 3), 5);
    expect(en.classes.map((c) => [c.name, c.mean, c.sat])).toEqual([
      ['高一(1)班', 90, 1],
      ['高一(2)班', 90, 2],
    ]);
    // 数学 28 30 0: mean 58 / 3; question 1: e0 B, e3 B, e4 blank — not e1's B (outside the group)
    const ma = (await groupReport(admin, g.data.id, s.scene.subjectId)).data;
    expect(ma.overall).toMatchObject({ sat: 3, max: 30, min: 0, median: 28 });
    expect(ma.overall.mean).toBeCloseTo(58 / 3, 5);
    const q1 = ma.questions.find((q) => q.no === '1')!;
    expect(q1.options).toEqual(
      expect.arrayContaining([
        { answer: 'B', count: 2 },
        { answer: '', count: 1 },
      ]),
    );
    expect(q1.options!.reduce((a, o) => a + o.count, 0)).toBe(3);
    // three members: α and KR-20 withheld, with the reason the screen shows (人数过少，不计算)
    expect(ma).toMatchObject({ alpha: null, kr20: null, reliabilityWithheld: 'fewExaminees' });
    // the total: 118, 110, 100
    const total = (await groupReport(admin, g.data.id)).data;
    expect(total.overall).toMatchObject({ sat: 3, max: 118, min: 100 });
    expect(total.overall.mean).toBeCloseTo((118 + 110 + 100) / 3, 5);
    // the Excel sheet holds the rows of the group's table
    const res = await admin.get(`${groupsUrl()}/${g.data.id}/export?subjectId=${s.english}&sheet=classes`);
    expect(res.headers['content-disposition']).toContain(encodeURIComponent(REPORT_SHEET_NAMES.classes));
    const rows = await readXlsx(res.rawPayload);
    const table = reportTable(en, 'classes');
    expect(rows[0]).toEqual(table.headers);
    expect(rows.slice(1)).toEqual(table.rows.map((r) => r.map(String)));
  });

  it('a score change or an edit of the group computes its report again', async () => {
    const admin = s.scene.admin;
    const g = await create(admin, { name: '变化组', examineeIds: [s.ids[0], s.ids[1]] });
    expect((await groupReport(admin, g.data.id, s.english)).data.overall.mean).toBe(75);
    await t.database.db
      .update(score)
      .set({ total: 40 })
      .where(and(eq(score.subjectId, s.english), eq(score.examineeId, s.ids[1]!)));
    // 90 40
    expect((await groupReport(admin, g.data.id, s.english)).data.overall.mean).toBe(65);
    await admin.call('PUT', `${groupsUrl()}/${g.data.id}`, {
      name: '变化组',
      examineeIds: [s.ids[0], s.ids[3]],
    });
    // 90 80
    expect((await groupReport(admin, g.data.id, s.english)).data.overall.mean).toBe(85);
    await t.database.db
      .update(score)
      .set({ total: 60 })
      .where(and(eq(score.subjectId, s.english), eq(score.examineeId, s.ids[1]!)));
  });

  it('a teacher: groups over their classes only; another class, another school refused', async () => {
    const admin = s.scene.admin;
    const one = await create(admin, { name: '只有一班', classIds: [s.scene.classId] });
    expect((await create(s.teacher, { name: '教师组', classIds: [s.scene.classId] })).message).toBe(
      '只能选择您有权查看报表的班级',
    );
    expect((await create(s.teacher, { name: '教师组', examineeIds: [s.ids[0]] })).message).toBe(
      '只能选择您有权查看报表的学生',
    );
    const mine = await create(s.teacher, { name: '二班组', classIds: [s.class2] });
    expect(mine.code).toBe(0);
    const seen = (await list(s.teacher)).data.items.map((g) => g.name);
    expect(seen).toContain('二班组');
    expect(seen).not.toContain('只有一班');
    expect(seen).not.toContain('三人组');
    expect((await groupReport(s.teacher, one.data.id, s.english)).message).toBe('无权限');
    expect((await s.teacher.call('DELETE', `${groupsUrl()}/${one.data.id}`)).json().message).toBe('无权限');
    // 2班 英语 70 80 100
    expect((await groupReport(s.teacher, mine.data.id, s.english)).data.overall.mean).toBeCloseTo(250 / 3, 5);
    // the examinees offered: those of the teacher's classes only
    const offered = async (who: Who) =>
      body<ReportGroupCandidate[]>(await who.get(`${s.base}/group-candidates?keyword=2026`)).data;
    expect((await offered(admin)).length).toBe(5);
    expect((await offered(s.teacher)).map((c) => c.examineeId)).toEqual(s.ids.slice(2));
    // by exam number (a pasted column): the teacher's students found, another class's and unknown ones not
    const pasted = body<{ found: ReportGroupCandidate[]; missing: string[] }>(
      await s.teacher.post(`${s.base}/group-candidates/kaohao`, {
        kaohaos: [s.scene.examinees[0]!.kaohao, s.scene.examinees[3]!.kaohao, '99999999'],
      }),
    );
    expect(pasted.data.found.map((c) => c.examineeId)).toEqual([s.ids[3]]);
    expect(pasted.data.missing).toEqual([s.scene.examinees[0]!.kaohao, '99999999']);
    // another school's administrator sees nothing of the exam's groups
    expect((await list(s.stranger)).code).not.toBe(0);
    expect((await groupReport(s.stranger, mine.data.id, s.english)).code).not.toBe(0);
    // the school's administrator sees both
    const all = (await list(admin)).data.items.map((g) => g.name);
    expect(all).toEqual(expect.arrayContaining(['只有一班', '二班组']));
  });

  it('a subject report made under a new stamp drops its stale 试卷讲评 rows', async () => {
    const db = t.database.db;
    const { examId, subjectId } = s.scene;
    await db
      .insert(reportCache)
      .values({ examId, subjectId, kind: 'commentary:999', stamp: 'old', data: '{}' });
    await db
      .insert(reportCache)
      .values({ examId, subjectId: s.english, kind: 'commentary:999', stamp: 'old', data: '{}' });
    // 数学's scores change: its report is computed again under a new stamp
    await db
      .update(score)
      .set({ total: 29 })
      .where(and(eq(score.subjectId, subjectId), eq(score.examineeId, s.ids[0]!)));
    expect((await s.scene.admin.get(`${s.base}?subjectId=${subjectId}`)).json().code).toBe(0);
    const left = await db
      .select({ subjectId: reportCache.subjectId })
      .from(reportCache)
      .where(like(reportCache.kind, 'commentary:%'));
    // 英语's row stays until 英语's report is made again
    expect(left).toEqual([{ subjectId: s.english }]);
  });
});
