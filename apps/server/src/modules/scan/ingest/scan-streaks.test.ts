import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ScanExceptionProgress, ScanPaperItem, Paged } from '@yj/contracts';
import { createRng, randomAnswers, simulateSheet, typicalCard } from '@yj/scan-sim';
import { scanPage } from '../../../db/schema';
import { rowsOf } from '../../../infra/db';
import { TASK_PAGES, withPages, type TaskPage } from '../../marking/pool/marking.repo';
import { paperImageRepo } from '../image/paper-image.repo';
import { body, testApp, type TestApp, type Client } from '../../../../test/app';
import { postScans } from '../../../../test/multipart';
import { buildScanScene, untilNoPageQueued } from '../../../../test/scan';

// A batch scanned through a dirty glass (a line down every page, packages/omr streaks.ts): the pages are read
// as without the line, each page keeps how many lines it had, and the batch list counts the pages with one.

let t: TestApp;
let admin: Client;
let subjectId: number;
const card = typicalCard();
const KAOHAO = ['20261101', '20261102'];

beforeAll(async () => {
  t = await testApp();
  const opts = { name: '竖线考试', course: '数学', fullScore: 150 };
  ({ admin, subjectId } = await buildScanScene(t, card, opts, KAOHAO));
}, 120_000);

afterAll(async () => {
  await t?.close();
});

/** Both pages of a student's paper; `streaks` drawn down both, as a dirty glass would. */
async function paper(student: number, streaks?: Array<{ x: number; width: number; darkness: number }>) {
  return Promise.all(
    card.pages.map(async (page, p) => {
      const answers = randomAnswers(page, createRng(40 + student * 2 + p), 'clean', KAOHAO[student]);
      const sim = await simulateSheet(card, p, answers, {
        seed: 40 + student * 2 + p,
        difficulty: 'clean',
        streaks,
      });
      return { name: `s${student}-${p + 1}.jpg`, data: sim.jpeg, truth: sim.truth };
    }),
  );
}

describe('a batch scanned through a dirty glass', () => {
  it('reads its pages as without the lines and counts them on the batch', async () => {
    const dirty = await paper(0, [
      { x: 0.3, width: 5, darkness: 0.8 },
      { x: 0.62, width: 3, darkness: 0.6 },
    ]);
    const clean = await paper(1);
    for (const batch of [dirty, clean]) {
      const res = body(await postScans(t.app, admin.cookie, subjectId, batch, {}, 'answerCard'));
      expect(res.code, res.message).toBe(0);
    }
    await untilNoPageQueued(admin, subjectId);

    const progress = body<ScanExceptionProgress>(
      await admin.get(`/filter/api/subject/${subjectId}/scanExceptionProgress`),
    ).data;
    // newest batch first: the clean one, then the dirty one with both its pages streaked
    expect(progress.batches.map((b) => [b.pages, b.streaked])).toEqual([
      [2, 0],
      [2, 2],
    ]);
    const pages = await t.database.db.select().from(scanPage).where(eq(scanPage.subjectId, subjectId));
    expect(pages.map((p) => p.streaks).sort()).toEqual([0, 0, 2, 2]);

    const papers = body<Paged<ScanPaperItem>>(
      await admin.get(`/filter/api/subject/${subjectId}/scan/papers?size=20`),
    ).data.items;
    const read = papers.find((p) => p.kaohao === KAOHAO[0])!;
    expect(read.examineeId).not.toBeNull();
    for (const sheet of dirty)
      for (const [q, want] of Object.entries(sheet.truth.answers.objective)) {
        if (sheet.truth.expectExceptions.includes(q)) continue;
        expect(read.objective[q], `question ${q}`).toEqual(want);
      }

    // block cuts paint the lines over as recognition did: both ways of reading a paper's pages carry them
    const other = papers.find((p) => p.kaohao === KAOHAO[1])!;
    for (const [p, lines] of [
      [read, 2],
      [other, 0],
    ] as const) {
      const viaRepo = await paperImageRepo(t.database.db).pages(p.id);
      const [row] = withPages(
        rowsOf<{ pages: unknown }>(
          await t.database.db.execute(sql`select ${TASK_PAGES} from (select ${p.id}::int as paper_id) t`),
        ),
      );
      for (const pages of [viaRepo, row!.pages as TaskPage[]]) {
        expect(pages.map((x) => x.streaks.length)).toEqual([lines, lines]);
        expect(pages.every((x) => x.matrix !== null)).toBe(true);
      }
    }
  });
});
