import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  commentaryCells,
  REPORT_COMMENTARY_HEADERS,
  report as reportSchema,
  type ReportCommentary,
  type StudentReport,
} from '@yj/contracts';
import { block, reportCache, score } from '../../db/schema';
import { body } from '../../../test/app';
import { readXlsx } from '../../../test/excel';
import { reportScene, type ReportScene } from '../../../test/report';
import { withScene } from '../../../test/app-fixture';

// 试卷讲评 and the student report on test/report.ts's scene, papers as in report.test.ts.
// Keys: 1 B, 2 C (3 分), 3 ACD 多选 5 分 少选 2, 4 判断 A 2 分; 21 (10 分) on the block 主观题; 数学 full 43.
// 1班: e0 answers B C ACD A, 21: 8 → 28; e1 B A B B, 21: 2 → 5. 2班: e2 absent; e3 B C CA A, 21: 10 → 30;
// e4 all blank, 21: 0 → 0. 英语: e0 90, e1 60, e2 70, e3 80, e4 100.
const { t, scene: s } = withScene(
  reportScene({ mathPapers: true }),
  async () => {
    // the block is cut from somewhere: its subjective questions get typical answers
    const regions = [{ page: 1, x: 0, y: 0, w: 100, h: 50 }];
    await t.database.db.update(block).set({ regions }).where(eq(block.id, s.scene.blockId));
  },
  120_000,
);

const commentary = async (who: ReportScene['teacher'], q: string) =>
  body<ReportCommentary>(await who.get(`${s.base}/commentary?subjectId=${s.scene.subjectId}${q}`));
const student = async (who: ReportScene['teacher'], examineeId: number) =>
  body<StudentReport>(await who.get(`${s.base}/student/${examineeId}`));

describe('GET report/commentary', () => {
  it('a class against its grade: 得分率, wrong answers, who lost most, typical answers', async () => {
    const r = await commentary(s.scene.admin, `&classId=${s.scene.classId}`);
    expect(r.code).toBe(0);
    expect(r.data).toMatchObject({ subjectName: '数学', sat: 2, gradeSat: 4 });
    expect(r.data.classes.map((c) => c.id)).toEqual([s.scene.classId, s.class2]);
    const q = new Map(r.data.questions.map((x) => [x.no, x]));
    // 1: both right; grade 3 3 3 0 → 9 / 12
    expect(q.get('1')).toMatchObject({ classRate: 1, gradeRate: 0.75, wrong: [], losers: [], typical: null });
    // 2: e0 C, e1 A → A chosen by 1 of 2; class 3 0 → 0.5; grade 3 0 3 0 → 0.5; e1 lost 3
    expect(q.get('2')).toMatchObject({
      classRate: 0.5,
      gradeRate: 0.5,
      wrong: [{ answer: 'A', count: 1, rate: 0.5 }],
      losers: [{ examineeId: s.ids[1], lost: 3, score: 0 }],
    });
    // 3 (ACD): e1 B; grade 5 0 2 0 → 7 / 20
    expect(q.get('3')).toMatchObject({ classRate: 0.5, gradeRate: 0.35, wrong: [{ answer: 'B', count: 1 }] });
    // 21: class 8 2 → 0.5, grade 8 2 10 0 → 0.5; e1 lost 8, e0 2; typical high e0 8, low e1 2
    expect(q.get('21')).toMatchObject({
      classRate: 0.5,
      gradeRate: 0.5,
      wrong: null,
      losers: [
        { examineeId: s.ids[1], lost: 8 },
        { examineeId: s.ids[0], lost: 2 },
      ],
      typical: { high: { examineeId: s.ids[0], score: 8 }, low: { examineeId: s.ids[1], score: 2 } },
    });
  });

  it('a teacher: only the classes they teach, the first by default; another class refused', async () => {
    const r = await commentary(s.teacher, '');
    expect(r.data.classId).toBe(s.class2);
    expect(r.data.classes.map((c) => c.id)).toEqual([s.class2]);
    // 2班: e3 (e2 absent, e4 blank): 21 high e3 10, low e4 0
    const q21 = r.data.questions.find((x) => x.no === '21')!;
    expect(q21.typical).toMatchObject({ high: { examineeId: s.ids[3] }, low: { examineeId: s.ids[4] } });
    expect((await commentary(s.teacher, `&classId=${s.scene.classId}`)).code).not.toBe(0);
    expect((await commentary(s.stranger, '')).code).not.toBe(0);
    expect((await commentary(s.idle, '')).code).not.toBe(0);
  });

  it('the typical answer image is refused for a student the reader may not see, and for objective questions', async () => {
    const img = (who: ReportScene['teacher'], no: string, examineeId: number) =>
      who.get(`${s.base}/commentary/image?subjectId=${s.scene.subjectId}&no=${no}&examineeId=${examineeId}`);
    const other = await img(s.teacher, '21', s.ids[0]!);
    expect(body(other).code).not.toBe(0);
    expect((await img(s.stranger, '21', s.ids[3]!)).headers['content-type']).not.toBe('image/jpeg');
    expect(body(await img(s.scene.admin, '1', s.ids[0]!)).message).toBe('该题不是主观题');
  });

  it('the Excel export holds the rows of the screen', async () => {
    const q = `&classId=${s.scene.classId}`;
    const r = await commentary(s.scene.admin, q);
    const res = await s.scene.admin.get(`${s.base}/commentary/export?subjectId=${s.scene.subjectId}${q}`);
    expect(res.headers['content-type']).toContain('spreadsheet');
    const rows = await readXlsx(res.rawPayload);
    expect(rows[0]).toEqual(REPORT_COMMENTARY_HEADERS);
    expect(rows.slice(1)).toEqual(r.data.questions.map((x) => commentaryCells(x).map(String)));
    expect(
      (await s.teacher.get(`${s.base}/commentary/export?subjectId=${s.scene.subjectId}${q}`)).headers[
        'content-type'
      ],
    ).not.toContain('spreadsheet');
  });
});

