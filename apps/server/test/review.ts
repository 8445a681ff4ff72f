import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { ExamRole, ScanExceptionType } from '@yj/contracts';
import type { Db } from '../src/infra/db';
import {
  block,
  blockReviewer,
  examinee,
  paper,
  scanBatch,
  scanException,
  scanFinish,
  student,
  template,
} from '../src/db/schema';
import { body } from './app';
import { BLANK_TEMPLATE, buildClassWithStudents, buildSubjectScene } from './factories';

const REGION = [{ page: 0, x: 10, y: 10, w: 100, h: 50 }];

/**
 * A subject a step away from 开始阅卷, built straight in the database where the screens that make it are
 * other modules' (blocks' regions, markers, scanned papers): 3 examinees, questions 17 and 18, block 甲
 * (17, regions, one marker) and block 乙 (no questions, regions or markers), one unscanned school and one
 * paper held by an open 定位异常. Every reason to refuse is there once; `fix` removes them one by one.
 */
export async function reviewScene(app: FastifyInstance, db: Db, name = '阅卷考试') {
  const scene = await buildSubjectScene(app, db, { name, course: '语文', fullScore: 150 });
  const { admin, teacher, examId, subjectId, schoolId } = scene;
  const teacherId = body<{ id: number }>(await teacher.post('/filter/api/user/getUserInfo')).data.id;
  await admin.post(`/filter/api/api/subject/${subjectId}/setting/questions/subjective`, {
    questions: [
      { no: '17', score: 10 },
      { no: '18', score: 12 },
    ],
  });
  const { banji } = await buildClassWithStudents(db, schoolId, 3);
  const students = await db.select().from(student).where(eq(student.classId, banji.id));
  await db
    .insert(examinee)
    .values(
      students.map((s, i) => ({ examId, studentId: s.id, schoolId, classId: banji.id, kaohao: `K${i + 1}` })),
    );
  const [a, b] = await db
    .insert(block)
    .values([
      { subjectId, name: '甲', nos: ['17'], regions: REGION, sort: 0 },
      { subjectId, name: '乙', nos: [], regions: [], sort: 1 },
    ])
    .returning();
  await db.insert(blockReviewer).values({ blockId: a!.id, userId: teacherId, role: ExamRole.reviewers });
  const [tpl] = await db.insert(template).values({ subjectId, body: BLANK_TEMPLATE }).returning();
  const [batch] = await db.insert(scanBatch).values({ subjectId, schoolId, templateId: tpl!.id }).returning();
  const [p] = await db.insert(paper).values({ subjectId, schoolId, batchId: batch!.id, seq: 1 }).returning();
  await db.insert(scanException).values({
    subjectId,
    schoolId,
    batchId: batch!.id,
    paperId: p!.id,
    type: ScanExceptionType.location,
    reason: '定位点缺失',
  });

  const fix = {
    blocks: async () => {
      await db
        .update(block)
        .set({ nos: ['18'], regions: REGION })
        .where(eq(block.id, b!.id));
      await db.insert(blockReviewer).values({ blockId: b!.id, userId: teacherId, role: ExamRole.reviewers });
    },
    exceptions: () =>
      db.update(scanException).set({ resolved: true }).where(eq(scanException.subjectId, subjectId)),
    scanning: () => db.insert(scanFinish).values({ subjectId, schoolId }),
    reopenScanning: () =>
      db
        .delete(scanFinish)
        .where(and(eq(scanFinish.subjectId, subjectId), eq(scanFinish.schoolId, schoolId))),
  };
  return { ...scene, teacherId, fix };
}
