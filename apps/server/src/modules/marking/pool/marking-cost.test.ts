// Round trips to PostgreSQL of a marked paper (issue 35): a submit that claims the following paper, on a session
// served from its cache. Counted, not timed (the speed lives in `npm run bench:marking`).
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { failureMessage, type MarkSubmitResult, type MarkTask } from '@yj/contracts';
import { sql } from 'drizzle-orm';
import { body, testApp, type TestApp } from '../../../../test/app';
import { rowsOf } from '../../../infra/db';
import {
  buildMarker,
  buildReviewingScene,
  claimTasks,
  submitMark,
  type MarkingScene,
} from '../../../../test/marking';

let t: TestApp;
let scene: MarkingScene;
/** The statements sent (one round trip each: a pipelined transaction is one), with their parameters. */
let sent: Array<{ text: string; values: unknown[] }> = [];
// Both drivers send every statement, prepared or not, through these (plugins/request-cost.test.ts).
const counted = [pg.Client.prototype, PGlite.prototype] as Array<{ query: (...a: unknown[]) => unknown }>;
const originals = counted.map((proto) => proto.query);

beforeAll(async () => {
  t = await testApp({ SESSION_CACHE_MS: '10000' });
  scene = await buildReviewingScene(t.database.db, {
    papers: 6,
    blocks: [
      { name: '第13题', nos: ['13'] },
      { name: '第14题', nos: ['14'], markCount: 2, threshold: 1 },
    ],
  });
  counted.forEach((proto, i) => {
    proto.query = function (this: unknown, ...a: unknown[]) {
      const q = a[0] as string | { text?: string; values?: unknown[] };
      const values = Array.isArray(a[1]) ? a[1] : typeof q === 'string' ? [] : (q?.values ?? []);
      sent.push({ text: typeof q === 'string' ? q : (q?.text ?? ''), values });
      return originals[i]!.apply(this, a);
    };
  });
});
afterAll(async () => {
  counted.forEach((proto, i) => (proto.query = originals[i]!));
  await t.close();
});

async function statementsOf<T>(send: () => Promise<T>): Promise<T> {
  sent = [];
  return send();
}

type Client = Awaited<ReturnType<typeof buildMarker>>['client'];
const submitNext = async (c: Client, task: MarkTask, no: string, score: number) =>
  body<MarkSubmitResult>(await submitMark(c, task, no, score, true));

/** The look-up of the papers to cut ahead (marking-cut-ahead.ts): off the request, once per few claims of a pool. */
const cutAheadLookUp = (text: string) => text.startsWith('select t.pool_pos, t.paper_id');
/** The cutter's read of a paper's pages (paper-image.repo.ts `pages`); its parameter is the paper. */
const pagesRead = (text: string) => /^select "template_page", "storage_key"/.test(text);

/**
 * The statements a request for a task of `paperId` sent, less the cuts made ahead in the background beside it:
 * their look-up, and the pages of the other papers they cut (the pool's next papers, never the task's).
 */
const ownStatements = (paperId: number) =>
  sent
    .filter((s) => !cutAheadLookUp(s.text) && !(pagesRead(s.text) && Number(s.values[0]) !== paperId))
    .map((s) => s.text);

/**
 * What the image requests here answer: the scene's blocks are not framed, so the cutter refuses them, after every
 * statement a request sends and before any pixel work (the statements are what is counted).
 */
const NO_AREA = failureMessage('blockHasNoArea');

const paperOf = async (taskId: number) =>
  rowsOf<{ paper_id: number }>(
    await t.database.db.execute(sql`select paper_id from mark_task where id = ${taskId}`),
  )[0]!.paper_id;

describe('a marked paper', () => {
  it('is submitted with the following paper claimed in 2 round trips, its image answered from the claim', async () => {
    for (const [i, block] of scene.blocks.entries()) {
      const no = String(13 + i);
      const { client } = await buildMarker(t.app, t.database.db, scene, [block.id]);
      let task = (await claimTasks(client, block.id)).data![0]!;
      // the first submit warms the process's caches (the block's rules, the task's scope)
      task = (await submitNext(client, task, no, 1)).data!.next!;
      for (let k = 0; k < 2; k++) {
        const out = await statementsOf(() => submitNext(client, task, no, 1));
        expect(out.code).toBe(0);
        expect(out.data!.counted).toBe(true);
        // the lock with the mark and the marker's row (begin sent with it), finalize's writes with the claim
        // (commit sent with it): 2 round trips on PostgreSQL; PGlite runs begin and commit apart
        expect(ownStatements(0)).toHaveLength(t.database.kind === 'pglite' ? 4 : 2);
        // the claim read the block's regions and the paper's pages: the image needs no statement
        task = out.data!.next!;
        const paperId = await paperOf(task.taskId);
        const image = await statementsOf(() => client.get(`/filter/api/marking/task/${task.taskId}/image`));
        expect(body(image).message).toBe(NO_AREA);
        expect(ownStatements(paperId)).toEqual([]);
      }
    }
  });

  it('has its image in 1 statement where the claim was not made here (a leader looking at it)', async () => {
    const block = scene.blocks[0]!;
    const { client } = await buildMarker(t.app, t.database.db, scene, [block.id]);
    const { client: leader } = await buildMarker(t.app, t.database.db, scene, [block.id], { role: 6 });
    const task = (await claimTasks(client, block.id)).data![0]!;
    const paperId = await paperOf(task.taskId);
    const url = `/filter/api/marking/task/${task.taskId}/image`;
    // warms the leader's session and the task's scope
    expect(body(await leader.get(url)).message).toBe(NO_AREA);
    const image = await statementsOf(() => leader.get(url));
    expect(body(image).message).toBe(NO_AREA);
    // the task, the block's regions, the paper's pages and the leader's row in one
    expect(ownStatements(paperId)).toHaveLength(1);
  });
});
