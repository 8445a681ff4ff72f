import { existsSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import sharp from 'sharp';
import {
  createRng,
  dirtyGlass,
  drawDogEar,
  drawEdgeDogEar,
  generatePhoto,
  generateSet,
  generateTurned,
  numberTableCard,
  PAGES_PER_GLASS,
  typicalCard,
  type Difficulty,
} from '@yj/scan-sim';

sharp.concurrency(1);
// libvips keeps recent images cached; each image is used once, so the cache only costs memory.
sharp.cache(false);
const card = typicalCard();
/** The `numberTable` set's card: the typical card with sample6's tight exam-number grid, printed as a ruled table. */
const tableCard = numberTableCard();
/** A black backing plate as scanned: not quite 0 (its sheen, the scanner's dark current). */
const BLACK_BACKING = 30;
/** The typical students' marks (scan-sim difficulty.ts), one answer in ten ringed (圈选) in place of a full fill. */
const RINGED = { full: 0.78, partial: 0.06, offCentre: 0.04, light: 0.02, circle: 0.1 };
/** The same, one answer in ten ticked (打勾) after the option in place of a fill. */
const TICKED = { full: 0.78, partial: 0.06, offCentre: 0.04, light: 0.02, beside: 0.1 };
/**
 * Every 判断 question of page `i` marked with a tick after the option (as a student used to paper tests marks
 * 判断): the set where the ticks are most of the bubbles at one place (the F of every 判断), not one in ten.
 */
function judgedTicked(i: number): Record<string, 'beside'> {
  const page = card.pages[i % card.pages.length]!;
  const names = page.objective.flatMap((g) =>
    g.kind === 'trueFalse' && 'grid' in g
      ? Array.from({ length: g.grid.count }, (_, k) => String((g.firstQuestion ?? 1) + k))
      : [],
  );
  return Object.fromEntries(names.map((q) => [q, 'beside' as const]));
}
/**
 * How much of a sheet's other side shows through in the `through` set: from office paper on a white lid to the
 * thin paper many schools print cards on, under a bright lamp (scan-sim show-through.ts).
 */
const THROUGH: [number, number] = [0.05, 0.25];
/**
 * How far the `stretched` set's layouts move in the middle of the sheet, corner marks in place (scan-sim
 * stretch.ts): a photocopied card, damp paper, a slipping feeder. Not yet known from real sheets; 1 mm over an A3
 * card's 297 mm height is a local strain of up to 1 %.
 */
const STRETCH_MM: [number, number] = [0.3, 1.5];

/** Sheet i's uneven stretch in the `stretched` set: its own draw, down or across the sheet. */
function stretchOf(seed: number, i: number) {
  const rng = createRng(seed * 7_919 + i * 104_729 + 17);
  const mm = rng.range(...STRETCH_MM) * (rng.chance(0.5) ? 1 : -1);
  return { mm, along: rng.chance(0.5) ? ('y' as const) : ('x' as const) };
}

/** Generates sheet `i` of a set and writes `<dir>/<name>.jpg` and `.json` (truth). */
export default async function generate(job: {
  dir: string;
  difficulty: Difficulty;
  seed: number;
  i: number;
  /**
   * `turned`: the location-area cards fed upside down or at 270° (issue 28); `phone`: the quiz card
   * photographed with a phone (issue 33); `streaked`: scanned through a dirty glass, the same lines down every
   * page of each stretch of PAGES_PER_GLASS (scan-sim dirty-glass.ts); `folded`: a corner of each sheet folded
   * over before scanning (scan-sim dog-ear.ts); `brackets`: the card printed with [A] brackets instead of
   * outlines, whose backs (symmetric anchors, no QR) the trust gate must still tell the way up of; `black`:
   * the folded set's sheets scanned on a black backing plate (black round each skewed sheet and where its corner
   * is gone); `edges`: a corner folded so that its flap reaches only one to three fields (scan-sim
   * drawEdgeDogEar), its edge across a few bubbles; `dithered`: scanned 1-bit dithered (PNG bytes under the
   * .jpg name); `ringed`: one answer in ten ringed instead of filled (RINGED); `ticked`: one in ten ticked
   * after the option instead of filled (TICKED); `tickedTF`: every 判断 answer ticked after its option
   * (judgedTicked), the rest typical; `through`: light-pencil sheets on thin paper, the other side
   * of each sheet showing through (THROUGH); `stretched`: the layout stretched unevenly (STRETCH_MM);
   * `numberTable`: the exam number in a tight ruled table, as OMRChecker's sample6 prints it (numberTableCard);
   * else the typical card.
   */
  set?: string;
}): Promise<string> {
  if (job.set === 'turned' || job.set === 'phone') {
    const s =
      job.set === 'turned'
        ? await generateTurned(job.i, { seed: job.seed, difficulty: job.difficulty, dpi: 200 })
        : await generatePhoto(job.i, { seed: job.seed, difficulty: job.difficulty });
    await mkdir(job.dir, { recursive: true });
    await writeFile(`${job.dir}/${s.name}.jpg`, s.jpeg);
    await writeFile(`${job.dir}/${s.name}.json`, JSON.stringify(s.truth));
    return `${job.dir}/${s.name}`;
  }
  // Same naming as generateSet: sets grow without regenerating the pages already there.
  const page = card.pages[job.i % card.pages.length]!.index;
  const known = `${job.dir}/${job.difficulty}-${String(job.i).padStart(5, '0')}-p${page + 1}`;
  if (existsSync(`${known}.jpg`) && existsSync(`${known}.json`)) return known;
  const streaks =
    job.set === 'streaked' ? dirtyGlass(job.seed, Math.floor(job.i / PAGES_PER_GLASS)) : undefined;
  const fold =
    job.set === 'folded' || job.set === 'black'
      ? drawDogEar(job.seed, job.i)
      : job.set === 'edges'
        ? drawEdgeDogEar(job.seed, job.i, card.pages[job.i % card.pages.length]!)
        : undefined;
  const s = await generateSet(job.set === 'numberTable' ? tableCard : card, job.i, {
    seed: job.seed,
    difficulty: job.difficulty,
    dpi: 200,
    streaks,
    fold,
    ...(job.set === 'brackets' ? { print: { bubbleShape: 'brackets' } as const } : {}),
    ...(job.set === 'numberTable' ? { print: { numberTable: true } } : {}),
    ...(job.set === 'black' ? { backing: BLACK_BACKING } : {}),
    ...(job.set === 'dithered' ? { bitonal: true } : {}),
    ...(job.set === 'ringed' ? { kinds: RINGED } : {}),
    ...(job.set === 'ticked' ? { kinds: TICKED } : {}),
    ...(job.set === 'tickedTF' ? { markAs: judgedTicked(job.i) } : {}),
    ...(job.set === 'through' ? { showThrough: THROUGH } : {}),
    ...(job.set === 'stretched' ? { stretch: stretchOf(job.seed, job.i) } : {}),
  });
  const base = `${job.dir}/${s.name}`;
  await mkdir(dirname(base), { recursive: true });
  await writeFile(`${base}.jpg`, s.jpeg);
  await writeFile(`${base}.json`, JSON.stringify(s.truth));
  return base;
}
