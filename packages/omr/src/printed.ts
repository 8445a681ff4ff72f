import type { BubbleMeasure } from './bubbles';
import type { Field } from './fields';

// Letters printed inside bubbles (third-party sheets): an empty bubble reads 0.2–0.4, as dark as a light
// pencil mark on a plain bubble, so one page-wide threshold cannot split them. Every sheet prints the same
// letter in the same bubbles, though: the bubbles of one label share the letter's darkness. That level is
// taken from the page itself (the label's plainest bubbles) or from the printed blank (the template
// picture), and each fill is read as the pencil added on top of it.

/** Darkness of the print inside each bubble of a field, above the page's plainest bubbles (0 = none). */
export type PrintedLift = Map<Field, number[]>;

// A label's level is trusted from the page when it has this many bubbles…
const MIN_GROUP = 8;
// …and a cluster of them (empties) sits within this of its lower quartile.
const CLUSTER = 0.05;
// Below this median lift the print inside bubbles is plain (our own cards): nothing is corrected.
const LETTERED = 0.05;

const quantile = (v: number[], q: number) => {
  const s = [...v].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor(q * s.length))] ?? 0;
};

const groupKey = (f: Field, i: number) => {
  const b = f.bubbles[i]!;
  return `${b.label}|${Math.round(b.rect.w)}x${Math.round(b.rect.h)}`;
};

/**
 * Lift of every bubble, or null when the page's bubbles are plain. `blank`: fills of the same fields
 * measured on the printed blank, used for labels too rare on the page to show their own level.
 */
export function printedLift(
  fields: Field[],
  measures: Map<Field, BubbleMeasure[]>,
  blank?: Map<Field, number[]>,
): { lift: PrintedLift; base: number } | null {
  const all = fields.flatMap((f) => (measures.get(f) ?? []).map((m) => m.fill));
  if (all.length === 0) return null;
  const base = quantile(all, 0.1);
  const groups = new Map<string, number[]>();
  for (const f of fields)
    (measures.get(f) ?? []).forEach((m, i) => {
      const k = groupKey(f, i);
      const g = groups.get(k);
      if (g) g.push(m.fill);
      else groups.set(k, [m.fill]);
    });
  const own = new Map<string, number>();
  for (const [k, v] of groups) {
    if (v.length < MIN_GROUP) continue;
    const level = quantile(v, 0.25);
    const near = v.filter((x) => Math.abs(x - level) <= CLUSTER).length;
    if (near >= v.length * 0.4) own.set(k, Math.max(0, level - base));
  }
  const blankAll = blank ? [...blank.values()].flat() : [];
  const blankBase = blankAll.length > 0 ? quantile(blankAll, 0.1) : 0;
  const typical =
    own.size > 0
      ? quantile([...own.values()], 0.5)
      : blankAll.length
        ? quantile(blankAll, 0.5) - blankBase
        : 0;
  // Plain bubbles, or one label standing out alone (a student who marked the same letter everywhere).
  if (typical < LETTERED) return null;
  // A letter is never much darker than the others; a label that seems to be is read uncorrected beyond that.
  const cap = typical * 2 + 0.02;
  const lightest = new Map<string, number>();
  for (const [k, v] of groups) lightest.set(k, Math.min(...v));
  const lift: PrintedLift = new Map();
  for (const f of fields) {
    const b = blank?.get(f);
    lift.set(
      f,
      f.bubbles.map((_, i) => {
        const mine = own.get(groupKey(f, i));
        if (mine !== undefined) return Math.min(cap, mine);
        // The blank carries no pencil: its letters are taken as printed, without the cap.
        if (b?.[i] !== undefined) return Math.max(0, b[i]! - blankBase);
        // A rare label without a blank to look at: the typical letter, never more than its lightest bubble
        // on the page shows (that one is most likely empty).
        return Math.max(0, Math.min(typical, lightest.get(groupKey(f, i))! - base));
      }),
    );
  }
  return { lift, base };
}

/**
 * The fill with the print taken out: the pencil's darkness over the part the letter leaves uncovered,
 * put back on the page's plain empty level (the letter's ink hides whatever pencil lies on it).
 */
export function withoutPrint(fill: number, lift: number, base: number): number {
  if (lift <= 0) return fill;
  const letter = Math.min(0.95, base + lift);
  return Math.max(0, base + ((fill - letter) * (1 - base)) / (1 - letter));
}
