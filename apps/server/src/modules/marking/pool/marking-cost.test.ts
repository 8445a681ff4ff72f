// Round trips to PostgreSQL of a marked paper (issue 35): a submit that claims the following paper and the image
// of that paper, on a session served from its cache. Counted, not timed (the speed lives in `npm run bench:marking`).
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
import { stillClock } from '../../../../test/still-clock';

let t: TestApp;
let letGo: () => void;
let scene: MarkingScene;
/** The statements sent (one round trip each: a pipelined transaction is one), with the connection that sent each. */
let sent: Array<{ text: string; by: unknown }> = [];
// Both drivers send every statement, prepared or not, through these (plugins/request-cost.test.ts).
const counted = [pg.Client.prototype, PGlite.prototype] as Array<{ query: (...a: unknown[]) => unknown }>;
const originals = counted.map((proto) => proto.query);

beforeAll(async () => {
  letGo = stillClock();
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
      const q = a[0] as string | { text?: string };
      sent.push({ text: typeof q === 'string' ? q : (q?.text ?? ''), by: this });
      return originals[i]!.apply(this, a);
    };
  });
});
afterAll(async () => {
  counted.forEach((proto, i) => (proto.query = originals[i]!));
  letGo();
  await t.close();
});

async function statementsOf<T>(send: () => Promise<T>): Promise<T> {
  await scoresSettled();
  sent = [];
  return send();
}

type Client = Awaited<ReturnType<typeof buildMarker>>['client'];
const submitNext = async (c: Client, task: MarkTask, no: string, score: number) =>
  body<MarkSubmitResult>(await submitMark(c, task, no, score, true));

/** The look-up of the papers to cut ahead (marking-cut-ahead.ts): off the request, once per few claims of a pool. */
const cutAheadLookUp = (text: string) => text.startsWith('select t.pool_pos, t.paper_id');
/**
 * The transactions of the score queue's job (marking-score-queue.ts: it takes its rows first), which runs in the
 * background 200 ms after a submit and on its 5 s sweep, beside whatever request is being counted: on one
 * connection, from `begin` to `commit` (or to the end of the count).
 */
function scoreJob(): Set<number> {
  const job = new Set<number>();
  const open = new Map<unknown, number[]>();
  const close = (by: unknown) => {
    const group = open.get(by) ?? [];
    if (group.some((k) => sent[k]!.text.startsWith('delete from score_stale')))
      group.forEach((k) => job.add(k));
    open.delete(by);
  };
  sent.forEach((s, i) => {
    if (s.text === 'begin') open.set(s.by, []);
    open.get(s.by)?.push(i);
    if (s.text === 'commit' || s.text === 'rollback') close(s.by);
  });
  [...open.keys()].forEach(close);
  return job;
}

/** Until the score queue's job has taken every row the submits before left (it commits before the count starts). */
async function scoresSettled(): Promise<void> {
  for (let i = 0; i < 500; i++) {
    const r = await t.database.db.execute(sql`select count(*)::int as n from score_stale`);
    if (rowsOf<{ n: number }>(r)[0]!.n === 0) return;
    await new Promise((res) => setTimeout(res, 20));
  }
  throw new Error('the score queue kept its rows');
}

/** The statements a request sent, less those of the background beside it: cut-ahead look-ups, the score job. */
function ownStatements(): string[] {
  const job = scoreJob();
  return sent.filter((s, i) => !cutAheadLookUp(s.text) && !job.has(i)).map((s) => s.text);
}

/**
 * What the image requests here answer: the scene's blocks are not framed, so the cutter refuses them, after every
 * statement a request sends and before any pixel work (the statements are what is counted).
 */
const NO_AREA = failureMessage('blockHasNoArea');

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
        expect(ownStatements().length, ownStatements().join('\n')).toBe(t.database.kind === 'pglite' ? 4 : 2);
        // the claim read the block's regions and the paper's pages: the image needs no statement
        task = out.data!.next!;
        const image = await statementsOf(() => client.get(`/filter/api/marking/task/${task.taskId}/image`));
        expect(body(image).message).toBe(NO_AREA);
        expect(ownStatements()).toEqual([]);
      }
    }
  });

  it('has its image in 1 statement where the claim was not made here (a leader looking at it)', async () => {
    const block = scene.blocks[0]!;
    const { client } = await buildMarker(t.app, t.database.db, scene, [block.id]);
    const { client: leader } = await buildMarker(t.app, t.database.db, scene, [block.id], { role: 6 });
    const task = (await claimTasks(client, block.id)).data![0]!;
    const url = `/filter/api/marking/task/${task.taskId}/image`;
    // warms the leader's session and the task's scope
    expect(body(await leader.get(url)).message).toBe(NO_AREA);
    const image = await statementsOf(() => leader.get(url));
    expect(body(image).message).toBe(NO_AREA);
    // the task, the block's regions, the paper's pages and the leader's row in one
    expect(ownStatements().length, ownStatements().join('\n')).toBe(1);
  });
});
