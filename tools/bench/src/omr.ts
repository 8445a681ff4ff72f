import { fork } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { availableParallelism } from 'node:os';
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { Piscina } from 'piscina';
import { SIM_VERSION, type Difficulty } from '@yj/scan-sim';
import { jpegDecoder } from './io';
import { accuracyLines, printReport } from './omr-report';
import type { PageRun } from './omr-worker';

// Recognition benchmark (issue 4): generates simulated scans once (cached in bench-out/), then measures
// one core, all cores, the sharp decode yardstick, stage times, memory and accuracy in one run.

const { values: args } = parseArgs({
  options: {
    typical: { type: 'string', default: '1000' },
    clean: { type: 'string', default: '200' },
    hard: { type: 'string', default: '300' },
    // light pencil, erased and filled again (issue 28)
    light: { type: 'string', default: '100' },
    // Location-area cards fed upside down or at 270° (issue 28, scan-sim turned.ts), typical students.
    turned: { type: 'string', default: '100' },
    // The quiz card photographed with a phone: perspective, background, shadow, blur (issue 33, scan-sim photo.ts).
    phone: { type: 'string', default: '100' },
    // Typical sheets scanned through a dirty glass: lines down every page, some too wide to paint over (scan-sim
    // dirty-glass.ts, packages/omr streaks.ts).
    streaked: { type: 'string', default: '100' },
    // Typical sheets with a corner folded over before scanning, 15–90 mm (scan-sim dog-ear.ts): what the flap
    // hides must be raised, never read as blank (packages/omr read.ts, printMissing).
    folded: { type: 'string', default: '100' },
    // Typical sheets printed with [A] brackets instead of outlines (scan-sim PrintStyle.bubbleShape): the backs'
    // way up must be told from brackets (packages/omr trust.ts, layout.ts outlineScore).
    brackets: { type: 'string', default: '100' },
    // The folded set's sheets scanned on a black backing plate (scan-sim ScanParams.backing): black wedges round
    // skewed sheets, black where a corner is gone — over anchors, and over bubbles it must not read as marks.
    black: { type: 'string', default: '100' },
    // A corner folded so that the flap reaches only one to three fields (scan-sim drawEdgeDogEar): its edge cuts
    // bubbles with no bubble wholly under it beside them (packages/omr read.ts, EDGE_ARC).
    edges: { type: 'string', default: '600' },
    // Sheets in light pencil scanned 1-bit dithered (scan-sim ScanParams.bitonal; PNG bytes under the .jpg name):
    // a light mark drawn as scattered dots, read smoothed (packages/omr recognize.ts, isDithered).
    dithered: { type: 'string', default: '100' },
    // Typical sheets where one answer in ten is ringed (圈选) instead of filled (scan-sim MarkKind 'circle'): never
    // read as empty (packages/omr rings.ts).
    ringed: { type: 'string', default: '100' },
    // Typical sheets where one answer in ten is ticked (打勾) after the option instead of filled (scan-sim MarkKind
    // 'beside'): never read as unanswered (packages/omr rings.ts, tickedBeside).
    ticked: { type: 'string', default: '100' },
    // Typical sheets whose every 判断 answer is ticked after the option (as 判断 is marked on paper tests): the
    // ticks are most of the bubbles at one place, the F of every 判断 (packages/omr rings.ts, the printed blank).
    tickedTF: { type: 'string', default: '100' },
    // Light-pencil sheets on thin paper: the other side's print, fills and pen writing show through, mirrored and
    // faint (透印, scan-sim show-through.ts), on the sheets whose own marks are faintest: never read as marks.
    through: { type: 'string', default: '100' },
    // Typical sheets whose layout is stretched unevenly (a photocopied card, damp paper, a slipping feeder; scan-sim
    // stretch.ts): the rows between the corner marks moved by 0.3–1.5 mm.
    stretched: { type: 'string', default: '100' },
    // Typical sheets whose exam number is a tight ruled table (OMRChecker's sample6; scan-sim numberTableCard,
    // PrintStyle.numberTable): the table's rules cross the rays round the outer bubbles, never read as rings.
    numberTable: { type: 'string', default: '100' },
    // Read as a card the product printed is read: with its pages' pictures (scan-sim's print) as the template's.
    pictures: { type: 'boolean', default: false },
    seed: { type: 'string', default: '4' },
    out: { type: 'string', default: 'bench-out/omr' },
    threads: { type: 'string' },
    measure: { type: 'boolean', default: false },
    // Accuracy over large sets (the 10,000-page goal) without the timing passes.
    'accuracy-only': { type: 'boolean', default: false },
    // Against OMRChecker on its own sample, same run (omr-peer.ts).
    peer: { type: 'boolean', default: false },
  },
});
if (args.peer) {
  const { peerBench } = await import('./omr-peer');
  await peerBench();
  process.exit(0);
}
const threads = Number(args.threads ?? availableParallelism());
const seed = Number(args.seed);
const outDir = resolve(args.out);
const sets: { name: string; difficulty: Difficulty; count: number }[] = [
  { name: 'typical', difficulty: 'typical', count: Number(args.typical) },
  { name: 'clean', difficulty: 'clean', count: Number(args.clean) },
  { name: 'hard', difficulty: 'hard', count: Number(args.hard) },
  { name: 'light', difficulty: 'light', count: Number(args.light) },
  { name: 'turned', difficulty: 'typical', count: Number(args.turned) },
  { name: 'phone', difficulty: 'typical', count: Number(args.phone) },
  { name: 'streaked', difficulty: 'typical', count: Number(args.streaked) },
  { name: 'folded', difficulty: 'typical', count: Number(args.folded) },
  { name: 'brackets', difficulty: 'typical', count: Number(args.brackets) },
  { name: 'black', difficulty: 'typical', count: Number(args.black) },
  { name: 'edges', difficulty: 'typical', count: Number(args.edges) },
  { name: 'dithered', difficulty: 'light', count: Number(args.dithered) },
  { name: 'ringed', difficulty: 'typical', count: Number(args.ringed) },
  { name: 'ticked', difficulty: 'typical', count: Number(args.ticked) },
  { name: 'tickedTF', difficulty: 'typical', count: Number(args.tickedTF) },
  { name: 'through', difficulty: 'light', count: Number(args.through) },
  { name: 'stretched', difficulty: 'typical', count: Number(args.stretched) },
  { name: 'numberTable', difficulty: 'typical', count: Number(args.numberTable) },
];

