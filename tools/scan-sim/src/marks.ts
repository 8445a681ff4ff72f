import type { TemplateRect } from '@yj/contracts';
import type { Raster } from './raster';
import type { Rng } from './rng';

// Pencil and pen on paper, drawn onto the printed page raster. Marks multiply the existing grey
// (graphite over print), with grain so fills are not flat.

/**
 * How a student marked a bubble. `residue` is an erased mark; `circle` is an option ringed (圈选) instead of
 * filled, as on a paper test: a line round the bubble, little of it inside; `beside` is a tick (打勾) after the
 * option instead of a fill, in the paper between it and the next, touching the bubble's print at most.
 */
export type MarkKind =
  'full' | 'partial' | 'light' | 'offCentre' | 'tick' | 'cross' | 'circle' | 'beside' | 'residue';

function darken(r: Raster, x: number, y: number, d: number): void {
  if (x < 0 || y < 0 || x >= r.width || y >= r.height) return;
  const i = y * r.width + x;
  r.data[i] = Math.round(r.data[i]! * (1 - Math.max(0, Math.min(0.97, d))));
}

/** A filled ellipse of graphite with grain; `d` is the mean darkness 0..1. */
export function ellipse(
  r: Raster,
  rng: Rng,
  cx: number,
  cy: number,
  rx: number,
  ry: number,
  d: number,
): void {
  const x0 = Math.floor(cx - rx - 1);
  const x1 = Math.ceil(cx + rx + 1);
  const y0 = Math.floor(cy - ry - 1);
  const y1 = Math.ceil(cy + ry + 1);
  // Pencil strokes run roughly horizontally: grain varies per row more than per pixel.
  for (let y = y0; y <= y1; y++) {
    const rowGrain = 1 + 0.12 * rng.normal();
    for (let x = x0; x <= x1; x++) {
      const e = ((x + 0.5 - cx) / rx) ** 2 + ((y + 0.5 - cy) / ry) ** 2;
      if (e > 1.15) continue;
      const edge = e > 0.85 ? (1.15 - e) / 0.3 : 1;
      darken(r, x, y, d * edge * rowGrain * (1 + 0.1 * rng.normal()));
    }
  }
}

/** A stroke of width `w` px through the points (pen or pencil). */
export function stroke(r: Raster, pts: { x: number; y: number }[], w: number, d: number): void {
  const rad = w / 2;
  for (let i = 1; i < pts.length; i++) {
    const a = pts[i - 1]!;
    const b = pts[i]!;
    const len = Math.hypot(b.x - a.x, b.y - a.y);
    const x0 = Math.floor(Math.min(a.x, b.x) - rad - 1);
    const x1 = Math.ceil(Math.max(a.x, b.x) + rad + 1);
    const y0 = Math.floor(Math.min(a.y, b.y) - rad - 1);
    const y1 = Math.ceil(Math.max(a.y, b.y) + rad + 1);
    for (let y = y0; y <= y1; y++) {
      for (let x = x0; x <= x1; x++) {
        const px = x + 0.5;
        const py = y + 0.5;
        const t =
          len > 0
            ? Math.max(0, Math.min(1, ((px - a.x) * (b.x - a.x) + (py - a.y) * (b.y - a.y)) / (len * len)))
            : 0;
        const dist = Math.hypot(px - (a.x + t * (b.x - a.x)), py - (a.y + t * (b.y - a.y)));
        if (dist > rad + 0.5) continue;
        const cover = Math.min(1, rad + 0.5 - dist);
        const i = y * r.width + x;
        if (x < 0 || y < 0 || x >= r.width || y >= r.height) continue;
        r.data[i] = Math.round(r.data[i]! * (1 - d * cover));
      }
    }
  }
}

