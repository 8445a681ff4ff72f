import type { CardTemplate } from '@yj/contracts';
import { randomAnswers } from './answers';
import type { Difficulty } from './difficulty';
import { createRng } from './rng';
import { simulateSheet, type SheetTruth, type SimulateOptions } from './simulate';

/** One simulated scan with its truth. */
export interface GeneratedSheet {
  name: string;
  jpeg: Buffer;
  truth: SheetTruth;
}

/**
 * The seeds of a student's page in a set (`base`: the set's seed and the student): its answers' draws and its
 * simulated scan's. One place, so the page seen through from behind holds what its own sheet holds.
 */
const pageSeeds = (base: number, pageIndex: number) => ({
  answers: base + pageIndex * 31 + 1,
  scan: base + pageIndex * 17 + 3,
});

/**
 * The other side of the sheet that page `at` of the card is printed on, with the answers and the seed that its own
 * sheet of the set takes, so what shows through is what that side holds.
 */
function otherSide(
  card: CardTemplate,
  at: number,
  base: number,
  difficulty: Difficulty,
  examNumber: string,
  share: [number, number],
): SimulateOptions['behind'] {
  const other = card.pages[at ^ 1];
  if (!other) return undefined;
  const rng = createRng(base + other.index * 41 + 7);
  return {
    pageIndex: other.index,
    answers: randomAnswers(other, createRng(pageSeeds(base, other.index).answers), difficulty, examNumber),
    seed: pageSeeds(base, other.index).scan,
    through: { turn: rng.chance(0.5) ? 'book' : 'calendar', share: rng.range(...share) },
  };
}

/**
 * Sheet `i` of a deterministic set: students take turns, each filling every page of the card with one
 * exam number, so page 1 and page 2 of a student share it. With `examNumbers` (an exam's examinees) student k
 * fills the k-th of them, in turn, so the sheets match real examinees; otherwise the numbers are made up.
 */
export async function generateSet(
  card: CardTemplate,
  i: number,
  opts: {
    seed: number;
    difficulty: Difficulty;
    dpi?: number;
    colour?: boolean;
    blankRate?: number;
    examNumbers?: readonly string[];
    /** lines down the page from a dirty scanner glass (dirty-glass.ts) */
    streaks?: SimulateOptions['streaks'];
    /** a corner folded over before scanning (dog-ear.ts) */
    fold?: SimulateOptions['fold'];
    /** how the card is printed (card-svg.ts): brackets [A] instead of outlines, grey anchors… */
    print?: SimulateOptions['print'];
    /** the scanner's backing where no paper lies (scan.ts): black on many sheet-fed scanners */
    backing?: SimulateOptions['backing'];
    /** a 1-bit dithered scan (scan.ts): `jpeg` then holds PNG bytes */
    bitonal?: boolean;
    /** how answers are marked, in place of the difficulty's weights (simulate.ts) */
    kinds?: SimulateOptions['kinds'];
    /** how the answers of the questions named are marked, whatever the weights say (simulate.ts) */
    markAs?: SimulateOptions['markAs'];
    /**
     * thin paper: the other side of each sheet (pages 1–2, 3–4 …) shows through, by a share drawn from this
     * range, the sheet turned over either way (show-through.ts)
     */
    showThrough?: [number, number];
    /** the layout stretched unevenly, down or across the sheet (stretch.ts) */
    stretch?: SimulateOptions['stretch'];
  },
): Promise<GeneratedSheet> {
  const pages = card.pages.length;
  const student = Math.floor(i / pages);
  const pageIndex = card.pages[i % pages]!.index;
  const base = opts.seed * 1_000_003 + student * 7919;
  const rng = createRng(pageSeeds(base, pageIndex).answers);
  const examNumber = opts.examNumbers?.length
    ? opts.examNumbers[student % opts.examNumbers.length]!
    : String(10_000_000 + (((base * 2654435761) >>> 0) % 89_999_999)).slice(0, 8);
  const answers = randomAnswers(card.pages[i % pages]!, rng, opts.difficulty, examNumber);
  const behind = opts.showThrough
    ? otherSide(card, i % pages, base, opts.difficulty, examNumber, opts.showThrough)
    : undefined;
  const sim = await simulateSheet(card, pageIndex, answers, {
    seed: pageSeeds(base, pageIndex).scan,
    difficulty: opts.difficulty,
    ...(opts.dpi !== undefined ? { dpi: opts.dpi } : {}),
    ...(opts.colour !== undefined ? { colour: opts.colour } : {}),
    ...(opts.streaks ? { streaks: opts.streaks } : {}),
    ...(opts.fold ? { fold: opts.fold } : {}),
    ...(opts.print ? { print: opts.print } : {}),
    ...(opts.backing !== undefined ? { backing: opts.backing } : {}),
    ...(opts.bitonal ? { bitonal: true } : {}),
    ...(opts.kinds ? { kinds: opts.kinds } : {}),
    ...(opts.markAs ? { markAs: opts.markAs } : {}),
    ...(behind ? { behind } : {}),
    ...(opts.stretch ? { stretch: opts.stretch } : {}),
    // A blank back: duplex scanning of a one-sided sheet.
    blank: opts.blankRate !== undefined && createRng(base + pageIndex * 13 + 5).chance(opts.blankRate),
  });
  return { name: `${opts.difficulty}-${String(i).padStart(5, '0')}-p${pageIndex + 1}`, ...sim };
}
