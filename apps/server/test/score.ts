import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../src/infra/db';
import { absence, block, blockScore, paper, scanBatch, score, subject, template } from '../src/db/schema';
import { body } from './app';
import { BLANK_TEMPLATE, buildClassOfExaminees, buildSubjectScene } from './factories';

/**
 * A subject ready for scores: objective 1-2 单选 3 分 (keys B, C; B paper D, A with 1 ↔ 2 swapped), 3 多选 5 分
 * key ACD 少选 2 分 (B: ABD), 4 判断 2 分 key A; subjective 21 (10 分) and the 选做 pair 22 / 23 (10 分, pick 1),
 * in one block; `students` examinees in one class, and a batch to put papers in.
 */
export async function buildScoreScene(app: FastifyInstance, db: Db, students: number) {
  const scene = await buildSubjectScene(app, db, { name: '成绩考试', course: '数学', fullScore: 43 });
  const { admin, subjectId, examId, schoolId } = scene;
  const save = async (tag: string, payload: object) => {
    const r = body(
      await admin.post(`/filter/api/api/subject/${subjectId}/setting/questions/${tag}`, payload),
    );
    if (r.code !== 0) throw new Error(r.message);
  };
  const single = { kind: 'single', options: 4, score: 3 };
  await save('objective', {
    questions: [
      { ...single, no: '1', answer: 'B', answerB: 'D', bNo: '2' },
      { ...single, no: '2', answer: 'C', answerB: 'A', bNo: '1' },
      { no: '3', kind: 'multi', options: 4, score: 5, answer: 'ACD', answerB: 'ABD', partialScore: 2 },
      { no: '4', kind: 'trueFalse', options: 2, score: 2, answer: 'A', answerB: 'B' },
    ],
  });
  await save('subjective', {
    questions: [
      { no: '21', score: 10 },
      { no: '22', score: 10 },
      { no: '23', score: 10 },
    ],
  });
  await save('optional', { groups: [{ name: '选做题', pick: 1, nos: ['22', '23'] }] });
  await save('ab', { abEnabled: true });
  const kaohaos = Array.from({ length: students }, (_, i) => String(20260001 + i));
  const { banji, examinees } = await buildClassOfExaminees(db, { examId, schoolId }, kaohaos);
  examinees.sort((a, b) => a.id - b.id);
  const [tpl] = await db.insert(template).values({ subjectId, body: BLANK_TEMPLATE }).returning();
  const [batch] = await db.insert(scanBatch).values({ subjectId, schoolId, templateId: tpl!.id }).returning();
  const [blk] = await db
    .insert(block)
    .values({ subjectId, name: '主观题', nos: ['21', '22', '23'] })
    .returning();
  let seq = 0;
  const scoreUrl = `/filter/api/subject/${subjectId}/score`;
  const it = {
    ...scene,
    classId: banji.id,
    examinees,
    blockId: blk!.id,
    /** Where the subject's score routes start (…/score/recompute, …/score/students, …). */
    scoreUrl,
    /** POST …/score/recompute as the administrator: every examinee's score derived from what the scene holds. */
    async recompute() {
      const r = body(await admin.post(`${scoreUrl}/recompute`, {}));
      if (r.code !== 0) throw new Error(r.message);
    },
    /** The examinee's score row in the subject (undefined before the first compute). */
    async scoreOf(examineeId: number) {
      const [row] = await db
        .select()
        .from(score)
        .where(and(eq(score.subjectId, subjectId), eq(score.examineeId, examineeId)));
      return row;
    },
    /** The subject put in a lifecycle state directly (what the lifecycle routes would leave). */
    async setStatus(status: number) {
      await db.update(subject).set({ status }).where(eq(subject.id, subjectId));
    },
    /** A recognised paper of an examinee. */
    async addPaper(
      examineeId: number,
      objective: Record<string, string[] | null>,
      more: Partial<typeof paper.$inferInsert> = {},
    ) {
      const [p] = await db
        .insert(paper)
        .values({
          subjectId,
          schoolId,
          batchId: batch!.id,
          seq: ++seq,
          examineeId,
          objective,
          status: 'ok',
          ...more,
        })
        .returning();
      return p!;
    },
    /** A final block score (what marking writes). */
    async addBlockScore(paperId: number, questionScores: Record<string, number>) {
      const score = Object.values(questionScores).reduce((s, v) => s + v, 0);
      await db
        .insert(blockScore)
        .values({ blockId: blk!.id, paperId, subjectId, score, questionScores, source: 'single' });
    },
    /** 缺考 recorded for the examinee in the subject (what the scan's absence marks or the examinee list leave). */
    async addAbsent(examineeId: number) {
      await db.insert(absence).values({ examineeId, subjectId });
    },
    /** A recognised paper of an examinee with its final block score: what scanning and marking leave. */
    async addMarked(
      examineeId: number,
      objective: Record<string, string[] | null>,
      questionScores: Record<string, number>,
    ) {
      const p = await it.addPaper(examineeId, objective);
      await it.addBlockScore(p.id, questionScores);
      return p;
    },
  };
  return it;
}

/** What buildScoreScene builds. */
export type ScoreScene = Awaited<ReturnType<typeof buildScoreScene>>;

type Marked = [objective: Record<string, string[] | null>, questionScores: Record<string, number>];
/** A paper right on every objective question with 8 + 7 on the block: 28 in all (`scene.addMarked(id, ...ALL_RIGHT)`). */
export const ALL_RIGHT: Marked = [
  { '1': ['B'], '2': ['C'], '3': ['A', 'C', 'D'], '4': ['A'] },
  { '21': 8, '22': 7, '23': 0 },
];
/** A paper right on question 1 only with 2 + 0 on the block: 5 in all. */
export const ONE_RIGHT: Marked = [
  { '1': ['B'], '2': ['A'], '3': ['B'], '4': ['B'] },
  { '21': 2, '22': 0, '23': 0 },
];