async function ensureSet(set: string, d: Difficulty, count: number): Promise<string[]> {
  const dir = `${outDir}/v${SIM_VERSION}-${set}-s${seed}`;
  const manifest = `${dir}/manifest.json`;
  if (existsSync(manifest)) {
    const files = JSON.parse(await readFile(manifest, 'utf8')) as string[];
    if (files.length >= count) return files.slice(0, count);
  }
  await mkdir(dir, { recursive: true });
  const pool = new Piscina({
    filename: new URL('./omr-gen-worker.ts', import.meta.url).href,
    maxThreads: threads,
    minThreads: threads,
  });
  const t = performance.now();
  let done = 0;
  const files = await Promise.all(
    Array.from({ length: count }, (_, i) =>
      pool.run({ dir, difficulty: d, seed, i, set }).then((f: string) => {
        if (++done % 100 === 0) process.stderr.write(`  generated ${done}/${count} ${set}\n`);
        return f;
      }),
    ),
  );
  await pool.destroy();
  process.stderr.write(
    `generated ${count} ${set} pages in ${((performance.now() - t) / 1000).toFixed(0)} s\n`,
  );
  await writeFile(manifest, JSON.stringify(files));
  return files;
}

let peak = 0;
const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 50);

async function pass<T>(
  files: string[],
  mode: 'decode' | 'full',
  n: number,
  set?: string,
): Promise<{ results: T[]; seconds: number; peakRss: number }> {
  const pool = new Piscina({
    filename: new URL('./omr-worker.ts', import.meta.url).href,
    maxThreads: n,
    minThreads: n,
    idleTimeout: 60_000,
  });
  // Warm each thread (wasm, JIT) on a few pages so start-up is not billed to the pages.
  await Promise.all(
    files.slice(0, 4 * n).map((file) => pool.run({ file, mode, set, pictures: args.pictures })),
  );
  peak = process.memoryUsage().rss;
  const t = performance.now();
  const results = (await Promise.all(
    files.map((file) => pool.run({ file, mode, set, pictures: args.pictures })),
  )) as T[];
  const seconds = (performance.now() - t) / 1000;
  const peakRss = peak;
  await pool.destroy();
  return { results, seconds, peakRss };
}

const files = new Map<string, string[]>();
for (const s of sets) if (s.count > 0) files.set(s.name, await ensureSet(s.name, s.difficulty, s.count));
if (!args.measure) {
  // Measure in a fresh process so memory left over from generating the sets does not count.
  clearInterval(sampler);
  const child = fork(process.argv[1]!, [...process.argv.slice(2), '--measure'], {
    execArgv: process.execArgv,
    stdio: 'inherit',
  });
  const code = await new Promise<number>((done) => child.on('exit', (c) => done(c ?? 1)));
  process.exit(code);
}
if (args['accuracy-only']) {
  const runs: PageRun[] = [];
  for (const [d, f] of files) {
    process.stderr.write(`reading ${f.length} ${d} pages on ${threads} threads …\n`);
    runs.push(...(await pass<PageRun>(f, 'full', threads, d)).results);
  }
  clearInterval(sampler);
  console.log(`JPEG decoder (decodeGrey): libjpeg-turbo ${jpegDecoder()}`);
  console.log(accuracyLines(runs).join('\n'));
  process.exit(0);
}
console.log(`JPEG decoder (decodeGrey): libjpeg-turbo ${jpegDecoder()}`);
const typical = files.get('typical') ?? [];
const baseRss = process.memoryUsage().rss;
process.stderr.write(
  `measuring ${typical.length} typical pages: yardstick, 1 thread, ${threads} threads …\n`,
);
const yard = await pass<number>(typical, 'decode', 1);
const one = await pass<PageRun>(typical, 'full', 1);
const all = await pass<PageRun>(typical, 'full', threads);
const others: PageRun[] = [];
for (const [d, f] of files)
  if (d !== 'typical') others.push(...(await pass<PageRun>(f, 'full', threads, d)).results);
clearInterval(sampler);
printReport({ threads, baseRss, yard, one, all, accuracy: [...all.results, ...others] });
