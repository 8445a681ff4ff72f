import { eq, inArray } from 'drizzle-orm';
import { SubjectStatus } from '@yj/contracts';
import { absence, banji, examinee, score, subject, teacherClass } from '../src/db/schema';
import { body, type TestApp } from './app';
import { buildSchool, buildTeacher, signInAs } from './factories';
import { buildScoreScene } from './score';
import { signInSchoolAdmin } from './school-scene';

/**
 * The scene of the report API tests: buildScoreScene's exam with 5 examinees, e0 e1 in 高一(1)班 and e2 e3 e4
 * in 高一(2)班, and a published 英语 (full 100) scored 90 60 70 80 100; a teacher of 高一(2)班 and another
 * school's administrator. `ids`: the examinees' ids, e0 to e4.
 */
export async function buildReportScene(t: TestApp) {
  const db = t.database.db;
  const scene = await buildScoreScene(t.app, db, 5);
  const base = `/filter/api/exam/${scene.examId}/report`;
  const [c2] = await db
    .insert(banji)
    .values({
      schoolId: scene.schoolId,
      gradeId: (await db.select().from(banji).where(eq(banji.id, scene.classId)))[0]!.gradeId,
      name: '高一(2)班',
    })
    .returning();
  await db
    .update(examinee)
    .set({ classId: c2!.id })
    .where(
      inArray(
        examinee.id,
        scene.examinees.slice(2).map((e) => e.id),
      ),
    );
  const [s2] = await db
    .insert(subject)
    .values({
      examId: scene.examId,
      course: '英语',
      name: '英语',
      fullScore: 100,
      status: SubjectStatus.published,
      sort: 2,
    })
    .returning();
  const english = s2!.id;
  await db.insert(score).values(
    scene.examinees.map((e, i) => ({
      subjectId: english,
      examineeId: e.id,
      total: [90, 60, 70, 80, 100][i]!,
      objective: 0,
      subjective: 0,
    })),
  );
  const tu = await buildTeacher(db, scene.schoolId);
  await db.insert(teacherClass).values({ schoolId: scene.schoolId, userId: tu.id, classId: c2!.id });
  const teacher = await signInAs(t, tu);
  const other = await buildSchool(db);
  const stranger = await signInSchoolAdmin(t, other.id);
  const idle = await signInAs(t, await buildTeacher(db, scene.schoolId));
  const ids = scene.examinees.map((e) => e.id);
  return { scene, ids, base, english, class2: c2!.id, teacher, stranger, idle };
}
export type ReportScene = Awaited<ReturnType<typeof buildReportScene>>;

/**
 * 数学's papers on the scene, scored and published (keys of test/score.ts: 1 B, 2 C (3 分), 3 ACD 多选 5 分
 * 少选 2, 4 判断 A 2 分; 21 and 选做 22 / 23, 10 分; full 43). 1班: e0 B C ACD A, 21 8 22 7 → 28; e1 B A B B,
 * 21 2 → 5. 2班: e2 absent; e3 B C CA A, 21 10 23 10 → 30; e4 all blank → 0.
 */
export async function publishMathPapers(t: TestApp, s: ReportScene): Promise<void> {
  const { scene } = s;
  const db = t.database.db;
  const ids = scene.examinees.map((e) => e.id);
  const p0 = await scene.addPaper(ids[0]!, { '1': ['B'], '2': ['C'], '3': ['A', 'C', 'D'], '4': ['A'] });
  await scene.addBlockScore(p0.id, { '21': 8, '22': 7, '23': 0 });
  const p1 = await scene.addPaper(ids[1]!, { '1': ['B'], '2': ['A'], '3': ['B'], '4': ['B'] });
  await scene.addBlockScore(p1.id, { '21': 2, '22': 0, '23': 0 });
  await db.insert(absence).values({ examineeId: ids[2]!, subjectId: scene.subjectId });
  const p3 = await scene.addPaper(ids[3]!, { '1': ['B'], '2': ['C'], '3': ['C', 'A'], '4': ['A'] });
  await scene.addBlockScore(p3.id, { '21': 10, '22': 0, '23': 10 });
  const p4 = await scene.addPaper(ids[4]!, { '1': [], '2': [], '3': [], '4': [] });
  await scene.addBlockScore(p4.id, { '21': 0, '22': 0, '23': 0 });
  const r = body(await scene.admin.post(`/filter/api/subject/${scene.subjectId}/score/recompute`, {}));
  if (r.code !== 0) throw new Error(`recompute failed: ${r.message}`);
  await db.update(subject).set({ status: SubjectStatus.published }).where(eq(subject.id, scene.subjectId));
}

/** The report scene for withScene (test/app-fixture.ts), with 数学's papers published when `mathPapers`. */
export const reportScene =
  (opts: { mathPapers?: boolean } = {}) =>
  async (t: TestApp): Promise<ReportScene> => {
    const s = await buildReportScene(t);
    if (opts.mathPapers) await publishMathPapers(t, s);
    return s;
  };