describe('GET report/student/:examineeId', () => {
  it('the total and each subject: score, ranks over the exam, the class, each question against it', async () => {
    const r = await student(s.scene.admin, s.ids[0]!);
    expect(r.code).toBe(0);
    expect(r.data).toMatchObject({ classSize: 2, examSize: 5 });
    const [total, ...subjects] = r.data.subjects;
    // totals: e0 28 + 90 = 118, e1 65, e2 70 (absent from 数学), e3 110, e4 100 → e0 first; 1班 mean 91.5
    expect(total).toMatchObject({ subjectId: null, name: '总分', fullScore: 143, score: 118, rank: 1 });
    expect(total).toMatchObject({ rankInClass: 1, classMean: 91.5, classMax: 118, questions: [] });
    const math = subjects.find((x) => x.name === '数学')!;
    // 数学 28 5 30 0: second; 1班 mean (28 + 5) / 2
    expect(math).toMatchObject({ score: 28, rank: 2, rankInClass: 1, classMean: 16.5, classMax: 28 });
    expect(math.questions.find((x) => x.no === '21')).toEqual({
      no: '21',
      full: 10,
      score: 8,
      classMean: 5,
      classRate: 0.5,
    });
    const english = subjects.find((x) => x.name === '英语')!;
    expect(english).toMatchObject({ score: 90, rank: 2, rankInClass: 1 });
  });

  it('缺考 has no score or rank; a teacher reads only their classes', async () => {
    const r = await student(s.teacher, s.ids[2]!);
    const math = r.data.subjects.find((x) => x.name === '数学')!;
    expect(math).toMatchObject({ score: null, rank: null });
    expect(math.questions.every((x) => x.score === null)).toBe(true);
    expect((await student(s.teacher, s.ids[0]!)).code).not.toBe(0);
    expect((await student(s.stranger, s.ids[3]!)).code).not.toBe(0);
  });
});

describe('GET report by contract', () => {
  it('the cached text sent as it is fits the contract: nothing the schema would drop or reject', async () => {
    for (const q of [`?subjectId=${s.scene.subjectId}`, '']) {
      for (const who of [s.scene.admin, s.teacher]) {
        const data = body(await who.get(`${s.base}${q}`)).data;
        expect(reportSchema.strict().parse(data)).toEqual(data);
        expect(reportSchema.parse(data)).toEqual(data);
      }
    }
  });
});

// last: it changes a score
describe('试卷讲评 cached', () => {
  it('answers from report_cache until a score of the subject changes', async () => {
    const db = t.database.db;
    const q = `&classId=${s.scene.classId}`;
    const kind = `commentary:${s.scene.classId}`;
    const first = await commentary(s.scene.admin, q);
    const row = async () =>
      (
        await db
          .select()
          .from(reportCache)
          .where(and(eq(reportCache.subjectId, s.scene.subjectId), eq(reportCache.kind, kind)))
      )[0];
    const cached = await row();
    expect(cached).toBeDefined();
    // the stored figures hold no names (read per request)
    expect(cached!.data).not.toContain(first.data.questions[1]!.losers[0]!.name);
    // answered from the row: a figure written into it comes back
    await db
      .update(reportCache)
      .set({ data: JSON.stringify({ ...(JSON.parse(cached!.data) as object), sat: 99 }) })
      .where(and(eq(reportCache.subjectId, s.scene.subjectId), eq(reportCache.kind, kind)));
    const again = await commentary(s.scene.admin, q);
    expect(again.data.sat).toBe(99);
    expect(again.data.questions[1]!.losers[0]).toMatchObject({
      examineeId: s.ids[1],
      name: first.data.questions[1]!.losers[0]!.name,
      kaohao: first.data.questions[1]!.losers[0]!.kaohao,
    });
    // e1's 2 scored 3 after all: the subject's version moves, the class's commentary is computed again
    await db
      .update(score)
      .set({ questionScores: { '1': 3, '2': 3, '3': 0, '4': 0, '21': 2, '22': 0, '23': 0 }, total: 8 })
      .where(and(eq(score.subjectId, s.scene.subjectId), eq(score.examineeId, s.ids[1]!)));
    const after = await commentary(s.scene.admin, q);
    expect(after.data.sat).toBe(2);
    // 2: class 3 3 → 1; grade 3 3 3 0 → 0.75
    expect(after.data.questions[1]).toMatchObject({ no: '2', classRate: 1, gradeRate: 0.75, losers: [] });
    expect((await row())!.stamp).not.toBe(cached!.stamp);
  });
});
