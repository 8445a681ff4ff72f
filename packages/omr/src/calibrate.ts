import type { Thresholds } from './types';

// Sheets filled with a light pencil, or erased and marked again (issue 28): every mark a mid grey, clearly
// darker than an empty bubble and lighter than a typical mark. Page thresholds made for typical marks call
// each of them unclear. What a real sheet obeys instead: one student marks a sheet with one pencil and one
// hand, so the marks they mean share a grey level, and the empty bubbles share the paper's. Where nearly
// every question has one bubble standing clear of its others, that bubble's grey is the sheet's own mark
// level; a bubble reaching MARK_SHARE of the way from this sheet's paper to its mark level is a mark, one
// under EMPTY_SHARE of the way is paper or what erasing leaves (rubbing lifts most of the graphite: the
// smudge keeps well under half of a mark's grey), and between the two a person decides.

/** Share of the way from the sheet's paper to its mark level from which a bubble is a mark. */
const MARK_SHARE = 0.6;
/** Share of the way under which a bubble is paper or an erased smudge. */
const EMPTY_SHARE = 0.35;
/**
 * A question's darkest bubble stands clear of its others when the next darkest holds at most this share of
 * its darkness above the paper (an erased smudge beside it does; a second real mark does not).
 */
const CLEAR_SHARE = 0.5;
/** Darkness above the paper a mark level must reach to be trusted: a mid grey, well above print and grain. */
const MIN_LEVEL = 0.12;
/** Questions that must stand clear before a sheet's own mark level is taken. */
const MIN_CLEAR = 3;
/**
 * Empty bubbles' own spread (scaled median absolute deviation, a standard deviation for grain and print) the
 * empty limit must clear: three of them hold all but a few in a thousand empty bubbles.
 */
const SPREAD = 3;

function median(v: number[]): number {
  const s = [...v].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)] ?? 0;
}

/** The sheet's paper level, mark level and the spread of its empty bubbles, from every field's fills. */
export function sheetLevels(fields: number[][]): {
  paper: number;
  mark: number;
  spread: number;
  clear: number;
} {
  // Every bubble but its field's darkest is, on nearly every sheet, empty: their median is the paper.
  const rest = fields.flatMap((f) => {
    if (f.length < 2) return [];
    const top = f.indexOf(Math.max(...f));
    return f.filter((_, i) => i !== top);
  });
  const paper = median(rest);
  const spread = median(rest.map((v) => Math.abs(v - paper))) * 1.4826;
  const tops: number[] = [];
  for (const f of fields) {
    if (f.length < 2) continue;
    const [d1, d2] = [...f].sort((a, b) => b - a).map((v) => v - paper) as [number, number];
    if (d1 >= MIN_LEVEL && d2 <= CLEAR_SHARE * d1) tops.push(d1);
  }
  return { paper, mark: paper + median(tops), spread, clear: tops.length };
}

/**
 * Page thresholds lowered to the sheet's own marks when they are lighter than typical ones (see above);
 * returned unchanged on a sheet whose marks the page thresholds already read, or with too few clear marks.
 */
export function calibrateToSheet(t: Thresholds, fields: number[][]): Thresholds {
  const { paper, mark, spread, clear } = sheetLevels(fields);
  const level = mark - paper;
  if (clear < MIN_CLEAR || level < MIN_LEVEL) return t;
  const filled = paper + MARK_SHARE * level;
  const empty = paper + EMPTY_SHARE * level;
  // Only a sheet lighter than typical is recalibrated, and never so far that the empty limit falls
  // inside the empty bubbles' own spread.
  if (filled >= t.filled || empty < paper + Math.max(SPREAD * spread, 0.03)) return t;
  return { empty: Math.min(t.empty, empty), filled, adaptive: true, base: paper, markLevel: mark };
}
