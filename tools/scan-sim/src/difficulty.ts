import type { MarkKind } from './marks';
import type { Rng } from './rng';
import type { ScanParams } from './scan';

/**
 * Simulation difficulty: how careless the students and how poor the scanner. `light`: typical scanning of
 * sheets marked with a light pencil (issue 28), many answers erased and filled again.
 */
export type Difficulty = 'clean' | 'typical' | 'hard' | 'light';

/** Student behaviour per difficulty. */
export interface StudentProfile {
  /** Weights of the mark kinds used for intended answers. */
  kinds: Partial<Record<MarkKind, number>>;
  darkness: [number, number];
  lightDarkness: [number, number];
  /** Chance per sheet of at least one erased answer, and the residue darkness. */
  erasure: number;
  residue: [number, number];
  strayMarks: [number, number];
  /** Chance per single-choice question of two marks (a legitimate exception). */
  doubleMark: number;
  blankAnswer: number;
  absent: number;
  missingAb: number;
  /**
   * A whole sheet in one light pencil: the sheet's grey level is drawn once per sheet from this range and
   * every mark is that level ±15 % (`darkness` and `lightDarkness` are then unused).
   */
  sheetLevel?: [number, number];
  /**
   * Share of answered fields erased and filled again (drawn per sheet): the erased mark leaves a smudge of
   * `residue` × the sheet's level on another bubble of the field (beside the real mark).
   */
  refill?: [number, number];
}

export const STUDENTS: Record<Difficulty, StudentProfile> = {
  clean: {
    kinds: { full: 1 },
    darkness: [0.6, 0.85],
    lightDarkness: [0.5, 0.6],
    erasure: 0,
    residue: [0, 0],
    strayMarks: [0, 0],
    doubleMark: 0,
    blankAnswer: 0.01,
    absent: 0,
    missingAb: 0,
  },
  typical: {
    kinds: { full: 0.88, partial: 0.06, offCentre: 0.04, light: 0.02 },
    darkness: [0.5, 0.85],
    lightDarkness: [0.4, 0.5],
    erasure: 0.1,
    residue: [0.03, 0.1],
    strayMarks: [0, 3],
    doubleMark: 0,
    blankAnswer: 0.02,
    absent: 0,
    missingAb: 0,
  },
  hard: {
    kinds: { full: 0.7, partial: 0.1, offCentre: 0.08, light: 0.06, tick: 0.03, cross: 0.03 },
    darkness: [0.4, 0.85],
    lightDarkness: [0.25, 0.4],
    erasure: 0.4,
    residue: [0.05, 0.3],
    strayMarks: [2, 10],
    doubleMark: 0.004,
    blankAnswer: 0.03,
    absent: 0.02,
    missingAb: 0.02,
  },
  light: {
    kinds: { full: 0.82, partial: 0.1, offCentre: 0.08 },
    darkness: [0, 0],
    lightDarkness: [0, 0],
    erasure: 0,
    // relative to the sheet's level: a smudge well under the real mark, never the mark's own grey
    residue: [0.08, 0.4],
    strayMarks: [0, 3],
    // two marks of the same grey on one single-choice question: a person decides
    doubleMark: 0.01,
    blankAnswer: 0.02,
    absent: 0,
    missingAb: 0,
    // mid grey: clearly darker than an empty bubble (≈0.05), lighter than a typical mark (0.5–0.85)
    sheetLevel: [0.2, 0.42],
    refill: [0.05, 0.3],
  },
};

/** Every difficulty, in the order of the table above (a new profile is listed by being written). */
export const DIFFICULTIES = Object.keys(STUDENTS) as Difficulty[];

/** Scanner parameters drawn for one sheet. `dpi` and `colour` can be forced (the bench uses 200 dpi grey). */
export function drawScan(rng: Rng, d: Difficulty, dpi: number): ScanParams & { dpi: number } {
  const k = dpi / 200;
  const hard = d === 'hard';
  // a light sheet goes through the typical scanner
  const typical = d === 'typical' || d === 'light';
  const skew = hard ? 5 : typical ? 2 : 0.5;
  const scale = hard ? 0.05 : typical ? 0.02 : 0.005;
  const shift = (hard ? 60 : typical ? 30 : 10) * k;
  const upside = hard ? 0.15 : typical ? 0.05 : 0;
  const quarter = hard ? 0.1 : 0;
  const feed = rng.chance(quarter) ? rng.pick([90, 270] as const) : rng.chance(upside) ? 180 : 0;
  return {
    dpi,
    feed,
    skewDeg: rng.range(-skew, skew),
    scale: 1 + rng.range(-scale, scale),
    shift: { x: rng.range(-shift, shift), y: rng.range(-shift, shift) },
    perspective: hard
      ? { x: rng.range(-0.004, 0.004), y: rng.range(-0.004, 0.004) }
      : typical
        ? { x: rng.range(-0.001, 0.001), y: rng.range(-0.001, 0.001) }
        : { x: 0, y: 0 },
    print: {
      dx: rng.range(-1, 1) * (hard ? 16 : typical ? 8 : 2) * k,
      dy: rng.range(-1, 1) * (hard ? 16 : typical ? 8 : 2) * k,
      sx: 1 + rng.range(-1, 1) * (hard ? 0.003 : typical ? 0.0015 : 0.0005),
      sy: 1 + rng.range(-1, 1) * (hard ? 0.006 : typical ? 0.003 : 0.001),
    },
    paper: hard ? rng.range(190, 245) : typical ? rng.range(215, 250) : rng.range(240, 252),
    lighting: hard ? rng.range(0, 0.2) : typical ? rng.range(0, 0.08) : 0,
    texture: hard ? 0.03 : typical ? 0.015 : 0.005,
    noise: hard ? rng.range(4, 10) : typical ? rng.range(2, 5) : 1.5,
    blur: hard ? rng.range(0, 1.5) : typical ? rng.range(0, 0.8) : 0,
    colour: hard ? rng.chance(0.3) : false,
    jpegQuality: Math.round(hard ? rng.range(50, 70) : typical ? rng.range(60, 90) : rng.range(85, 95)),
  };
}

/** Scan resolutions by difficulty when the caller does not force one. */
export function drawDpi(rng: Rng, d: Difficulty): number {
  if (d === 'clean') return 200;
  if (d === 'typical' || d === 'light') return rng.pick([200, 200, 200, 150, 300]);
  return rng.pick([150, 200, 300]);
}
