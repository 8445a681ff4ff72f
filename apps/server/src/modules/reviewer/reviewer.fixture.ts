// Test data of the reviewer tests: a subject with three blocks, teachers, papers and mark tasks.
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../infra/db';
import { banji, examinee, grade, markTask, paper, scanBatch, student, template } from '../../db/schema';
import { body, signIn } from '../../../test/app';
import { BLANK_TEMPLATE, buildSubjectScene, buildTeacher, PASSWORD } from '../../../test/factories';

export type Client = Awaited<ReturnType<typeof signIn>>;

/** A single-school subject with blocks 阅读 (17), 作文 (18, double-marked), 附加 (19) and three more teachers. */
export async function assignScene(app: FastifyInstance, db: Db, name: string) {
  const s = await buildSubjectScene(app, db, { name, course: '语文', fullScore: 150 });
  await s.admin.post(`/filter/api/api/subject/${s.subjectId}/setting/questions/subjective`, {
    questions: [
      { no: '17', score: 10 },
      { no: '18', score: 12 },
      { no: '19', score: 20 },
    ],
  });
  const saved = body<{ blocks: Array<{ id: number; name: string }> }>(
    await s.admin.post(`/filter/api/subject/${s.subjectId}/setting/block`, {
      blocks: [
        { name: '阅读', nos: ['17'] },
        { name: '作文', nos: ['18'], markCount: 2, threshold: 3 },
        { name: '附加', nos: ['19'] },
      ],
    }),
  ).data.blocks;
  const teachers = [];
  for (const n of ['甲老师', '乙老师', '丙老师'])
    teachers.push(await buildTeacher(db, s.schoolId, { name: n }));
  const [a, b, c] = saved;
  return { ...s, blocks: { a: a!, b: b!, c: c! }, teachers };
}

/** `n` recognised papers of the subject (plus one marked absent, which an average split leaves out). */
export async function addPapers(db: Db, subjectId: number, schoolId: number, n: number): Promise<number[]> {
  const [t] = await db.insert(template).values({ subjectId, body: BLANK_TEMPLATE }).returning();
  const [batch] = await db.insert(scanBatch).values({ subjectId, schoolId, templateId: t!.id }).returning();
  const rows = await db
    .insert(paper)
    .values(
      Array.from({ length: n + 1 }, (_, i) => ({
        subjectId,
        schoolId,
        batchId: batch!.id,
        seq: i + 1,
        status: 'ok',
        recognisedAt: new Date(),
        absentMarked: i === n,
      })),
    )
    .returning({ id: paper.id });
  return rows.slice(0, n).map((r) => r.id);
}

/** A mark task of a paper in a block, leased by or submitted by `userId`. */
export async function addTask(
  db: Db,
  t: { subjectId: number; blockId: number; paperId: number; schoolId: number; slot: number },
  userId: number,
  status: 'leased' | 'submitted',
) {
  const [row] = await db
    .insert(markTask)
    .values({
      ...t,
      userId,
      status,
      leaseToken: '00000000-0000-4000-8000-000000000001',
      leaseUntil: new Date(Date.now() + 600_000),
      ...(status === 'submitted' ? { score: 5, submittedAt: new Date() } : {}),
    })
    .returning({ id: markTask.id });
  return row!.id;
}

/** Two classes of the exam's grade with one examinee each. */
export async function addClasses(db: Db, examId: number, schoolId: number): Promise<number[]> {
  const [g] = await db.insert(grade).values({ schoolId, name: '高二' }).returning();
  const ids: number[] = [];
  for (const [i, n] of ['高二(1)班', '高二(2)班'].entries()) {
    const [c] = await db.insert(banji).values({ schoolId, gradeId: g!.id, name: n }).returning();
    const [st] = await db
      .insert(student)
      .values({ schoolId, classId: c!.id, xuehao: `D${examId}${i}`, name: `学生${i}` })
      .returning();
    await db
      .insert(examinee)
      .values({ examId, studentId: st!.id, schoolId, classId: c!.id, kaohao: `K${examId}${i}` });
    ids.push(c!.id);
  }
  return ids;
}

export const signInAs = (app: FastifyInstance, account: string) => signIn(app, account, PASSWORD);
