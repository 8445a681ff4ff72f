import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  REPORT_PROGRESS_HEADERS,
  reportProgressCells,
  SubjectStatus,
  type ReportProgress,
  type ReportProgressExam,
} from '@yj/contracts';
import { examinee, score, subject } from '../../db/schema';
import { body } from '../../../test/app';
import { readXlsx } from '../../../test/excel';
import { buildReportScene, type ReportScene } from '../../../test/report';
import { appFixture } from '../../../test/app-fixture';

// 进退步 (issue 16) on test/report.ts's scene (英语 now: e0 90, e1 60 in 1班; e2 70, e3 80, e4 100 in 2班) against
// an earlier exam of the same students: 英语 e0 70, e1 90, e2 80, e3 60, e4 100.
// Ranks now e4 1, e0 2, e3 3, e2 4, e1 5; before e4 1, e1 2, e2 3, e0 4, e3 5.
// Change (before − now): e0 +2, e1 −3, e2 −1, e3 +2, e4 0.
const t = appFixture();
let s: ReportScene;
let earlier: number;

const progress = async (who: ReportScene['teacher'], q: string) =>
  body<ReportProgress>(await who.get(`${s.base}/progress?earlierExamId=${earlier}${q}`));

beforeAll(async () => {
  s = await buildReportScene(t);
  const db = t.database.db;
  const [cls] = await db.select().from(examinee).where(eq(examinee.examId, s.scene.examId));
  const created = body<{ id: number }>(
    await s.scene.admin.post('/filter/api/exam/singleCreate', {
      schoolId: s.scene.schoolId,
      name: '期初考试',
      gradeId: (await db.query.banji.findFirst({ where: (b, { eq: e }) => e(b.id, cls!.classId) }))!.gradeId,
      startDate: '2026-09-01',
      subjects: [{ course: '英语', fullScore: 100 }],
    }),
  );
  earlier = created.data.id;
  const [sub] = await db.select().from(subject).where(eq(subject.examId, earlier));
  await db.update(subject).set({ status: SubjectStatus.published }).where(eq(subject.id, sub!.id));
  const now = await db.select().from(examinee).where(eq(examinee.examId, s.scene.examId));
  const before = await db
    .insert(examinee)
    .values(
      s.scene.examinees.map((e) => {
        const x = now.find((n) => n.id === e.id)!;
        return {
          examId: earlier,
          studentId: x.studentId,
          schoolId: x.schoolId,
          classId: x.classId,
          kaohao: `9${x.kaohao}`,
        };
      }),
    )
    .returning();
  await db.insert(score).values(
    before.map((e, i) => ({
      subjectId: sub!.id,
      examineeId: e.id,
      total: [70, 90, 80, 60, 100][i]!,
      objective: 0,
      subjective: 0,
    })),
  );
}, 120_000);

describe('GET report/progress', () => {
  it('offers the earlier exams of the same students', async () => {
    const r = body<ReportProgressExam[]>(await s.scene.admin.get(`${s.base}/progress/exams`));
    expect(r.data).toEqual([{ id: earlier, name: '期初考试', startDate: '2026-09-01', shared: 5 }]);
    expect(body<ReportProgressExam[]>(await s.teacher.get(`${s.base}/progress/exams`)).data).toHaveLength(1);
    expect(body(await s.stranger.get(`${s.base}/progress/exams`)).message).toBe('无权限');
  });

  it('rank change per student, largest 进步 first, and each class summed up', async () => {
    const r = (await progress(s.scene.admin, `&subjectId=${s.english}`)).data;
    const k = s.scene.examinees.map((e) => e.kaohao);
    expect(r).toMatchObject({ earlierExamName: '期初考试', subjectName: '英语', total: 5 });
    expect(r.items.map((x) => [x.kaohao, x.rank, x.earlierRank, x.change])).toEqual([
      [k[0], 2, 4, 2],
      [k[3], 3, 5, 2],
      [k[4], 1, 1, 0],
      [k[2], 4, 3, -1],
      [k[1], 5, 2, -3],
    ]);
    expect(r.items[0]).toMatchObject({ score: 90, earlierScore: 70, className: '高一(1)班' });
    // 1班: +2 −3 → one up, one down, mean −0.5; 2班: −1 +2 0 → mean 1/3
    expect(r.classes.map((c) => [c.className, c.compared, c.up, c.down])).toEqual([
      ['高一(1)班', 2, 1, 1],
      ['高一(2)班', 3, 1, 1],
    ]);
    expect(r.classes[0]!.meanChange).toBe(-0.5);
    expect(r.classes[1]!.meanChange).toBeCloseTo(1 / 3, 9);
    // the totals over the published subjects give the same here (one subject each)
    expect((await progress(s.scene.admin, '')).data.items.map((x) => x.change)).toEqual([2, 2, 0, -1, -3]);
    expect((await progress(s.scene.admin, `&classId=${s.class2}&size=2`)).data).toMatchObject({ total: 3 });
  });

  it('a teacher sees their class; others, bad input and an unpublished course are refused', async () => {
    const r = (await progress(s.teacher, `&subjectId=${s.english}`)).data;
    expect(r.classes.map((c) => c.className)).toEqual(['高一(2)班']);
    expect(r.items.map((x) => x.rank)).toEqual([3, 1, 4]);
    expect((await progress(s.stranger, '')).message).toBe('无权限');
    expect((await progress(s.idle, '')).message).toBe('无权限');
    expect(body(await s.scene.admin.get(`${s.base}/progress`)).code).not.toBe(0);
    expect(body(await s.scene.admin.get(`${s.base}/progress?earlierExamId=${s.scene.examId}`)).message).toBe(
      '请选择另一次考试',
    );
    // 数学 is not published now
    expect((await progress(s.scene.admin, `&subjectId=${s.scene.subjectId}`)).message).toBe(
      '数学的成绩尚未发布，发布后才能查看报表',
    );
  });

  it('exports the filtered students with the cells of the screen', async () => {
    const res = await s.teacher.get(
      `${s.base}/progress/export?earlierExamId=${earlier}&subjectId=${s.english}`,
    );
    const rows = await readXlsx(res.rawPayload);
    const r = (await progress(s.teacher, `&subjectId=${s.english}`)).data;
    expect(rows[0]).toEqual(REPORT_PROGRESS_HEADERS);
    expect(rows.slice(1)).toEqual(r.items.map((x) => reportProgressCells(x).map(String)));
  });
});
