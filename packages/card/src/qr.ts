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

/** Dark modules of a QR merged into horizontal runs (fewer shapes to draw): [row, col, length]. */
export function qrRuns(text: string): { size: number; runs: [number, number, number][] } {
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
  return { size, runs };
}

/** Quiet zone (modules) kept white around our page QR. */
export const QR_QUIET = 3;
