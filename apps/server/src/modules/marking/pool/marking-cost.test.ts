// Round trips to PostgreSQL of a marked paper (issue 35): a submit that claims the following paper, on a session
// served from its cache. Counted, not timed (the speed lives in `npm run bench:marking`).
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MarkSubmitResult, MarkTask } from '@yj/contracts';
import { body, testApp, type TestApp } from '../../../../test/app';
import { buildMarker, buildReviewingScene, claimTasks, submitMark, type MarkingScene } from '../../../../test/marking';

let t: TestApp;
let scene: MarkingScene;
let texts: string[] = [];
// Both drivers send every statement, prepared or not, through these (plugins/request-cost.test.ts).
const counted = [pg.Client.prototype, PGlite.prototype] as Array<{ query: (...a: unknown[]) => unknown }>;
const originals = counted.map((proto) => proto.query);

beforeAll(async () => {
  t = await testApp({ SESSION_CACHE_MS: '10000' });
  scene = await buildReviewingScene(t.database.db, {
    papers: 4,
    blocks: [
      { name: '第13题', nos: ['13'] },
      { name: '第14题', nos: ['14'], markCount: 2, threshold: 1 },
    ],
  });
  counted.forEach((proto, i) => {
    proto.query = function (this: unknown, ...a: unknown[]) {
      const q = a[0] as string | { text?: string };
      texts.push(typeof q === 'string' ? q : (q?.text ?? ''));
      return originals[i]!.apply(this, a);
    };
  });
});
afterAll(async () => {
  counted.forEach((proto, i) => (proto.query = originals[i]!));
  await t.close();
});

async function statementsOf<T>(send: () => Promise<T>): Promise<{ n: number; out: T }> {
  texts = [];
  const out = await send();
  return { n: texts.length, out };
}

type Client = Awaited<ReturnType<typeof buildMarker>>['client'];
const submitNext = async (c: Client, task: MarkTask, no: string, score: number) =>
  body<MarkSubmitResult>(await submitMark(c, task, no, score, true));

/** The look-up of the papers to cut ahead (marking-cut-ahead.ts): off the request, once per few claims of a pool. */
const cutAheadLookUp = (text: string) => text.startsWith('select t.pool_pos, t.paper_id');

describe('a marked paper', () => {
  it('is submitted with the following paper claimed in 2 round trips, its image in 1 beside the cut', async () => {
    for (const [i, block] of scene.blocks.entries()) {
      const no = String(13 + i);
      const { client } = await buildMarker(t.app, t.database.db, scene, [block.id]);
      let task = (await claimTasks(client, block.id)).data![0]!;
      // the first submit warms the process's caches (the block's rules, the task's scope)
      task = (await submitNext(client, task, no, 1)).data!.next!;
      for (let k = 0; k < 2; k++) {
        const { out } = await statementsOf(() => submitNext(client, task, no, 1));
        expect(out.code).toBe(0);
        expect(out.data!.counted).toBe(true);
        // the lock with the mark and the marker's row (begin sent with it), finalize's writes with the claim
        // (commit sent with it): 2 round trips on PostgreSQL; PGlite runs begin and commit apart
        expect(texts.filter((q) => !cutAheadLookUp(q))).toHaveLength(t.database.kind === 'pglite' ? 4 : 2);
        // the task with its block's regions; the second reads the pages (no cut stored ahead in this scene)
        const image = await statementsOf(() => client.get(`/filter/api/marking/task/${task.taskId}/image`));
        expect(image.n).toBeLessThanOrEqual(2);
        task = out.data!.next!;
      }
    }
  });
});
