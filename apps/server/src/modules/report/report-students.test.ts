import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { REPORT_STUDENT_HEADERS, reportStudentCells, type ReportStudentsPage } from '@yj/contracts';
import { reportCache, score, student } from '../../db/schema';
import { body } from '../../../test/app';
import { readXlsx } from '../../../test/excel';
import { buildReportScene, type ReportScene } from '../../../test/report';
import { appFixture } from '../../../test/app-fixture';

// 学生成绩 (issue 16) on test/report.ts's scene: 英语 (full 100) e0 90, e1 60 in 1班; e2 70, e3 80, e4 100 in 2班.
// Mean 80; population σ = √((100 + 400 + 100 + 0 + 400) / 5) = √200 = 14.142136.
const t = appFixture();
let s: ReportScene;
let url: string;

const page = async (who: ReportScene['teacher'], q: string) =>
  body<ReportStudentsPage>(await who.get(`${url}${q}`));

beforeAll(async () => {
  s = await buildReportScene(t);
  url = `${s.base}/students?subjectId=${s.english}`;
}, 120_000);

describe('GET report/students', () => {
  it('ranks in class, school and exam, Z / T, 等级赋分; best first, a page at a time', async () => {
    const r = await page(s.scene.admin, '&page=1&size=2');
    expect(r.data.total).toBe(5);
    const [e0, e1, e2, e3, e4] = s.scene.examinees;
    expect(r.data.items.map((x) => x.examineeId)).toEqual([e4!.id, e0!.id]);
    // 100: first everywhere; Z 20 / 14.142136 = 1.414214, T 64.14; A at the band's top
    expect(r.data.items[0]).toMatchObject({
      score: 100,
      className: '高一(2)班',
      rankInClass: 1,
      rankInSchool: 1,
      rank: 1,
      grade: 'A',
      points: 100,
    });
    expect(r.data.items[0]!.z).toBeCloseTo(1.414214, 5);
    expect(r.data.items[0]!.t).toBeCloseTo(64.14214, 4);
    // 90: first of 1班, second of the exam; B (90 80) → 85
    expect(r.data.items[1]).toMatchObject({ rankInClass: 1, rank: 2, grade: 'B', points: 85 });
    const rest = (await page(s.scene.admin, '&page=2&size=2')).data.items;
    // 80 (2班 second, B 71), 70 (2班 third, C 70)
    expect(rest.map((x) => [x.examineeId, x.rankInClass, x.rank, x.grade, x.points])).toEqual([
      [e3!.id, 2, 3, 'B', 71],
      [e2!.id, 3, 4, 'C', 70],
    ]);
    const last = (await page(s.scene.admin, '&page=3&size=2')).data.items;
    // 60: 1班 second, last of 5 — 4 above, not fewer than the 4 of A–C (85 % of 5 = 4.25 → 4): D, alone 55;
    // Z −1.414214
    expect(last[0]).toMatchObject({ examineeId: e1!.id, rankInClass: 2, rank: 5, grade: 'D', points: 55 });
    expect(last[0]!.z).toBeCloseTo(-1.414214, 5);
  });

  it('filters by class and by exam number or name', async () => {
    expect((await page(s.scene.admin, `&classId=${s.class2}`)).data.total).toBe(3);
    const k = s.scene.examinees[1]!.kaohao;
    const one = (await page(s.scene.admin, `&keyword=${k}`)).data;
    expect(one.items.map((x) => x.kaohao)).toEqual([k]);
    expect((await page(s.scene.admin, '&keyword=没有这个人')).data).toEqual({ items: [], total: 0 });
  });

  it('a teacher sees their class with the exam-wide ranks; others are refused', async () => {
    const r = (await page(s.teacher, '')).data;
    expect(r.items.map((x) => [x.score, x.rank, x.rankInClass])).toEqual([
      [100, 1, 1],
      [80, 3, 2],
      [70, 4, 3],
    ]);
    expect((await page(s.idle, '')).message).toBe('无权限');
    expect((await page(s.stranger, '')).message).toBe('无权限');
  });

  it('refuses bad paging and ids, and an unpublished subject', async () => {
    expect((await page(s.scene.admin, '&size=500')).code).not.toBe(0);
    expect((await page(s.scene.admin, '&page=0')).code).not.toBe(0);
    expect((await page(s.scene.admin, '&classId=abc')).code).not.toBe(0);
    const math = body(await s.scene.admin.get(`${s.base}/students?subjectId=${s.scene.subjectId}`));
    expect(math.message).toBe('数学的成绩尚未发布，发布后才能查看报表');
  });

  it('answers from the cached figures until a score changes; names are read at each request', async () => {
    const db = t.database.db;
    const row = async () =>
      (
        await db
          .select()
          .from(reportCache)
          .where(
            and(
              eq(reportCache.examId, s.scene.examId),
              eq(reportCache.subjectId, s.english),
              eq(reportCache.kind, 'students'),
            ),
          )
      )[0];
    await page(s.scene.admin, '');
    const first = await row();
    expect(first).toBeDefined();
    const e1 = s.scene.examinees[1]!;
    await db.update(student).set({ name: '改过的名字' }).where(eq(student.id, e1.studentId));
    const listed = (await page(s.scene.admin, '&size=10')).data.items;
    expect(listed.find((x) => x.examineeId === e1.id)!.name).toBe('改过的名字');
    expect((await page(s.scene.admin, '&keyword=改过')).data.total).toBe(1);
    expect((await row())!.computedAt).toEqual(first!.computedAt);
    // the other report kind of the same subject is a row of its own
    await s.scene.admin.get(`${s.base}?subjectId=${s.english}`);
    expect((await row())!.computedAt).toEqual(first!.computedAt);
    await db
      .update(score)
      .set({ total: 95 })
      .where(and(eq(score.subjectId, s.english), eq(score.examineeId, e1.id)));
    const after = (await page(s.scene.admin, '&size=10')).data.items;
    expect(after.find((x) => x.examineeId === e1.id)).toMatchObject({ score: 95, rank: 2, rankInClass: 1 });
    expect((await row())!.stamp).not.toBe(first!.stamp);
    await db
      .update(score)
      .set({ total: 60 })
      .where(and(eq(score.subjectId, s.english), eq(score.examineeId, e1.id)));
  });

  it('缺考 last, without ranks or grade; the total over published subjects lists the same', async () => {
    const e2 = s.scene.examinees[2]!;
    await t.database.db
      .update(score)
      .set({ absent: true })
      .where(and(eq(score.subjectId, s.english), eq(score.examineeId, e2.id)));
    const all = (await page(s.scene.admin, '&size=10')).data.items;
    expect(all.at(-1)).toMatchObject({
      examineeId: e2.id,
      score: null,
      rank: null,
      rankInClass: null,
      z: null,
      grade: null,
      points: null,
    });
    // 80 is now second of 2班 and third of four
    expect(all.find((x) => x.examineeId === s.scene.examinees[3]!.id)).toMatchObject({
      rank: 3,
      rankInClass: 2,
    });
    const total = body<ReportStudentsPage>(await s.scene.admin.get(`${s.base}/students?size=10`)).data;
    expect(total.items.map((x) => x.score)).toEqual(all.map((x) => x.score));
  });
});

describe('GET report/students/export', () => {
  it('holds the filtered list as the screen shows it', async () => {
    const res = await s.teacher.get(`${s.base}/students/export?subjectId=${s.english}`);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    const rows = await readXlsx(res.rawPayload);
    const list = (await page(s.teacher, '&size=200')).data.items;
    expect(rows[0]).toEqual(REPORT_STUDENT_HEADERS);
    expect(rows.slice(1)).toEqual(list.map((x) => reportStudentCells(x).map(String)));
    expect(rows.slice(1).map((r) => r[4])).toContain('缺考');
    expect(body(await s.stranger.get(`${s.base}/students/export?subjectId=${s.english}`)).message).toBe(
      '无权限',
    );
  });
});
