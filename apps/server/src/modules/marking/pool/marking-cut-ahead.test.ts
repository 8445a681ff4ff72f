import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { BlockRegion } from '@yj/contracts';
import { buildReviewingScene } from '../../../../test/marking';
import { withScene, reviewingScene } from '../../../../test/marking-fixture';
import { cutAhead } from './marking-cut-ahead';
import { rowsOf } from '../../../infra/db';

const REGIONS: BlockRegion[] = [{ page: 0, x: 10, y: 10, w: 100, h: 50 }];
const setRegions = (blockId: number, regions: BlockRegion[] = REGIONS) =>
  t.database.db.execute(
    sql`update block set regions = ${JSON.stringify(regions)}::jsonb where id = ${blockId}`,
  );
/** The block's marking tasks in claim order. */
const poolOf = async (blockId: number) =>
  rowsOf<{ id: number; paper_id: number }>(
    await t.database.db.execute(
      sql`select id, paper_id from mark_task where block_id = ${blockId} order by id`,
    ),
  );
/** A cutter whose every cut is kept in `cut`, each paper's image its id as text. */
function recordedCutAhead() {
  const cut: number[] = [];
  const ahead = cutAhead({
    db: t.database.db,
    paperImage: async (_regions, paperId) => {
      cut.push(paperId);
      return Buffer.from(`paper ${paperId}`);
    },
  });
  return { cut, ahead };
}
const { t, scene } = withScene(
  reviewingScene({
    papers: 16,
    schools: 1,
    blocks: [{ name: '第13题', nos: ['13'] }],
  }),
  async () => {
    await setRegions(scene.blocks[0]!.id);
  },
);

describe('cutting ahead', () => {
  it('cuts the next pending papers of the block once each, and an image request joins a running cut', async () => {
    const blockId = scene.blocks[0]!.id;
    const pool = await poolOf(blockId);
    const { cut, ahead } = recordedCutAhead();
    await ahead.after(blockId, pool[0]!.id);
    await ahead.idle();
    expect(cut).toEqual(pool.slice(1, 9).map((p) => p.paper_id));
    // claims before the middle of what was queued do not look again; stored cuts are not cut twice
    await ahead.after(blockId, pool[0]!.id);
    await ahead.after(blockId, pool[4]!.id);
    await ahead.idle();
    expect(cut).toHaveLength(8);
    await ahead.after(blockId, pool[5]!.id);
    await ahead.idle();
    expect(cut).toEqual(pool.slice(1, 14).map((p) => p.paper_id));
    const other = pool[15]!.paper_id;
    const [a, b] = await Promise.all([ahead.image(REGIONS, other), ahead.image(REGIONS, other)]);
    expect(a.toString()).toBe(`paper ${other}`);
    expect(b).toBe(a);
    expect(cut.filter((p) => p === other)).toHaveLength(1);
  });

  it('cuts every block of a paper together when the cutter offers it (one decode per paper)', async () => {
    const db = t.database.db;
    const s2 = await buildReviewingScene(db, {
      papers: 3,
      schools: 1,
      blocks: [
        { name: '第13题', nos: ['13'] },
        { name: '第14题', nos: ['14'] },
      ],
    });
    const other: BlockRegion[] = [{ page: 0, x: 10, y: 80, w: 100, h: 40 }];
    await setRegions(s2.blocks[0]!.id);
    await setRegions(s2.blocks[1]!.id, other);
    const pool = await poolOf(s2.blocks[0]!.id);
    // `pages`: the look-up read the paper's pages with it, so the cutter reads none (issue 35)
    const calls: { paperId: number; blocks: number; pages: boolean }[] = [];
    const single: number[] = [];
    const ahead = cutAhead({
      db,
      paperImage: async (_r, paperId) => {
        single.push(paperId);
        return Buffer.from('single');
      },
      storeCuts: async (blocks, paperId, pages) => {
        calls.push({ paperId, blocks: blocks.length, pages: Array.isArray(pages) });
      },
    });
    await ahead.after(s2.blocks[0]!.id, pool[0]!.id);
    await ahead.idle();
    expect(calls).toEqual(pool.slice(1).map((p) => ({ paperId: p.paper_id, blocks: 2, pages: true })));
    // the other block's image of a paper cut ahead is stored: the request is not cut again by itself
    await ahead.after(s2.blocks[1]!.id, 0);
    await ahead.idle();
    expect(calls).toHaveLength(3);
    expect(calls[2]!.paperId).toBe(pool[0]!.paper_id);
    expect(single).toEqual([]);
  });

  it('an image request during a background cut waits for it, then reads the stored cut once', async () => {
    const db = t.database.db;
    const blockId = scene.blocks[0]!.id;
    const [before, last] = rowsOf<{ id: number; paper_id: number }>(
      await db.execute(
        sql`select id, paper_id from mark_task where block_id = ${blockId} order by id desc limit 2`,
      ),
    ).reverse();
    const stored = new Map<number, Buffer>();
    let release = () => {};
    const gate = new Promise<void>((res) => (release = res));
    const reads: number[] = [];
    const ahead = cutAhead({
      db,
      paperImage: async (_r, paperId) => {
        reads.push(paperId);
        return stored.get(paperId) ?? Buffer.from('cut by the request');
      },
      storeCuts: async (_blocks, paperId) => {
        await gate;
        stored.set(paperId, Buffer.from(`stored ${paperId}`));
      },
    });
    await ahead.after(blockId, before!.id);
    // the regions as the block stores them (a cut's key names them so)
    const [b] = rowsOf<{ regions: BlockRegion[] }>(
      await db.execute(sql`select regions from block where id = ${blockId}`),
    );
    const request = ahead.image(b!.regions, last!.paper_id);
    // the background cut holds the paper: the request has not cut it by itself
    await new Promise((res) => setTimeout(res, 20));
    expect(reads).toEqual([]);
    release();
    expect((await request).toString()).toBe(`stored ${last!.paper_id}`);
    expect(reads).toEqual([last!.paper_id]);
    await ahead.idle();
  });

  it('walks a subject at 开始阅卷: every paper with a pending first mark cut once, in claim order', async () => {
    const db = t.database.db;
    const s3 = await buildReviewingScene(db, {
      papers: 5,
      schools: 1,
      blocks: [{ name: '第13题', nos: ['13'] }],
    });
    await setRegions(s3.blocks[0]!.id);
    const pool = await poolOf(s3.blocks[0]!.id);
    // one paper already marked: nothing to cut for it
    await db.execute(sql`update mark_task set status = 'submitted' where id = ${pool[1]!.id}`);
    const { cut, ahead } = recordedCutAhead();
    // an image request cut one paper already (with the regions as stored): the walk passes over it
    const [b] = rowsOf<{ regions: BlockRegion[] }>(
      await db.execute(sql`select regions from block where id = ${s3.blocks[0]!.id}`),
    );
    await ahead.image(b!.regions, pool[3]!.paper_id);
    ahead.subject(s3.subjectId);
    ahead.subject(s3.subjectId);
    await ahead.walked();
    expect(cut).toEqual([pool[3]!.paper_id, pool[0]!.paper_id, pool[2]!.paper_id, pool[4]!.paper_id]);
  });

  it('never fails the caller when cutting fails', async () => {
    const ahead = cutAhead({
      db: t.database.db,
      paperImage: () => Promise.reject(new Error('broken page')),
    });
    await ahead.after(scene.blocks[0]!.id, 0);
    await expect(ahead.idle()).resolves.toBeUndefined();
  });
});
