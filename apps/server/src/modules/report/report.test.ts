import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { reportTable, SubjectStatus, type Report, type ReportSubjects } from '@yj/contracts';
import { reportVersion, score, subject } from '../../db/schema';
import { body } from '../../../test/app';
import { readXlsx } from '../../../test/excel';
import { buildReportScene, type ReportScene } from '../../../test/report';
import { ALL_RIGHT, ONE_RIGHT } from '../../../test/score';
import { appFixture } from '../../../test/app-fixture';

// Keys (test/score.ts): 1 B, 2 C (3 分), 3 ACD 多选 5 分 少选 2, 4 判断 A 2 分; 21 and 选做 22 / 23, 10 分; full 43.
// 1班: e0 13 + 8 + 7 = 28; e1 3 + 2 + 0 = 5. 2班: e2 absent; e3 3 + 3 + 2 + 2 + 10 + 10 = 30; e4 all blank 0.
const t = appFixture();
let scene: ReportScene['scene'];
let base: string;
let second: number;
let teacher: ReportScene['teacher'];
let idle: ReportScene['idle'];

const get = <T = Report>(who: { get: (u: string) => Promise<unknown> }, url: string) =>
  who.get(url).then((r) => body<T>(r as never));

beforeAll(async () => {
  ({ scene, base, english: second, teacher, idle } = await buildReportScene(t));
  const [e0, e1, e2, e3, e4] = scene.examinees;
  await scene.addMarked(e0!.id, ...ALL_RIGHT);
  await scene.addMarked(e1!.id, ...ONE_RIGHT);
  await scene.addAbsent(e2!.id);
  await scene.addMarked(
    e3!.id,
    { '1': ['B'], '2': ['C'], '3': ['C', 'A'], '4': ['A'] },
    { '21': 10, '22': 0, '23': 10 },
  );
  await scene.addMarked(e4!.id, { '1': [], '2': [], '3': [], '4': [] }, { '21': 0, '22': 0, '23': 0 });
  await scene.recompute();
}, 120_000);

describe('GET report', () => {
  it('refuses a subject whose scores are not published, then reports it once published', async () => {
    const r = await get(scene.admin, `${base}?subjectId=${scene.subjectId}`);
    expect(r.message).toBe('数学的成绩尚未发布，发布后才能查看报表');
    await t.database.db
      .update(subject)
      .set({ status: SubjectStatus.published })
      .where(eq(subject.id, scene.subjectId));
    expect(await get(scene.admin, `${base}?subjectId=${scene.subjectId}`)).toMatchObject({
      code: 0,
      data: { name: '数学' },
    });
  });

  it('exam and class figures: 实考 / 缺考, mean, median, 四率, comparison', async () => {
    const r = (await get(scene.admin, `${base}?subjectId=${scene.subjectId}`)).data;
    // sat 28 5 30 0: mean 63 / 4 = 15.75, median (5 + 28) / 2 = 16.5
    expect(r.overall).toMatchObject({ sat: 4, absent: 1, mean: 15.75, median: 16.5, max: 30, min: 0 });
    // full 43: pass ≥ 25.8 → 28 30; good ≥ 30.1 → none; low < 17.2 → 5 0
    expect(r.overall.pass).toEqual({ count: 2, rate: 0.5 });
    expect(r.overall.good.count).toBe(0);
    expect(r.overall.low).toEqual({ count: 2, rate: 0.5 });
    // 1班 (28 + 5) / 2 = 16.5 → +0.75, rank 1; 2班 (30 + 0) / 2 = 15 with 1 absent → −0.75, rank 2
    expect(r.classes.map((c) => [c.name, c.sat, c.absent, c.mean, c.diff, c.rank, c.rankInSchool])).toEqual([
      ['高一(1)班', 2, 0, 16.5, 0.75, 1, 1],
      ['高一(2)班', 2, 1, 15, -0.75, 2, 2],
    ]);
    // figures are stored to 6 decimals
    expect(r.classes[0]!.overRate).toBe(0.047619);
    expect(r.segments[0]).toEqual({ score: 30, count: 1, cumulative: 1, rank: 1, cumulativeRate: 0.25 });
    expect(r.segments.at(-1)).toEqual({ score: 0, count: 1, cumulative: 4, rank: 4, cumulativeRate: 1 });
  });

  it('per question: 得分率, D, option distribution with blanks', async () => {
    const r = (await get(scene.admin, `${base}?subjectId=${scene.subjectId}`)).data;
    const q1 = r.questions.find((q) => q.no === '1')!;
    // 3 3 3 0 of 3: mean 2.25, 得分率 0.75; answers B ×3, blank ×1
    expect(q1).toMatchObject({ count: 4, mean: 2.25, scoreRate: 0.75 });
    expect(q1.options).toEqual([
      { answer: '', count: 1 },
      { answer: 'B', count: 3 },
    ]);
    // 多选 3: ACD, B, CA (stored in reading order, counted as AC), blank
    expect(r.questions.find((q) => q.no === '3')!.options!.map((o) => o.answer)).toEqual([
      '',
      'AC',
      'ACD',
      'B',
    ]);
    // 21: 8 2 10 0 → 5 of 10; top 27 % (1 examinee: 30 → 10) − bottom (0 → 0) over 10 = 1
    expect(r.questions.find((q) => q.no === '21')).toMatchObject({
      mean: 5,
      scoreRate: 0.5,
      discrimination: 1,
      options: null,
    });
    // 1班's 得分率 on question 1 is 3 / 3
    expect(r.classes[0]!.parts[0]).toBe(1);
  });

  it('the total over published subjects: sum of what was sat, 缺考 only when absent from all', async () => {
    const r = (await get(scene.admin, base)).data;
    // 数学 + 英语: 28 + 90, 5 + 60, absent + 70, 30 + 80, 0 + 100 → 118 65 70 110 100
    expect(r).toMatchObject({ name: '总分', fullScore: 143, subjectId: null });
    expect(r.overall).toMatchObject({ sat: 5, absent: 0, mean: 92.6, max: 118, min: 65 });
    expect(r.parts.map((p) => p.name)).toEqual(['数学', '英语']);
    // 2班: 数学 (30 + 0) / 2 = 15, 英语 (70 + 80 + 100) / 3 = 83.33
    expect(r.classes[1]!.parts[0]).toBe(15);
    expect(r.classes[1]!.parts[1]).toBeCloseTo(83.333333, 5);
  });

  it('answers from the cache; a score change makes stale only the reports that depend on it', async () => {
    const db = t.database.db;
    const at = async (q: string) => (await get(scene.admin, `${base}${q}`)).data.computedAt;
    const before = {
      math: await at(`?subjectId=${scene.subjectId}`),
      en: await at(`?subjectId=${second}`),
      total: await at(''),
    };
    expect(await at(`?subjectId=${scene.subjectId}`)).toBe(before.math);
    const [v] = await db.select().from(reportVersion).where(eq(reportVersion.subjectId, second));
    await db
      .update(score)
      .set({ total: 95 })
      .where(and(eq(score.subjectId, second), eq(score.examineeId, scene.examinees[0]!.id)));
    const [w] = await db.select().from(reportVersion).where(eq(reportVersion.subjectId, second));
    expect(w!.version).toBe(v!.version + 1);
    expect(await at(`?subjectId=${scene.subjectId}`)).toBe(before.math);
    expect(await at(`?subjectId=${second}`)).not.toBe(before.en);
    expect(await at('')).not.toBe(before.total);
    expect((await get(scene.admin, base)).data.overall.max).toBe(123);
  });

  it('a teacher sees only the classes they teach; one without classes is refused', async () => {
    const r = (await get(teacher, `${base}?subjectId=${scene.subjectId}`)).data;
    expect(r.classes.map((c) => c.name)).toEqual(['高一(2)班']);
    expect(r.schools).toEqual([]);
    expect(r.complete).toBe(false);
    expect((await get(idle, `${base}?subjectId=${scene.subjectId}`)).message).toBe('无权限');
    expect((await get(idle, `${base}/subjects`)).message).toBe('无权限');
    expect((await get(scene.admin, `/filter/api/exam/0/report`)).code).not.toBe(0);
    expect((await get(scene.admin, `${base}?subjectId=abc`)).code).not.toBe(0);
  });

  it('lists the subjects with their published state', async () => {
    const r = (await get<ReportSubjects>(teacher, `${base}/subjects`)).data;
    expect(r.subjects.map((s) => [s.name, s.published])).toEqual([
      ['数学', true],
      ['英语', true],
    ]);
  });
});

