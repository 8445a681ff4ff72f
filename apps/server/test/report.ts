import { eq, inArray } from 'drizzle-orm';
import { SubjectStatus } from '@yj/contracts';
import { banji, examinee, score, subject, teacherClass } from '../src/db/schema';
import { signIn, type TestApp } from './app';
import { buildSchool, buildSchoolAdmin, buildTeacher, PASSWORD } from './factories';
import { buildScoreScene } from './score';

/**
 * The scene of the report API tests: buildScoreScene's exam with 5 examinees, e0 e1 in 高一(1)班 and e2 e3 e4
 * in 高一(2)班, and a published 英语 (full 100) scored 90 60 70 80 100; a teacher of 高一(2)班 and another
 * school's administrator.
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
  const teacher = await signIn(t.app, tu.account, PASSWORD);
  const other = await buildSchool(db);
  const stranger = await signIn(t.app, (await buildSchoolAdmin(db, other.id)).account, PASSWORD);
  const idle = await signIn(t.app, (await buildTeacher(db, scene.schoolId)).account, PASSWORD);
  return { scene, base, english, class2: c2!.id, teacher, stranger, idle };
}
export type ReportScene = Awaited<ReturnType<typeof buildReportScene>>;
