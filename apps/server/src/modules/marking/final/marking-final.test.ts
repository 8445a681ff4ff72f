import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { body } from '../../../../test/app';
import { buildUser, signInAs } from '../../../../test/factories';
import { buildMarker, buildMarkingScene, countOf, markAbsent } from '../../../../test/marking';
import { withScene } from '../../../../test/marking-fixture';
import { createTasks, finalize, stripScore } from './marking-final';
import { markingRepo } from '../pool/marking.repo';
import { doneCheck } from '../pool/marking-counts';

const { t, scene } = withScene((app) =>
  buildMarkingScene(app.database.db, {
    papers: 6,
    blocks: [
      { name: '单评', nos: ['13'] },
      { name: '双评', nos: ['14'], markCount: 2, threshold: 1 },
      { name: '三评', nos: ['15'], markCount: 2, threshold: 2, arbitration: 'third' },
    ],
  }),
);

const db = () => t.database.db;
const single = () => scene.blocks[0]!.id;
const double = () => scene.blocks[1]!.id;
const third = () => scene.blocks[2]!.id;

/** Sets a slot's mark as submitted and runs finalize, as a submit would. */
async function mark(blockId: number, paperId: number, slot: number, no: string, score: number) {
  return db().transaction(async (tx) => {
    await tx.execute(sql`update mark_task set status = 'submitted', submitted_at = now(), score = ${score},
      question_scores = ${JSON.stringify({ [no]: score })}::jsonb
      where block_id = ${blockId} and paper_id = ${paperId} and slot = ${slot}`);
    return finalize(tx, blockId, paperId);
  });
}
const scoreOf = async (blockId: number, paperId: number) => {
  const r = (await db().execute(
    sql`select score, source from block_score where block_id = ${blockId} and paper_id = ${paperId}`,
  )) as unknown as { rows: Array<{ score: string; source: string }> };
  const row = r.rows[0];
  return row ? { score: Number(row.score), source: row.source } : null;
};
const slots = (blockId: number, paperId: number) =>
  countOf(
    db(),
    sql`select count(*)::int as n from mark_task where block_id = ${blockId} and paper_id = ${paperId}`,
  );

describe('createTasks', () => {
  it('makes one task per slot for present examinees, strip-scored blocks none, and is idempotent', async () => {
    await markAbsent(db(), scene.papers[5]!.examineeId, scene.subjectId);
    await db().execute(
      sql`update paper set scores = ${JSON.stringify({
        s1: { question: '13', value: 7 },
      })}::jsonb where id = ${scene.papers[4]!.id}`,
    );
    const made = await db().transaction((tx) => createTasks(tx, scene.subjectId));
    // 5 present papers: 1 + 2 + 2 slots each, less the strip-scored single block of paper 4
    expect(made).toBe(5 * 5 - 1);
    expect(await db().transaction((tx) => createTasks(tx, scene.subjectId))).toBe(0);
    expect(await slots(single(), scene.papers[5]!.id)).toBe(0);
    expect(await slots(single(), scene.papers[4]!.id)).toBe(0);
    expect(await scoreOf(single(), scene.papers[4]!.id)).toEqual({ score: 7, source: 'xianyue' });
  });

  it('reads strip scores only when every question of the block has one', () => {
    const nos = ['13(1)', '13(2)', '14'];
    expect(stripScore({ a: { question: '13', value: 5 } }, nos)).toBeNull();
    expect(stripScore({ a: { question: '13', value: 5 }, b: { question: '14', value: 2.5 } }, nos)).toEqual({
      score: 7.5,
      questionScores: { '13(1)': 5, '13(2)': 0, '14': 2.5 },
    });
    expect(
      stripScore({ a: { question: '13|14', value: 6 }, b: { question: '14', value: null } }, nos),
    ).toBeNull();
  });
});

