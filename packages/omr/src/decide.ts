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

// Erasure residue: a faint bubble beside a clear mark of its field counts as empty when its darkness above the
// empty level is under RESIDUE_SHARE of the weakest clear mark's…
const RESIDUE_SHARE = 0.35;
// …never above this darkness over the empty level…
const RESIDUE_MAX = 0.22;
// …and only when diffuse: a tick or cross leaves pencil lines whose darkest tenth is far darker than a
// rubbed-out smear (printed labels stay under about 0.45).
const RESIDUE_CORE_MAX = 0.5;
// On a sheet calibrated to its own light marks (calibrate.ts), a question taking one answer counts a faint
// bubble as empty up to CLEAR_SHARE of its clear mark and of the sheet's mark level (never above RESIDUE_MAX,
// so a half-dark bubble beside a typical dark mark stays a person's call): a person reads the one
// bubble twice as dark as any other at a glance, and a second real mark in the sheet's grey is about as dark
// as the first (both filled: 多涂, an exception). A 多选 keeps RESIDUE_SHARE: a lighter second answer is
// legitimate there, so a half-dark bubble beside a mark stays a person's call, never read either way.
const CLEAR_SHARE = 0.5;

/** States of a field's bubbles under the page thresholds. */
export function statesOf(
  fills: number[],
  t: Thresholds,
  cores?: number[],
  mode: 'single' | 'multi' = 'multi',
): BubbleState[] {
  const states: BubbleState[] = fills.map((f) =>
    f >= t.filled ? 'filled' : f <= t.empty ? 'empty' : 'uncertain',
  );
  const ref = residueLimit(fills, states, t, mode);
  const diffuse = (i: number) => (cores?.[i] ?? 0) < RESIDUE_CORE_MAX;
  return ref === null
    ? states
    : states.map((s, i) => (s === 'uncertain' && fills[i]! <= ref && diffuse(i) ? 'empty' : s));
}

// With a clear mark in the field, the darkness up to which a faint bubble counts as empty (see RESIDUE_SHARE).
function residueLimit(
  fills: number[],
  states: BubbleState[],
  t: Thresholds,
  mode: 'single' | 'multi',
): number | null {
  if (t.base === undefined) return null;
  const clear = fills.filter((_, i) => states[i] === 'filled');
  if (clear.length === 0) return null;
  const weakest = Math.min(...clear) - t.base;
  const limit = Math.min(RESIDUE_MAX, RESIDUE_SHARE * weakest);
  if (t.markLevel === undefined || mode !== 'single' || clear.length > 1) return t.base + limit;
  const clearLimit = Math.min(RESIDUE_MAX, CLEAR_SHARE * Math.min(weakest, t.markLevel - t.base));
  return t.base + Math.max(limit, clearLimit);
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
  const states = statesOf(fills, t, cores, mode);
  const limit = residueLimit(fills, states, t, mode);
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
