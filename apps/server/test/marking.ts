import type { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { MarkTask } from '@yj/contracts';
import {
  absence,
  banji,
  block,
  blockReviewer,
  exam,
  examRole,
  examinee,
  grade,
  paper,
  question,
  scanBatch,
  student,
  subject,
  template,
} from '../src/db/schema';
import type { Db } from '../src/infra/db';
import { createTasks } from '../src/modules/marking/final/marking-final';
import { body, signIn } from './app';
import { BLANK_TEMPLATE, PASSWORD, buildSchool, buildTeacher } from './factories';

export interface BlockSpec {
  name: string;
  nos: string[];
  markCount?: 1 | 2;
  threshold?: number | null;
  arbitration?: 'leader' | 'third';
  finalRule?: 'mean' | 'higher' | 'lower';
}

/**
 * A reviewing subject straight in the database: one school (or more), a class per school, examinees with
 * recognised papers, subjective questions 13 (10 points, step 1) and 14 (6 points, step 0.5) and the given blocks.
 * Marking tests start here instead of scanning: the pool only needs papers with status ok.
 */
export async function buildMarkingScene(
  db: Db,
  opts: { papers: number; schools?: number; blocks: BlockSpec[]; status?: number },
) {
  const schools = await Promise.all(Array.from({ length: opts.schools ?? 1 }, () => buildSchool(db)));
  const [e] = await db
    .insert(exam)
    .values({ name: '阅卷测试考试', type: schools.length > 1 ? 2 : 1, schoolId: schools[0]!.id })
    .returning();
  const [s] = await db
    .insert(subject)
    .values({ examId: e!.id, course: '数学', name: '数学', fullScore: 150, status: opts.status ?? 3 })
    .returning();
  await db.insert(question).values([
    { subjectId: s!.id, no: '13', kind: 'subjective', score: 10, step: 1, answer: '答案十三', sort: 1 },
    { subjectId: s!.id, no: '14', kind: 'subjective', score: 6, step: 0.5, answer: '答案十四', sort: 2 },
    { subjectId: s!.id, no: '15', kind: 'subjective', score: 8, step: 1, sort: 3 },
  ]);
  const blocks = await db
    .insert(block)
    .values(
      opts.blocks.map((b, i) => ({
        subjectId: s!.id,
        name: b.name,
        nos: b.nos,
        markCount: b.markCount ?? 1,
        threshold: b.threshold ?? null,
        arbitration: b.arbitration ?? 'leader',
        finalRule: b.finalRule ?? 'mean',
        sort: i,
      })),
    )
    .returning();
  const [t] = await db.insert(template).values({ subjectId: s!.id, body: BLANK_TEMPLATE }).returning();
  const classes: number[] = [];
  const papers: Array<{ id: number; examineeId: number; schoolId: number; classId: number }> = [];
  for (const [si, sc] of schools.entries()) {
    const [g] = await db.insert(grade).values({ schoolId: sc.id, name: '高一' }).returning();
    const [c] = await db
      .insert(banji)
      .values({ schoolId: sc.id, gradeId: g!.id, name: '高一(1)班' })
      .returning();
    classes.push(c!.id);
    const [batch] = await db
      .insert(scanBatch)
      .values({ subjectId: s!.id, schoolId: sc.id, templateId: t!.id, state: 'done' })
      .returning();
    for (let from = 0; from < opts.papers; from += CHUNK)
      papers.push(...(await addPapers(db, e!.id, s!.id, sc.id, c!.id, batch!.id, si, from, opts.papers)));
  }
  return { examId: e!.id, subjectId: s!.id, schools, classes, blocks, papers };
}
export type MarkingScene = Awaited<ReturnType<typeof buildMarkingScene>>;

// rows per insert: a statement holds at most 65,535 parameters
const CHUNK = 2000;

async function addPapers(
  db: Db,
  examId: number,
  subjectId: number,
  schoolId: number,
  classId: number,
  batchId: number,
  si: number,
  from: number,
  total: number,
) {
  const n = Math.min(CHUNK, total - from);
  const studs = await db
    .insert(student)
    .values(
      Array.from({ length: n }, (_, i) => ({
        schoolId,
        classId,
        xuehao: `S${from + i}`,
        name: `学生${from + i}`,
      })),
    )
    .returning();
  const ees = await db
    .insert(examinee)
    .values(
      studs.map((st, i) => ({
        examId,
        studentId: st.id,
        schoolId,
        classId,
        kaohao: `${si + 1}${String(from + i).padStart(5, '0')}`,
      })),
    )
    .returning();
  const ps = await db
    .insert(paper)
    .values(
      ees.map((ee, i) => ({
        subjectId,
        schoolId,
        batchId,
        seq: from + i,
        examineeId: ee.id,
        kaohao: ee.kaohao,
        status: 'ok',
      })),
    )
    .returning();
  return ps.map((p, i) => ({ id: p.id, examineeId: ees[i]!.id, schoolId, classId }));
}

/** A teacher of the school with an exam role on the subject and a block_reviewer row, signed in. */
export async function buildMarker(
  app: FastifyInstance,
  db: Db,
  scene: { examId: number; subjectId: number; schools: Array<{ id: number }> },
  blockIds: number[],
  opts: {
    role?: 4 | 6;
    schoolId?: number;
    inSchool?: boolean;
    quota?: number | null;
    classIds?: number[];
  } = {},
) {
  const role = opts.role ?? 4;
  const schoolId = opts.schoolId ?? scene.schools[0]!.id;
  const u = await buildTeacher(db, schoolId, { name: role === 6 ? '题组长' : '阅卷老师' });
  await db.insert(examRole).values({ examId: scene.examId, subjectId: scene.subjectId, userId: u.id, role });
  if (blockIds.length)
    await db.insert(blockReviewer).values(
      blockIds.map((blockId) => ({
        blockId,
        userId: u.id,
        role,
        schoolId: opts.inSchool ? schoolId : null,
        quota: opts.quota ?? null,
        classIds: opts.classIds ?? [],
      })),
    );
  return { user: u, client: await signIn(app, u.account, PASSWORD) };
}

/** Marks an examinee absent in the subject. */
export async function markAbsent(db: Db, examineeId: number, subjectId: number): Promise<void> {
  await db.insert(absence).values({ examineeId, subjectId });
}

/** Counts rows of a raw query (test assertions). */
export async function countOf(db: Db, q: ReturnType<typeof sql>): Promise<number> {
  const r = (await db.execute(q)) as unknown as { rows: Array<{ n: number }> };
  return Number(r.rows[0]?.n ?? 0);
}

/** The scene with its task pool made, as review start makes it. */
export async function buildReviewingScene(db: Db, opts: Parameters<typeof buildMarkingScene>[1]) {
  const scene = await buildMarkingScene(db, opts);
  await db.transaction((tx) => createTasks(tx, scene.subjectId));
  return scene;
}

type Client = Awaited<ReturnType<typeof buildMarker>>['client'];
/** POST …/claim as the marking screen sends it; the envelope. */
export const claimTasks = async (c: Client, blockId: number, count = 1, type = 'normal') =>
  body<MarkTask[]>(await c.post(`/filter/api/marking/block/${blockId}/claim`, { type, count }));
/** POST …/submit with one question's score. */
export const submitMark = (c: Client, task: MarkTask, no: string, score: number, next = false) =>
  c.post(`/filter/api/marking/task/${task.taskId}/submit`, {
    leaseToken: task.leaseToken,
    scores: [{ no, score }],
    next,
  });
