import { and, eq } from 'drizzle-orm';
import { paper } from '../src/db/schema';
import type { Db } from '../src/infra/db';
import { body, type Client } from './app';

/**
 * Waits until no paper of the subject waits for recognition (the in-process queue works in the background;
 * a paper leaves `pending` in the transaction that stores its pages' results).
 */
export async function untilRecognised(db: Db, subjectId: number): Promise<void> {
  for (let i = 0; i < 1200; i++) {
    const pending = await db
      .select({ id: paper.id })
      .from(paper)
      .where(and(eq(paper.subjectId, subjectId), eq(paper.status, 'pending')))
      .limit(1);
    if (pending.length === 0) return;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error('recognition did not finish');
}

/**
 * Waits until no page of the subject waits for recognition, as the progress route counts them: unlike
 * `untilRecognised` it also covers pages that never join a paper (a sheet that cannot be located).
 * No retry budget of its own: on a loaded machine only the test's timeout says how long is too long.
 */
export async function untilNoPageQueued(c: Client, subjectId: number): Promise<void> {
  for (;;) {
    const p = body<{ total: { queued: number } }>(
      await c.get(`/filter/api/subject/${subjectId}/scanExceptionProgress`),
    );
    if (p.code !== 0) throw new Error(p.message);
    if (p.data.total.queued === 0) return;
    await new Promise((r) => setTimeout(r, 50));
  }
}
