// npm run bench:cuts — a paper's block cuts as the cut pool makes them when marking asks (or cuts ahead):
// decode the stored page, cut each block through the page's registration (deskewed, at template scale), encode
// each as a JPEG. Beside the yardstick in the same run: OpenCV doing the same work the fastest known way
// (imdecode grey, warpPerspective bilinear, imencode at the same quality; cuts-yardstick.py), one thread each.
// Pages: bench:omr's typical set (A3, 200 dpi), page 1 of the typical card (four written-answer blocks, 4.1
// million template pixels), each with the registration the simulator put it under.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import os from 'node:os';
import { parseArgs } from 'node:util';
import sharp from 'sharp';
import { CUT_GAP, cutRegion, stackImages, type Matrix3 } from '@yj/omr';
import { decodeGrey } from '@yj/omr/node';
import { SIM_VERSION, typicalCard } from '@yj/scan-sim';
import { cutBlocks, jpeg } from '../../../apps/server/src/modules/scan/image/cut-pixels';
import { perItem } from './per-item';
import { pageFiles } from './scan-world';

const { values: args } = parseArgs({
  options: {
    papers: { type: 'string', default: '40' },
    rounds: { type: 'string', default: '5' },
    set: { type: 'string', default: `bench-out/omr/v${SIM_VERSION}-typical-s4` },
  },
});
const PAPERS = Number(args.papers);
const ROUNDS = Number(args.rounds);
const YARDSTICK = new URL('./cuts-yardstick.py', import.meta.url).pathname;

sharp.concurrency(1);
const rects = typicalCard().pages[0]!.subjective.map((s) => s.rect);
// page 1 of each paper: the even pages of the set
const files = (await pageFiles(args.set!, 2 * PAPERS)).filter((_, i) => i % 2 === 0);
const papers = await Promise.all(
  files.map(async (f) => ({
    file: `${f}.jpg`,
    bytes: await readFile(`${f}.jpg`),
    matrix: (JSON.parse(await readFile(`${f}.json`, 'utf8')) as { transform: Matrix3 }).transform,
  })),
);
const blocks = rects.map((r) => [{ page: 0, ...r }]);

const perPaper = (fn: (p: (typeof papers)[number]) => Promise<unknown>) => perItem(papers, ROUNDS, fn);

function yardstick(): Promise<{ ms: number; opencv: string } | null> {
  const python = ['/usr/bin/python3', 'python3'].find((p) => p === 'python3' || existsSync(p))!;
  const job = { rounds: ROUNDS, papers: papers.map((p) => ({ file: p.file, matrix: p.matrix, rects })) };
  return new Promise((resolve) => {
    const child = spawn(python, [YARDSTICK], { stdio: ['pipe', 'pipe', 'pipe'] });
    let out = '';
    let err = '';
    child.stdout.on('data', (d) => (out += d));
    child.stderr.on('data', (d) => (err += d));
    child.on('error', () => resolve(null));
    child.on('close', (code) => {
      if (code !== 0) process.stderr.write(`yardstick failed: ${err.split('\n').slice(-2).join(' ')}\n`);
      resolve(code === 0 ? JSON.parse(out) : null);
    });
    child.stdin.end(JSON.stringify(job));
  });
}

const load = () =>
  os
    .loadavg()
    .map((x) => x.toFixed(1))
    .join(' ');
const loadBefore = load();
process.stderr.write(`cutting ${papers.length} papers, ${ROUNDS} rounds …\n`);
const cuts = () =>
  perPaper((p) =>
    cutBlocks({ pages: [{ index: 0, bytes: p.bytes, matrix: p.matrix, streaks: [] }], blocks }),
  );
const ours = await cuts();
process.stderr.write('OpenCV yardstick …\n');
const peer = await yardstick();
const again = await cuts();
// the stages of our cut, each alone
const decode = await perPaper((p) => decodeGrey(p.bytes));
const img = await decodeGrey(papers[0]!.bytes);
const cut = await perPaper(async (p) => rects.map((r) => cutRegion(img, p.matrix, r)));
const parts = rects.map((r) => cutRegion(img, papers[0]!.matrix, r));
const encode = await perPaper(() => Promise.all(parts.map((x) => jpeg(stackImages([x], CUT_GAP)))));

const best = Math.min(ours, again);
const px = rects.reduce((s, r) => s + r.w * r.h, 0) / 1e6;
console.log(
  `bench:cuts — a paper's ${rects.length} block cuts (${px.toFixed(1)} Mpx, A3 200 dpi typical page), median ms a paper over ${papers.length} papers × ${ROUNDS} rounds, one thread each, same run`,
);
console.log(`  machine load before ${loadBefore}, after ${load()}; ${os.availableParallelism()} cores`);
console.log(
  `  ours (decode + cut + encode, cutBlocks)   ${best.toFixed(1)} ms  (passes ${ours.toFixed(1)}, ${again.toFixed(1)})`,
);
if (peer)
  console.log(
    `  yardstick: OpenCV ${peer.opencv} (imdecode + warpPerspective + imencode)  ${peer.ms.toFixed(1)} ms   ours ÷ OpenCV ${(best / peer.ms).toFixed(2)} ×`,
  );
else console.log('  yardstick: not run (needs python3 with OpenCV: apt-get install python3-opencv)');
console.log(
  `  our stages alone: decode ${decode.toFixed(1)}, cut ${cut.toFixed(1)}, encode ${encode.toFixed(1)} ms`,
);
