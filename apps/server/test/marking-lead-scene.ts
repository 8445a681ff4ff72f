import type { FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import {
  block,
  blockReviewer,
  blockScore,
  examRole,
  examinee,
  markTask,
  paper,
  question,
  samplePaper,
  scanBatch,
  scanPage,
  student,
  subject,
  template,
} from '../src/db/schema';
import type { Db } from '../src/infra/db';
import { signIn, type Client } from './app';
import {
  BLANK_TEMPLATE,
  buildClassWithStudents,
  buildSubjectScene,
  buildTeacher,
  PASSWORD,
} from './factories';

/**
 * A subject in review with one block (questions 13: 10 points step 1, 14: 6 points step 0.5), `papers`
 * scanned papers of named examinees, one single-mark task each, and its people: a leader of the block,
 * two markers, a subject manager (role 3), and a leader of another school's exam.
 */
export async function buildLeadScene(
  app: FastifyInstance,
  db: Db,
  opts: { papers: number; markCount?: 1 | 2 },
) {
  const s = await buildSubjectScene(app, db, { name: '期中考试', course: '语文', fullScore: 150 });
  await db.update(subject).set({ status: 3 }).where(eq(subject.id, s.subjectId));
  await db.insert(question).values([
    { subjectId: s.subjectId, no: '13', kind: 'subjective', score: 10, step: 1, sort: 13 },
    { subjectId: s.subjectId, no: '14', kind: 'subjective', score: 6, step: 0.5, sort: 14 },
  ]);
  const [b] = await db
    .insert(block)
    .values({
      subjectId: s.subjectId,
      name: '第13-14题',
      nos: ['13', '14'],
      markCount: opts.markCount ?? 1,
      threshold: opts.markCount === 2 ? 3 : null,
    })
    .returning();
  const [tpl] = await db
    .insert(template)
    .values({ subjectId: s.subjectId, body: BLANK_TEMPLATE })
    .returning({ id: template.id });
  const [batch] = await db
    .insert(scanBatch)
    .values({ subjectId: s.subjectId, schoolId: s.schoolId, templateId: tpl!.id })
    .returning({ id: scanBatch.id });
  const klass = await buildClassWithStudents(db, s.schoolId, opts.papers);
  const students = await db.select().from(student).where(eq(student.classId, klass.banji.id));
  const papers: number[] = [];
  for (const [i, st] of students.entries()) {
    const [e] = await db
      .insert(examinee)
      .values({
        examId: s.examId,
        studentId: st.id,
        schoolId: s.schoolId,
        classId: klass.banji.id,
        kaohao: `2026${String(i + 1).padStart(4, '0')}`,
      })
      .returning({ id: examinee.id, kaohao: examinee.kaohao });
    const [p] = await db
      .insert(paper)
      .values({
        subjectId: s.subjectId,
        schoolId: s.schoolId,
        batchId: batch!.id,
        seq: i,
        examineeId: e!.id,
        kaohao: e!.kaohao,
        status: 'ok',
      })
      .returning({ id: paper.id });
    await db.insert(scanPage).values({
      subjectId: s.subjectId,
      batchId: batch!.id,
      paperId: p!.id,
      seq: i,
      storageKey: `none/${p!.id}`,
      sha256: `sha-${p!.id}`,
      fileName: `${i}.jpg`,
      status: 'recognised',
    });
    papers.push(p!.id);
  }
  const slots = opts.markCount === 2 ? [1, 2] : [1];
  const tasks = await db
    .insert(markTask)
    .values(
      papers.flatMap((paperId) =>
        slots.map((slot) => ({
          subjectId: s.subjectId,
          blockId: b!.id,
          paperId,
          schoolId: s.schoolId,
          classId: klass.banji.id,
          slot,
        })),
      ),
    )
    .returning({ id: markTask.id, paperId: markTask.paperId, slot: markTask.slot });

  /** A teacher of the school holding an exam role (on the subject) and, for 4 and 6, a block assignment. */
  async function person(name: string, role: number, blockRole?: 4 | 6): Promise<{ id: number; c: Client }> {
    const u = await buildTeacher(db, s.schoolId, { name });
    await db.insert(examRole).values({ examId: s.examId, subjectId: s.subjectId, userId: u.id, role });
    if (blockRole) await db.insert(blockReviewer).values({ blockId: b!.id, userId: u.id, role: blockRole });
    return { id: u.id, c: await signIn(app, u.account, PASSWORD) };
  }
  const leader = await person('组长甲', 6, 6);
  const markerA = await person('阅卷甲', 4, 4);
  const markerB = await person('阅卷乙', 4, 4);
  const manager = await person('学科负责人', 3);
  // the subject's 质检员: watches the subject's progress (its menu opens 阅卷进度), leads nothing
  const quality = await person('质检员', 7);
  // a leader of this subject who does not lead this block: the capability lets them in, the block does not
  const otherLeader = await person('组长乙', 6);
  // another school's leader: no role in this exam at all
  const other = await buildSubjectScene(app, db, { name: '外校考试', course: '语文', fullScore: 150 });
  const stranger = await buildTeacher(db, other.schoolId, { name: '外校组长' });
  await db
    .insert(examRole)
    .values({ examId: other.examId, subjectId: other.subjectId, userId: stranger.id, role: 6 });

  /** The block's row of the scene's paper `i` with these question scores, their sum its score. */
  const scored = (i: number, questionScores: Record<string, number>) => ({
    subjectId: s.subjectId,
    blockId: b!.id,
    paperId: papers[i]!,
    score: Object.values(questionScores).reduce((sum, v) => sum + v, 0),
    questionScores,
  });

  return {
    ...s,
    blockId: b!.id,
    papers,
    tasks,
    /** 标准卷 of 质检 the leader kept for the block: the scene's papers at `at`, each with these reference scores. */
    addStandards: (at: number[], questionScores: Record<string, number>) =>
      db
        .insert(samplePaper)
        .values(at.map((i) => ({ ...scored(i, questionScores), kind: 'standard' })))
        .returning(),
    /** The block score a single mark of the scene's paper `i` left: these question scores. */
    addBlockScore: (i: number, questionScores: Record<string, number>) =>
      db.insert(blockScore).values({ ...scored(i, questionScores), source: 'single' }),
    leader,
    markerA,
    markerB,
    manager,
    quality,
    otherLeader,
    stranger: { id: stranger.id, c: await signIn(app, stranger.account, PASSWORD) },
  };
}
export type LeadScene = Awaited<ReturnType<typeof buildLeadScene>>;

/** Puts a task where a marker left it: leased, submitted with scores, or flagged as a problem. */
export async function setTask(
  db: Db,
  taskId: number,
  v: Partial<typeof markTask.$inferInsert>,
): Promise<void> {
  await db.update(markTask).set(v).where(eq(markTask.id, taskId));
}
