import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { paper, question, reportVersion, score, subject } from '../../db/schema';
import { buildMarkingScene, type MarkingScene } from '../../../test/marking';
import { reportCommentaryRepo } from './report-commentary.repo';
import { reportRepo } from './report.repo';
import { appFixture } from '../../../test/app-fixture';

// The option distribution of an A/B subject: a B paper's answers are read where scoring reads them (A question q at
// its B number) and its B key counts as the A key — before, they were counted under the B numbers as read.
const t = appFixture();
let scene: MarkingScene;
beforeAll(async () => {
  const db = t.database.db;
  scene = await buildMarkingScene(db, { papers: 3, blocks: [{ name: '第13题', nos: ['13'] }] });
  await db.update(subject).set({ abEnabled: true }).where(eq(subject.id, scene.subjectId));
  await db.insert(question).values([
    // A 1 is B 2 with key C on the B paper; A 2 is B 1 with the same key B
    {
      subjectId: scene.subjectId,
      no: '1',
      kind: 'single',
      options: 4,
      score: 3,
      answer: 'A',
      answerB: 'C',
      bNo: '2',
    },
    {
      subjectId: scene.subjectId,
      no: '2',
      kind: 'single',
      options: 4,
      score: 3,
      answer: 'B',
      answerB: 'B',
      bNo: '1',
    },
  ]);
  const read: Array<[string | null, Record<string, string[]>]> = [
    ['A', { 1: ['A'], 2: ['B'] }],
    // B paper, both right: B 2 = C (the B key of A 1), B 1 = B
    ['B', { 1: ['B'], 2: ['C'] }],
    // B paper, both wrong
    ['B', { 1: ['D'], 2: ['D'] }],
  ];
  for (const [i, p] of scene.papers.entries()) {
    await db.update(paper).set({ paperType: read[i]![0], objective: read[i]![1] }).where(eq(paper.id, p.id));
    await db.insert(score).values({
      subjectId: scene.subjectId,
      examineeId: p.examineeId,
      total: 0,
      objective: 0,
      subjective: 0,
    });
  }
});

const sorted = (rows: { no: string; answer: string; count: number }[]) =>
  rows.map((r) => `${r.no}:${(JSON.parse(r.answer) as string[]).join('')}×${r.count}`).sort();

describe('option distribution of an A/B subject', () => {
  it('counts a B paper under the A question scoring reads, its B key as the A key', async () => {
    const expected = ['1:A×2', '1:D×1', '2:B×2', '2:D×1'];
    expect(sorted(await reportRepo(t.database.db).options(scene.subjectId))).toEqual(expected);
    expect(
      sorted(await reportCommentaryRepo(t.database.db).classAnswers(scene.subjectId, scene.classes[0]!)),
    ).toEqual(expected);
  });

  it("counts a B paper's letters under the A letters through the question's B-paper option mapping", async () => {
    const db = t.database.db;
    const version = async () =>
      (await db.select().from(reportVersion).where(eq(reportVersion.subjectId, scene.subjectId)))[0]
        ?.version ?? 0;
    const was = await version();
    // A 1 on the B paper: its options in another order — B's A is A's C, B B is D, B C is A, B D is B (the B key
    // C is the A key A, as before); the third paper's D at B 2 is the A paper's B
    await db
      .update(question)
      .set({ bOptions: 'CDAB' })
      .where(and(eq(question.subjectId, scene.subjectId), eq(question.no, '1')));
    // the reports read through the mapping: a saved one makes the subject's cached reports stale
    expect(await version()).toBe(was + 1);
    const expected = ['1:A×2', '1:B×1', '2:B×2', '2:D×1'];
    expect(sorted(await reportRepo(db).options(scene.subjectId))).toEqual(expected);
    expect(sorted(await reportCommentaryRepo(db).classAnswers(scene.subjectId, scene.classes[0]!))).toEqual(
      expected,
    );
    // an update that leaves the A/B fields as they are moves nothing
    await db.update(question).set({ score: 3 }).where(eq(question.subjectId, scene.subjectId));
    expect(await version()).toBe(was + 1);
  });
});