/** Marks one bubble (template rect, scaled by k to page px) the way `kind` says, with darkness `d`. */
export function markBubble(
  r: Raster,
  rng: Rng,
  rect: TemplateRect,
  k: number,
  kind: MarkKind,
  d: number,
): void {
  const cx = (rect.x + rect.w / 2) * k;
  const cy = (rect.y + rect.h / 2) * k;
  const rx = (rect.w / 2) * k;
  const ry = (rect.h / 2) * k;
  switch (kind) {
    case 'full':
      ellipse(
        r,
        rng,
        cx + rng.range(-0.05, 0.05) * rx,
        cy + rng.range(-0.08, 0.08) * ry,
        rx * rng.range(1.0, 1.15),
        ry * rng.range(1.0, 1.2),
        d,
      );
      return;
    case 'light':
      ellipse(r, rng, cx, cy, rx * 1.05, ry * 1.1, d);
      return;
    case 'partial':
      ellipse(r, rng, cx, cy, rx * rng.range(0.78, 0.92), ry * rng.range(0.8, 0.95), d);
      return;
    case 'offCentre':
      ellipse(
        r,
        rng,
        cx + rng.pick([-1, 1]) * rng.range(0.15, 0.25) * rx,
        cy + rng.range(-0.2, 0.2) * ry,
        rx,
        ry * 1.05,
        d,
      );
      return;
    case 'residue':
      ellipse(
        r,
        rng,
        cx + rng.range(-0.1, 0.1) * rx,
        cy,
        rx * rng.range(0.95, 1.2),
        ry * rng.range(1.0, 1.3),
        d,
      );
      return;
    // Ticks and crosses are pressed harder than fills: a pencil line, not shading.
    case 'tick':
      tick(r, cx, cy, rx, ry, 3.2 * k, Math.max(d, 0.75));
      return;
    case 'beside': {
      // its centre 0.7–1.0 of the bubble's width to the right of the bubble's centre, a little up or down
      const by = cy + rng.range(-0.3, 0.3) * ry;
      tick(
        r,
        cx + rx * 2 * rng.range(0.7, 1.0),
        by,
        rx,
        ry * rng.range(0.9, 1.2),
        3.2 * k,
        Math.max(d, 0.75),
      );
      return;
    }
    case 'cross':
      stroke(
        r,
        [
          { x: cx - rx * 0.8, y: cy - ry * 0.9 },
          { x: cx + rx * 0.8, y: cy + ry * 0.9 },
        ],
        3.2 * k,
        Math.max(d, 0.75),
      );
      stroke(
        r,
        [
          { x: cx + rx * 0.8, y: cy - ry * 0.9 },
          { x: cx - rx * 0.8, y: cy + ry * 0.9 },
        ],
        3.2 * k,
        Math.max(d, 0.75),
      );
      return;
    case 'circle':
      ring(r, rng, { cx, cy, rx, ry }, 2.6 * k, Math.max(d, 0.7));
      return;
  }
}

/** A tick (√) the size of a bubble centred on (cx, cy): a short stroke down, a long one up to the right. */
function tick(r: Raster, cx: number, cy: number, rx: number, ry: number, w: number, d: number): void {
  stroke(
    r,
    [
      { x: cx - rx * 0.7, y: cy },
      { x: cx - rx * 0.2, y: cy + ry * 0.8 },
      { x: cx + rx * 0.8, y: cy - ry * 1.1 },
    ],
    w,
    d,
  );
}

/**
 * A hand-drawn ring round a bubble: wider than the bubble, a little tilted and wobbling, its ends not quite
 * meeting or running past each other, as a ring drawn in one stroke is.
 */
function ring(
  r: Raster,
  rng: Rng,
  bubble: { cx: number; cy: number; rx: number; ry: number },
  w: number,
  d: number,
): void {
  const { cx, cy, rx, ry } = bubble;
  // from a ring hugging the print to a loose one round the letter as well
  const ax = rx * rng.range(1.2, 2.2);
  const ay = ry * rng.range(1.35, 2.0);
  const tilt = rng.range(-0.15, 0.15);
  const start = rng.range(0, 2 * Math.PI);
  const sweep = 2 * Math.PI + rng.range(-0.35, 0.5);
  const ox = cx + rng.range(-0.1, 0.1) * rx;
  const oy = cy + rng.range(-0.1, 0.1) * ry;
  const pts: { x: number; y: number }[] = [];
  const n = 40;
  for (let i = 0; i <= n; i++) {
    const t = start + (sweep * i) / n;
    const wobble = 1 + 0.06 * Math.sin(3 * t + start) + 0.02 * rng.normal();
    const x = ax * wobble * Math.cos(t);
    const y = ay * wobble * Math.sin(t);
    pts.push({
      x: ox + x * Math.cos(tilt) - y * Math.sin(tilt),
      y: oy + x * Math.sin(tilt) + y * Math.cos(tilt),
    });
  }
  stroke(r, pts, w, d);
}

/** Handwriting-like pen scribbles filling the upper part of a subjective box. */
export function scribble(r: Raster, rng: Rng, rect: TemplateRect, k: number, topSkip: number): void {
  const lines = rng.int(2, Math.max(2, Math.floor((rect.h - topSkip) / 60)));
  const d = rng.range(0.6, 0.85);
  for (let l = 0; l < lines; l++) {
    const y = (rect.y + topSkip + 30 + l * 55) * k;
    let x = (rect.x + 30) * k;
    const end = (rect.x + rect.w - 40) * k * rng.range(0.6, 1);
    while (x < end) {
      const pts = [];
      const cw = rng.range(14, 24) * k;
      for (let j = 0; j < 6; j++)
        pts.push({ x: x + (j / 5) * cw + rng.range(-2, 2) * k, y: y + rng.range(-12, 12) * k });
      stroke(r, pts, 2 * k, d);
      x += cw + rng.range(4, 10) * k;
    }
  }
}

