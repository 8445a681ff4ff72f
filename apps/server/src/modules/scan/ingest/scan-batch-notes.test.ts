import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Paged, ScanBatchProgress, ScanExceptionProgress, ScanPaperItem } from '@yj/contracts';
import { createRng, randomAnswers, simulateSheet, typicalCard, type SimulateOptions } from '@yj/scan-sim';
import { scanPage } from '../../../db/schema';
import { rowsOf } from '../../../infra/db';
import { TASK_PAGES, withPages, type TaskPage } from '../../marking/pool/marking.repo';
import { paperImageRepo } from '../image/paper-image.repo';
import { body, testApp, type TestApp, type Client } from '../../../../test/app';
import { postScans } from '../../../../test/multipart';
import { buildScanScene, untilNoPageQueued } from '../../../../test/scan';

// What the scan screen tells the person at the scanner of a batch, kept per page and counted per batch: a dirty
// glass (a line down every page, packages/omr streaks.ts: the pages read as without the line) and a scanner left in
// 黑白 mode cut at one threshold (packages/omr detect-pixels.ts isDithered: a mark lighter than it is not in the
// image). Each on its own subject, a batch with the condition uploaded before one without.

let t: TestApp;
/** the dirty glass's subject, and the black-and-white one's (each of its own school) */
let admin: Client;
let subjectId: number;
let bwAdmin: Client;
let bwSubjectId: number;
const card = typicalCard();
const KAOHAO = ['20261101', '20261102'];
const BW_KAOHAO = ['20261201', '20261202'];

beforeAll(async () => {
  t = await testApp();
  const opts = { name: '竖线考试', course: '数学', fullScore: 150 };
  ({ admin, subjectId } = await buildScanScene(t, card, opts, KAOHAO));
  const bw = { name: '黑白扫描考试', course: '数学', fullScore: 150 };
  ({ admin: bwAdmin, subjectId: bwSubjectId } = await buildScanScene(t, card, bw, BW_KAOHAO));
}, 120_000);

afterAll(async () => {
  await t?.close();
});

/** Both pages of a student's paper, in dark pencil; `scan`: the scanner's condition (none when absent). */
async function paper(
  student: number,
  kaohao: string,
  scan: Pick<SimulateOptions, 'streaks' | 'threshold'> = {},
) {
  return Promise.all(
    card.pages.map(async (page, p) => {
      const answers = randomAnswers(page, createRng(40 + student * 2 + p), 'clean', kaohao);
      const sim = await simulateSheet(card, p, answers, {
        seed: 40 + student * 2 + p,
        difficulty: 'clean',
        ...scan,
      });
      // a 1-bit scan is a PNG
      return {
        name: `s${student}-${p + 1}.${scan.threshold ? 'png' : 'jpg'}`,
        data: sim.jpeg,
        truth: sim.truth,
      };
    }),
  );
}
type Sheets = Awaited<ReturnType<typeof paper>>;

/** Uploads each batch in turn, as its own, and waits for recognition: the subject's batch list, newest first. */
async function uploadInTurn(c: Client, subject: number, batches: Sheets[]): Promise<ScanBatchProgress[]> {
  for (const batch of batches) {
    const res = body(await postScans(t.app, c.cookie, subject, batch, {}, 'answerCard'));
    expect(res.code, res.message).toBe(0);
  }
  await untilNoPageQueued(c, subject);
  return body<ScanExceptionProgress>(await c.get(`/filter/api/subject/${subject}/scanExceptionProgress`)).data
    .batches;
}

/** The subject's paper of `kaohao`, matched and read as its sheets say (but the fields they call a person for). */
async function readAsDrawn(
  c: Client,
  subject: number,
  kaohao: string,
  sheets: Sheets,
): Promise<ScanPaperItem> {
  const papers = body<Paged<ScanPaperItem>>(await c.get(`/filter/api/subject/${subject}/scan/papers?size=20`))
    .data.items;
  const read = papers.find((p) => p.kaohao === kaohao)!;
  expect(read.examineeId).not.toBeNull();
  for (const sheet of sheets)
    for (const [q, want] of Object.entries(sheet.truth.answers.objective)) {
      if (sheet.truth.expectExceptions.includes(q)) continue;
      expect(read.objective[q], `question ${q}`).toEqual(want);
    }
  return read;
}

describe('a batch scanned through a dirty glass', () => {
  it('reads its pages as without the lines and counts them on the batch', async () => {
    const dirty = await paper(0, KAOHAO[0]!, {
      streaks: [
        { x: 0.3, width: 5, darkness: 0.8 },
        { x: 0.62, width: 3, darkness: 0.6 },
      ],
    });
    const clean = await paper(1, KAOHAO[1]!);
    const batches = await uploadInTurn(admin, subjectId, [dirty, clean]);
    // newest batch first: the clean one, then the dirty one with both its pages streaked
    expect(batches.map((b) => [b.pages, b.streaked])).toEqual([
      [2, 0],
      [2, 2],
    ]);
    const pages = await t.database.db.select().from(scanPage).where(eq(scanPage.subjectId, subjectId));
    expect(pages.map((p) => p.streaks).sort()).toEqual([0, 0, 2, 2]);
    const read = await readAsDrawn(admin, subjectId, KAOHAO[0]!, dirty);

    // block cuts paint the lines over as recognition did: both ways of reading a paper's pages carry them
    const other = await readAsDrawn(admin, subjectId, KAOHAO[1]!, clean);
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

describe('a batch scanned black and white, cut at one threshold', () => {
  it('counts its pages on the batch, and reads the dark marks it holds as a grey scan', async () => {
    const bw = await paper(0, BW_KAOHAO[0]!, { threshold: 128 });
    const grey = await paper(1, BW_KAOHAO[1]!);
    const batches = await uploadInTurn(bwAdmin, bwSubjectId, [bw, grey]);
    // newest batch first: the grey one, then the black-and-white one with both its pages counted
    expect(batches.map((b) => [b.pages, b.thresholded, b.streaked])).toEqual([
      [2, 0, 0],
      [2, 2, 0],
    ]);
    const pages = await t.database.db.select().from(scanPage).where(eq(scanPage.subjectId, bwSubjectId));
    expect(pages.map((p) => p.thresholded).sort()).toEqual([false, false, true, true]);
    // a dark 2B mark survives the threshold: what the image holds is read
    await readAsDrawn(bwAdmin, bwSubjectId, BW_KAOHAO[0]!, bw);
  });
});