describe('finalize', () => {
  it('single: the mark is final', async () => {
    expect(await mark(single(), scene.papers[0]!.id, 1, '13', 8)).toBe('final');
    expect(await scoreOf(single(), scene.papers[0]!.id)).toEqual({ score: 8, source: 'single' });
  });

  it('double within the threshold: the mean rounded to the step; beyond: arbitration, then the leader decides', async () => {
    const p = scene.papers[0]!.id;
    expect(await mark(double(), p, 1, '14', 4)).toBe('wait');
    expect(await mark(double(), p, 2, '14', 4.5)).toBe('final');
    expect(await scoreOf(double(), p)).toEqual({ score: 4.5, source: 'double' });
    const q = scene.papers[1]!.id;
    await mark(double(), q, 1, '14', 1);
    expect(await mark(double(), q, 2, '14', 5)).toBe('arbitration');
    expect(await scoreOf(double(), q)).toBeNull();
    expect(await slots(double(), q)).toBe(3);
    expect(await mark(double(), q, 9, '14', 3)).toBe('arbitrated');
    expect(await scoreOf(double(), q)).toEqual({ score: 3, source: 'arbitration' });
  });

  it('a change back within the threshold removes the arbitration task nobody holds', async () => {
    const p = scene.papers[2]!.id;
    await mark(double(), p, 1, '14', 0);
    expect(await mark(double(), p, 2, '14', 6)).toBe('arbitration');
    expect(await mark(double(), p, 2, '14', 0.5)).toBe('final');
    expect(await slots(double(), p)).toBe(2);
  });

  it('2+1+1: a third mark, the closest pair within the threshold, else the leader', async () => {
    const p = scene.papers[0]!.id;
    await mark(third(), p, 1, '15', 1);
    expect(await mark(third(), p, 2, '15', 7)).toBe('third');
    expect(await slots(third(), p)).toBe(3);
    expect(await mark(third(), p, 3, '15', 6)).toBe('final');
    expect(await scoreOf(third(), p)).toEqual({ score: 7, source: 'third' });
    const q = scene.papers[1]!.id;
    await mark(third(), q, 1, '15', 0);
    await mark(third(), q, 2, '15', 8);
    expect(await mark(third(), q, 3, '15', 4)).toBe('arbitration');
    expect(await slots(third(), q)).toBe(4);
  });
});

describe('review start', () => {
  it('makes the task pool through the lifecycle hook, and 阅卷完成 counts what is left', async () => {
    const s = await buildMarkingScene(db(), {
      papers: 3,
      status: 0,
      blocks: [{ name: '全部', nos: ['13', '14', '15'] }],
    });
    const region = JSON.stringify([{ page: 0, x: 0, y: 0, w: 100, h: 100 }]);
    await db().execute(sql`update block set regions = ${region}::jsonb where subject_id = ${s.subjectId}`);
    await buildMarker(t.app, db(), s, [s.blocks[0]!.id]);
    const admin = await signInAs(t, await buildUser(db(), { isAdmin: true }));
    const started = body(await admin.get(`/filter/api/subject/${s.subjectId}/review/start?force=1`));
    expect(started.code, started.message).toBe(0);
    const tasks = sql`select count(*)::int as n from mark_task where subject_id = ${s.subjectId}`;
    expect(await countOf(db(), tasks)).toBe(3);
    const check = body(await admin.get(`/filter/api/subject/${s.subjectId}/review/done/check`));
    expect(check.data).toEqual({ unmarked: 3, arbitration: 0, problems: 0 });
    // a paper deleted after its tasks were made leaves nothing to mark
    await db().execute(sql`update paper set deleted_at = now() where id = ${s.papers[0]!.id}`);
    expect(await doneCheck(db(), s.subjectId)).toEqual({ unmarked: 2, arbitration: 0, problems: 0 });
  });
});

describe('effective quota', () => {
  it('a free claim without its own quota takes the block quota; an average split shares the pool', async () => {
    const s = await buildMarkingScene(db(), { papers: 3, blocks: [{ name: '单评', nos: ['13'] }] });
    const blockId = s.blocks[0]!.id;
    await db().transaction((tx) => createTasks(tx, s.subjectId));
    const a = await buildMarker(t.app, db(), s, [blockId]);
    await buildMarker(t.app, db(), s, [blockId]);
    await db().execute(sql`update block set quota = 5 where id = ${blockId}`);
    expect((await markingRepo.reviewer(db(), blockId, a.user.id, 4))?.quota).toBe(5);
    await db().execute(sql`update block set assign_mode = 'average' where id = ${blockId}`);
    expect((await markingRepo.reviewer(db(), blockId, a.user.id, 4))?.quota).toBe(2);
    // the share follows the pool as tasks come and go (counted by the task triggers, not by the claim)
    await db().execute(
      sql`delete from mark_task where id = (select min(id) from mark_task where block_id = ${blockId})`,
    );
    expect((await markingRepo.reviewer(db(), blockId, a.user.id, 4))?.quota).toBe(1);
    await db().transaction((tx) => createTasks(tx, s.subjectId));
    expect((await markingRepo.reviewer(db(), blockId, a.user.id, 4))?.quota).toBe(2);
  });
});
