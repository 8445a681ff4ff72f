import { and, eq } from 'drizzle-orm';
import { paper } from '../src/db/schema';
import type { Db } from '../src/infra/db';

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