/** A stray pencil line or dot somewhere on the page. */
export function strayMark(r: Raster, rng: Rng, area: TemplateRect, k: number): void {
  const x = (area.x + rng.range(0, area.w)) * k;
  const y = (area.y + rng.range(0, area.h)) * k;
  if (rng.chance(0.5)) {
    ellipse(r, rng, x, y, rng.range(1.5, 4) * k, rng.range(1.5, 4) * k, rng.range(0.3, 0.7));
    return;
  }
  const len = rng.range(15, 60) * k;
  const a = rng.range(0, Math.PI);
  stroke(
    r,
    [
      { x, y },
      { x: x + Math.cos(a) * len, y: y + Math.sin(a) * len },
    ],
    rng.range(1.2, 2.5) * k,
    rng.range(0.3, 0.6),
  );
}

/**
 * What is written in a subjective box, for tests of blank detection and answer grouping: `blank` nothing,
 * `strokes` two or three short pen strokes, `full` lines of handwriting, `faint` lines in a light pencil,
 * `answer` a short answer whose strokes depend only on `text` (two sheets with the same text carry the same
 * shape, placed with a small jitter: a fill-in blank answered alike).
 */
export type SubjectiveInk =
  | { kind: 'blank' }
  | { kind: 'strokes' }
  | { kind: 'full' }
  | { kind: 'faint' }
  | { kind: 'answer'; text: string };

function textSeed(text: string): number {
  let h = 2166136261;
  for (const c of text) h = Math.imul(h ^ c.codePointAt(0)!, 16777619) >>> 0;
  return h;
}

/** Writes `ink` in a subjective box (template rect, k = page px per template px) below `topSkip`. */
export function writeInk(
  r: Raster,
  rng: Rng,
  rect: TemplateRect,
  k: number,
  topSkip: number,
  ink: SubjectiveInk,
  glyphRng: (seed: number) => Rng,
): void {
  switch (ink.kind) {
    case 'blank':
      return;
    case 'full':
      scribble(r, rng, rect, k, topSkip);
      return;
    case 'faint': {
      // a hard pencil pressed lightly: the lines of `full` at a fifth of the darkness, thinner
      const y0 = rect.y + topSkip + 30;
      for (let l = 0; l < 3; l++) {
        let x = (rect.x + 30) * k;
        const y = (y0 + l * 55) * k;
        const end = (rect.x + rect.w * 0.7) * k;
        while (x < end) {
          const cw = rng.range(14, 24) * k;
          const pts = [];
          for (let j = 0; j < 6; j++)
            pts.push({ x: x + (j / 5) * cw + rng.range(-2, 2) * k, y: y + rng.range(-12, 12) * k });
          stroke(r, pts, 1.4 * k, rng.range(0.15, 0.25));
          x += cw + rng.range(4, 10) * k;
        }
      }
      return;
    }
    case 'strokes': {
      const n = rng.int(2, 3);
      for (let i = 0; i < n; i++) {
        const x = (rect.x + 40 + rng.range(0, rect.w - 200)) * k;
        const y = (rect.y + topSkip + 40 + rng.range(0, Math.max(1, rect.h - topSkip - 120))) * k;
        stroke(
          r,
          [
            { x, y },
            { x: x + rng.range(20, 50) * k, y: y + rng.range(-15, 15) * k },
          ],
          2 * k,
          rng.range(0.6, 0.8),
        );
      }
      return;
    }
    case 'answer': {
      // the glyph strokes come from the text alone; where they sit moves a little per sheet
      const g = glyphRng(textSeed(ink.text));
      const ox = (rect.x + 40 + rng.range(-6, 6)) * k;
      const oy = (rect.y + topSkip + 40 + rng.range(-6, 6)) * k;
      let x = ox;
      for (let c = 0; c < Math.max(1, [...ink.text].length); c++) {
        const cw = g.range(22, 34) * k;
        for (let s = 0; s < 3; s++) {
          const pts = [];
          for (let j = 0; j < 4; j++) pts.push({ x: x + g.range(0, cw), y: oy + g.range(0, 40) * k });
          stroke(r, pts, 2.2 * k, 0.75);
        }
        x += cw + 10 * k;
      }
      return;
    }
  }
}
