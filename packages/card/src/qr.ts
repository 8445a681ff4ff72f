import bwipjs from 'bwip-js/browser';

// The browser build's default export: its named `raw` is the raw *symbology*, not the encoder.

/** QR modules of a text (true = dark), row-major, without quiet zone; error correction M. */
export function qrModules(text: string): { size: number; dark: boolean[] } {
  const out = bwipjs.raw({ bcid: 'qrcode', text, eclevel: 'M' } as Parameters<typeof bwipjs.raw>[0]);
  const sym = out[0];
  if (!sym || !('pixs' in sym)) throw new Error('QR encoding failed');
  if (sym.pixx !== sym.pixy) throw new Error('QR is not square');
  return { size: sym.pixx, dark: sym.pixs.map((v: number) => v === 1) };
}

type Runs = { size: number; runs: ReadonlyArray<readonly [number, number, number]> };

/**
 * Encoding one QR costs ≈ 15 ms (bwip-js), the most of a card page's preview (issue 12); the same page codes
 * come back on every preview of unchanged options, a reopened card, its PDF and its template. The last
 * RUNS_KEPT texts are remembered; the answer is frozen, as callers share it.
 */
const RUNS_KEPT = 256;
const remembered = new Map<string, Runs>();

/** Dark modules of a QR merged into horizontal runs (fewer shapes to draw): [row, col, length]. */
export function qrRuns(text: string): Runs {
  const kept = remembered.get(text);
  if (kept) return kept;
  const computed = encodeRuns(text);
  remembered.set(text, computed);
  if (remembered.size > RUNS_KEPT) remembered.delete(remembered.keys().next().value!);
  return computed;
}

function encodeRuns(text: string): Runs {
  const { size, dark } = qrModules(text);
  const runs: [number, number, number][] = [];
  for (let y = 0; y < size; y++) {
    let x = 0;
    while (x < size) {
      if (!dark[y * size + x]) {
        x++;
        continue;
      }
      const start = x;
      while (x < size && dark[y * size + x]) x++;
      runs.push([y, start, x - start]);
    }
  }
  return Object.freeze({ size, runs: Object.freeze(runs.map((r) => Object.freeze(r))) });
}

/** Quiet zone (modules) kept white around our page QR. */
export const QR_QUIET = 3;

/** A QR of `text` as a standalone SVG (white ground, 4-module quiet zone): a sign-in code on a screen or a print. */
export function qrSvg(text: string): string {
  const quiet = 4;
  const { size, runs } = qrRuns(text);
  const n = size + quiet * 2;
  const d = runs.map(([y, x, len]) => `M${x + quiet} ${y + quiet}h${len}v1h-${len}z`).join('');
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${n} ${n}" shape-rendering="crispEdges">` +
    `<rect width="${n}" height="${n}" fill="#fff"/><path d="${d}" fill="#000"/></svg>`
  );
}
