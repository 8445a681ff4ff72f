/**
 * 考号填错 within one room (DESIGN.md §4, "A sheet out of its seat"): a student who fills one digit of the seat
 * part wrong gets a roommate's number. The room-order check (room-order.ts) cannot see it, and when that roommate
 * is absent nothing collides: the sheet's marks would be counted for the absent student while its writer shows as
 * not scanned. Sheets are collected seat by seat, so such a sheet breaks its room's run of numbers: the sheets
 * before and after it are in order, and it is not between them. Pure: a batch's sheets in, the ones whose place
 * is worth a look out; the caller then asks whether a student without a sheet sits in that place, one slip of the
 * pencil away from the number read (`oneSlipApart`), and raises only then.
 */

/** One recognised sheet of a batch, in scan order. */
export interface SeatSheet {
  paperId: number;
  /** its examinee's exam number: null where the sheet has no examinee */
  kaohao: string | null;
  /** its examinee's room (or class): null where the examinee has none */
  room: string | null;
  /** a person gave the sheet its examinee (a settled 考号 exception): context, never raised */
  trusted: boolean;
  /** already raised for this, or its exam number already waits on a person: not raised again */
  raised: boolean;
}

export interface SeatOutlier {
  paperId: number;
  kaohao: string;
  /** the numbers of the sheets either side of it, in scan order: the place it was found in */
  before: string;
  after: string;
}

/** Fewer sheets than this in a room's run and it says nothing of its order. */
export const MIN_RUN = 10;
/** At most one sheet out of place in this many: more, and the run is not in seat order. */
export const SHEETS_PER_OUTLIER = 20;

/** Exam numbers in order: a shorter one first, then digit by digit. */
export const compareKaohao = (a: string, b: string): number =>
  a.length - b.length || (a < b ? -1 : a > b ? 1 : 0);

/**
 * Whether `b` is `a` with one slip of the pencil: one digit filled in the wrong row, or two neighbouring digits
 * filled in each other's column.
 */
export function oneSlipApart(a: string, b: string): boolean {
  if (a.length !== b.length || a === b) return false;
  const diff: number[] = [];
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) diff.push(i);
  if (diff.length === 1) return true;
  const [i, j] = diff;
  return diff.length === 2 && j === i! + 1 && a[i!] === b[j] && a[j] === b[i!];
}

/**
 * The sheets of a batch that break their room's seat order. Each room's run (sheets of one room together, in
 * scan order; sheets without a number or room passed over) is judged alone, ascending or descending as most of
 * its neighbours run: a run counts as in seat order when, its out-of-place sheets set aside, every number follows
 * the one before it, and those sheets are at most one in SHEETS_PER_OUTLIER. A sheet is out of place when the
 * numbers either side of it are in order and it is not between them; a run's first and last sheets are not judged.
 */
export function seatOutliers(sheets: readonly SeatSheet[]): SeatOutlier[] {
  const s = sheets.filter((x): x is SeatSheet & { kaohao: string; room: string } => !!x.kaohao && !!x.room);
  const out: SeatOutlier[] = [];
  for (let start = 0; start < s.length;) {
    let end = start;
    while (end < s.length && s[end]!.room === s[start]!.room) end++;
    out.push(...inRun(s.slice(start, end)));
    start = end;
  }
  return out;
}

function inRun(run: ReadonlyArray<SeatSheet & { kaohao: string }>): SeatOutlier[] {
  if (run.length < MIN_RUN) return [];
  let up = 0;
  for (let i = 1; i < run.length; i++)
    up += Math.sign(compareKaohao(run[i - 1]!.kaohao, run[i]!.kaohao)) < 0 ? 1 : -1;
  const dir = up >= 0 ? 1 : -1;
  /** a before b in the run's direction */
  const before = (a: string, b: string) => dir * compareKaohao(a, b) < 0;
  const lone = new Set<number>();
  for (let i = 1; i + 1 < run.length; i++) {
    const [a, x, b] = [run[i - 1]!.kaohao, run[i]!.kaohao, run[i + 1]!.kaohao];
    if (before(a, b) && !(before(a, x) && before(x, b))) lone.add(i);
  }
  if (!lone.size || lone.size > Math.max(1, Math.floor(run.length / SHEETS_PER_OUTLIER))) return [];
  const rest = run.filter((_, i) => !lone.has(i));
  if (rest.some((x, i) => i > 0 && !before(rest[i - 1]!.kaohao, x.kaohao))) return [];
  return [...lone]
    .filter((i) => !run[i]!.trusted && !run[i]!.raised)
    .map((i) => ({
      paperId: run[i]!.paperId,
      kaohao: run[i]!.kaohao,
      before: run[i - 1]!.kaohao,
      after: run[i + 1]!.kaohao,
    }));
}
