import type { BubbleState, FieldReading, Thresholds } from './types';

// Fixed fallback when the sheet shows no clear gap (e.g. nothing filled yet, or everything faint).
const FIXED_EMPTY = 0.2;
const FIXED_FILLED = 0.42;
const FILLED_MIN = 0.38;
// A gap narrower than this between the empty and filled groups is not trusted.
const MIN_GAP = 0.12;

function median(v: number[]): number {
  const s = [...v].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)] ?? 0;
}

/**
 * Page thresholds from all fill values: the largest gap between sorted values splits empty from filled;
 * the band between "clearly empty" (the empty group's own spread) and "clearly filled" is uncertain.
 */
export function pageThresholds(values: number[]): Thresholds {
  const s = [...values].sort((a, b) => a - b);
  let gapLo = -1;
  let gapHi = -1;
  for (let i = 1; i < s.length; i++) {
    const lo = s[i - 1]!;
    const hi = s[i]!;
    const mid = (lo + hi) / 2;
    if (mid < 0.22 || mid > 0.7) continue;
    if (hi - lo > gapHi - gapLo) {
      gapLo = lo;
      gapHi = hi;
    }
  }
  if (gapHi - gapLo < MIN_GAP)
    return {
      empty: FIXED_EMPTY,
      filled: FIXED_FILLED,
      adaptive: false,
      base: median(s.filter((v) => v <= FIXED_EMPTY)),
    };
  const mid = (gapLo + gapHi) / 2;
  const empties = s.filter((v) => v < mid);
  const med = median(empties);
  const mad = median(empties.map((v) => Math.abs(v - med))) * 1.4826;
  // Clearly empty: within the empty group's own spread (never above the gap's lower third).
  const empty = Math.min(
    mid - (gapHi - gapLo) * 0.2,
    Math.max(med + Math.max(6 * mad, 0.07), FIXED_EMPTY * 0.75),
  );
  // Clearly filled: beyond the gap's middle by a safety margin, and never lighter than a light but deliberate
  // fill. Heavy erasure residue reaches about 0.35 on a poor sheet: below this it is a person's call.
  const filled = Math.max(mid + (gapHi - gapLo) * 0.1, FILLED_MIN, med + 0.25, empty + 0.1);
  return { empty, filled, adaptive: true, base: med };
}

const RESIDUE_SHARE = 0.35;
// …never above this darkness over the empty level…
const RESIDUE_MAX = 0.22;
// …and only when diffuse: a tick or cross leaves pencil lines whose darkest tenth is far darker than a
// rubbed-out smear (printed labels stay under about 0.45).
const RESIDUE_CORE_MAX = 0.5;

/** States of a field's bubbles under the page thresholds. */
export function statesOf(fills: number[], t: Thresholds, cores?: number[]): BubbleState[] {
  const states: BubbleState[] = fills.map((f) =>
    f >= t.filled ? 'filled' : f <= t.empty ? 'empty' : 'uncertain',
  );
  const ref = residueLimit(fills, states, t);
  const diffuse = (i: number) => (cores?.[i] ?? 0) < RESIDUE_CORE_MAX;
  return ref === null
    ? states
    : states.map((s, i) => (s === 'uncertain' && fills[i]! <= ref && diffuse(i) ? 'empty' : s));
}

// With a clear mark in the field, a faint one (erasure residue) counts as empty when its darkness above the
// empty level is under RESIDUE_SHARE of the weakest clear mark's.
function residueLimit(fills: number[], states: BubbleState[], t: Thresholds): number | null {
  if (t.base === undefined) return null;
  const clear = fills.filter((_, i) => states[i] === 'filled');
  if (clear.length === 0) return null;
  return t.base + Math.min(RESIDUE_MAX, RESIDUE_SHARE * (Math.min(...clear) - t.base));
}

/** Decides a field. Single-choice fields need exactly one filled bubble; `allowNone` accepts a blank answer. */
export function decideField(
  name: string,
  labels: string[],
  fills: number[],
  t: Thresholds,
  mode: 'single' | 'multi',
  cores?: number[],
): FieldReading {
  const states = statesOf(fills, t, cores);
  const limit = residueLimit(fills, states, t);
  const band = Math.max(0.01, t.filled - t.empty);
  const margin = fills.map((f, i) => {
    if (states[i] === 'filled') return (f - t.filled) / band;
    if (states[i] === 'uncertain') return 0;
    if (f <= t.empty) return (t.empty - f) / band;
    return ((limit ?? f) - f) / band;
  });
  const confidence = Math.min(1, ...margin);
  const chosen = labels.filter((_, i) => states[i] === 'filled');
  const undecided = states.includes('uncertain') || (mode === 'single' && chosen.length > 1);
  return {
    name,
    labels,
    fills,
    cores: cores ?? [],
    states,
    value: undecided ? null : chosen,
    confidence: Math.max(0, confidence),
  };
}
