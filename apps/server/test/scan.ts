import { and, eq, inArray } from 'drizzle-orm';
import type { CardTemplate, Paged, ScanExceptionCounts, ScanExceptionItem } from '@yj/contracts';
import { orderlyStudent, scannerFeed, type FeedFaults } from '@yj/scan-sim';
import { examinee, paper } from '../src/db/schema';
import type { Db } from '../src/infra/db';
import { body, type Client, type TestApp } from './app';
import { postScans } from './multipart';
import { buildClassOfExaminees, buildSubjectScene } from './factories';
import { saveTemplate } from './subject-fixture';

/**
 * The scan tests' exam (factories `buildSubjectScene`): its subject's recognition template `card`, and a class of
 * examinees with these 考号 in its school; `ids` maps each 考号 to its examinee.
 */
export async function buildScanScene(
  t: TestApp,
  card: CardTemplate,
  opts: Parameters<typeof buildSubjectScene>[2],
  kaohaos: readonly string[],
) {
  const scene = await buildSubjectScene(t.app, t.database.db, opts);
  await saveTemplate(scene.admin, scene.subjectId, card);
  const { examId, schoolId } = scene;
  const { ids } = await buildClassOfExaminees(t.database.db, { examId, schoolId }, kaohaos);
  return { ...scene, ids };
}

/** `n` exam numbers 2026nnnn from `from` on. */
export const kaohaoRange = (from: number, n: number): string[] =>
  Array.from({ length: n }, (_, i) => `2026${String(from + i).padStart(4, '0')}`);

/** Seats the scene's examinees (`ids`, by 考号) in rooms: each 考场 with its 考号. */
export async function seatInRooms(
  db: Db,
  ids: Record<string, number>,
  rooms: Record<string, string[]>,
): Promise<void> {
  for (const [kaochang, ks] of Object.entries(rooms))
    await db
      .update(examinee)
      .set({ kaochang })
      .where(
        inArray(
          examinee.id,
          ks.map((k) => ids[k]!),
        ),
      );
}

/**
 * Uploads one batch by `c`: an orderly sheet (front and back, scan-sim) a 考号 as filled, in this order, and waits
 * until it is recognised: its id.
 */
export async function uploadOrderly(
  t: TestApp,
  c: Client,
  subjectId: number,
  card: CardTemplate,
  kaohaos: readonly string[],
  seed: number,
): Promise<number> {
  const files = [];
  for (const [i, k] of kaohaos.entries()) {
    const s = await orderlyStudent(card, seed + 10 * i, k);
    files.push({ name: `${i}-1.jpg`, data: s.front.jpeg }, { name: `${i}-2.jpg`, data: s.back.jpeg });
  }
  const b = body<{ batchId: number }>(await postScans(t.app, c.cookie, subjectId, files));
  if (b.code !== 0) throw new Error(b.message);
  await untilRecognised(t.database.db, subjectId);
  return b.data.batchId;
}

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

// The 扫描异常 lists as the scan tests read them (list, counts), by `c`: one place for their URLs.

/** The subject's 扫描异常 of the query (its fields in the order given, as the page sends them). */
export async function scanExceptions(
  c: Client,
  subjectId: number,
  query: Record<string, string | number | boolean> = {},
): Promise<ScanExceptionItem[]> {
  const q = new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)])).toString();
  const url = `/filter/api/subject/${subjectId}/scan/exceptions${q ? `?${q}` : ''}`;
  return body<Paged<ScanExceptionItem>>(await c.get(url)).data.items;
}

/** The subject's counts of 扫描异常 by kind. */
export async function scanExceptionCounts(c: Client, subjectId: number): Promise<ScanExceptionCounts> {
  return body<ScanExceptionCounts>(await c.get(`/filter/api/subject/${subjectId}/scan/scanException`)).data;
}

/** Scanned pages uploaded in this order as one batch by `c`; once recognised, the papers of the batch in order. */
export async function uploadScanned(
  t: TestApp,
  c: Client,
  subjectId: number,
  pages: Array<{ jpeg: Buffer }>,
) {
  const files = pages.map((p, i) => ({ name: `${i}.jpg`, data: p.jpeg }));
  const b = body<{ batchId: number }>(await postScans(t.app, c.cookie, subjectId, files));
  if (b.code !== 0) throw new Error(`upload refused: ${b.message}`);
  await untilRecognised(t.database.db, subjectId);
  return t.database.db.select().from(paper).where(eq(paper.batchId, b.data.batchId)).orderBy(paper.seq);
}

/**
 * A pile of orderly sheets (front and back each) uploaded as a sheet-fed scanner sends them, faults included
 * (scan-sim scannerFeed), by `c`; once recognised, the papers of its batch in order.
 */
export const uploadFed = (
  t: TestApp,
  c: Client,
  subjectId: number,
  pile: Array<Awaited<ReturnType<typeof orderlyStudent>>>,
  faults: FeedFaults = {},
) =>
  uploadScanned(
    t,
    c,
    subjectId,
    scannerFeed(
      pile.map((s) => [s.front, s.back]),
      faults,
    ),
  );