describe('GET report/export', () => {
  it('holds the rows of the table on screen, narrowed like the screen', async () => {
    const url = `${base}?subjectId=${scene.subjectId}`;
    for (const who of [scene.admin, teacher]) {
      const r = (await get(who, url)).data;
      const res = await who.get(`${base}/export?subjectId=${scene.subjectId}&sheet=classes`);
      expect(res.headers['content-type']).toContain('spreadsheetml');
      const rows = await readXlsx(res.rawPayload);
      const table = reportTable(r, 'classes');
      expect(rows[0]).toEqual(table.headers);
      expect(rows.slice(1)).toEqual(table.rows.map((row) => row.map(String)));
    }
    expect(body(await scene.admin.get(`${base}/export?sheet=nope`)).code).not.toBe(0);
  });
});

describe('a score row without a total that is not 缺考', () => {
  it('is not sat; every other figure stays in its place (the text of the scores is never read one field off)', async () => {
    // e2 (2班) was 缺考; 缺考 lifted after publishing leaves a row with no sheet, total NULL and absent false.
    // Read one field off (as before), the next examinee's id became e2's total: 实考 5, the maximum an id.
    const [, , e2] = scene.examinees;
    await t.database.db
      .update(score)
      .set({ absent: false, total: null })
      .where(and(eq(score.subjectId, scene.subjectId), eq(score.examineeId, e2!.id)));
    const r = (await get(scene.admin, `${base}?subjectId=${scene.subjectId}`)).data;
    // the same figures as with e2 缺考: sat 28 5 30 0, e2 counted with those without a score
    expect(r.overall).toMatchObject({ sat: 4, absent: 1, mean: 15.75, median: 16.5, max: 30, min: 0 });
    expect(r.classes.map((c) => [c.name, c.sat, c.absent, c.mean])).toEqual([
      ['高一(1)班', 2, 0, 16.5],
      ['高一(2)班', 2, 1, 15],
    ]);
    expect(r.segments).toHaveLength(31);
    expect(r.segments[0]).toEqual({ score: 30, count: 1, cumulative: 1, rank: 1, cumulativeRate: 0.25 });
    expect(r.questions.find((q) => q.no === '21')).toMatchObject({ count: 4, mean: 5 });
    // the total: e2's 英语 70 alone, as before
    const total = (await get(scene.admin, base)).data;
    expect(total.overall).toMatchObject({ sat: 5, absent: 0, max: 123, min: 65 });
  });
});
