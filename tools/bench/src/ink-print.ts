import { parseArgs } from 'node:util';
import { inkPrint, INKED, printLikeness, recognizePage, type InkPrint } from '@yj/omr';
import {
  createRng,
  printedPage,
  randomAnswers,
  simulateSheet,
  typicalCard,
  type Difficulty,
  type SubjectiveInk,
} from '@yj/scan-sim';
import { decodeGrey, loadReader } from './io';

// One sheet in two papers (DESIGN.md §4): is a page's ink print (packages/omr ink-print.ts) the same for two
// scans of one sheet and different for two students? Per card page and cell size: the darkening of cells in
// boxes left blank (what INKED must stay above), the likeness of each sheet to its own second scan, and of each
// sheet to every other student's second scan. Accuracy, not time: the time of a print is printed beside the
// decode of the same page (the yardstick of any work on a page).

const { values: args } = parseArgs({
  options: {
    n: { type: 'string', default: '20' },
    difficulties: { type: 'string', default: 'typical,hard' },
    cells: { type: 'string', default: '2,3,5' },
  },
});
const N = Number(args.n);
const sizes = args.cells.split(',').map(Number);
const card = typicalCard();
const reader = await loadReader();
const fmt = (x: number | undefined) => (x === undefined ? '-' : x.toFixed(2));
const at = (xs: number[], q: number) => xs[Math.min(xs.length - 1, Math.floor(xs.length * q))];
let printMs = 0;
let decodeMs = 0;
let prints = 0;

/** A scan of the sheet: decoded, registered; null when it did not register. */
async function scanned(jpeg: Buffer) {
  const t0 = performance.now();
  const img = await decodeGrey(jpeg, false);
  decodeMs += performance.now() - t0;
  const r = await recognizePage(img, card, { reader });
  return r.registration ? { img, matrix: r.registration.matrix } : null;
}

for (const difficulty of args.difficulties.split(',') as Difficulty[]) {
  for (const page of card.pages) {
    const blank = await printedPage(page, card.id, card.name, page.dpi);
    const empty: Record<string, SubjectiveInk> = Object.fromEntries(
      page.subjective.map((s) => [s.question, { kind: 'blank' } as SubjectiveInk]),
    );
    const first: Record<number, (InkPrint | null)[]> = {};
    const again: Record<number, (InkPrint | null)[]> = {};
    const noise: Record<number, number[]> = {};
    for (const s of sizes) [first[s], again[s], noise[s]] = [[], [], []];
    for (let i = 0; i < N; i++) {
      const answers = randomAnswers(page, createRng(1000 + i), difficulty, String(20_000_000 + i));
      const base = { seed: 5000 + i, difficulty };
      const one = await scanned((await simulateSheet(card, page.index, answers, base)).jpeg);
      const two = await scanned(
        (await simulateSheet(card, page.index, answers, { ...base, rescan: 9000 + i })).jpeg,
      );
      const bare = await scanned(
        (await simulateSheet(card, page.index, answers, { ...base, seed: 7000 + i, ink: empty })).jpeg,
      );
      for (const s of sizes) {
        const t0 = performance.now();
        first[s]!.push(one && inkPrint(one.img, one.matrix, page, blank, s));
        printMs += performance.now() - t0;
        prints++;
        again[s]!.push(two && inkPrint(two.img, two.matrix, page, blank, s));
        // floor 0 and no least count: every cell's darkening in boxes nobody wrote in
        const raw = bare && inkPrint(bare.img, bare.matrix, page, blank, s, 0);
        if (raw) noise[s]!.push(...raw.cells);
      }
    }
    for (const s of sizes) {
      const same: number[] = [];
      const other: number[] = [];
      let unprinted = 0;
      first[s]!.forEach((a, i) => {
        if (!a) return void unprinted++;
        const b = again[s]![i];
        if (b) same.push(printLikeness(a, b));
        again[s]!.forEach((c, j) => j !== i && c && other.push(printLikeness(a, c)));
      });
      same.sort((x, y) => x - y);
      other.sort((x, y) => y - x);
      const n = noise[s]!.sort((x, y) => y - x);
      console.log(
        `${difficulty} 第${page.index + 1}页 格 ${s}mm: 空白格加深 p99.9 ${at(n, 0.001)} 最大 ${n[0]}（INKED ${INKED}）` +
          ` | 同一张纸两次扫描 最低 ${fmt(same[0])} 中位 ${fmt(at(same, 0.5))}` +
          ` | 不同考生 最高 ${fmt(other[0])} p99 ${fmt(at(other, 0.01))} 中位 ${fmt(at(other, 0.5))}` +
          ` | 间隔 ${fmt((same[0] ?? 0) / Math.max(1e-9, other[0] ?? 0))}× | 无指纹 ${unprinted}/${N}`,
      );
    }
  }
}
console.log(
  `指纹 ${(printMs / prints).toFixed(2)} ms/页，解码 ${(decodeMs / (prints / sizes.length) / 3).toFixed(2)} ms/页（同一次运行）`,
);
