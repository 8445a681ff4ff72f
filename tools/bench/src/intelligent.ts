import os from 'node:os';
import sharp from 'sharp';
import {
  answerSignature,
  cutRegion,
  measureInk,
  printedBackground,
  type GreyImage,
  type Matrix3,
} from '@yj/omr';
import {
  createRng,
  printedPage,
  randomAnswers,
  simulateSheet,
  typicalCard,
  type Difficulty,
  type SubjectiveInk,
} from '@yj/scan-sim';
import { decodeGrey } from './io';

// 智能判空 (issue 14): how often a written answer is called blank (the bar: never) and a blank one found, on
// a larger scan-sim set than the unit test, against the template picture and against the background of the
// cuts; and what one measure costs beside the yardstick of one native pass over the same pixels (sharp
// stats on the raw cut) and the JPEG decode the job does anyway. Run: npm run bench:intelligent
// (SEEDS=n scans n sheets per kind and difficulty, default 4).

const SEEDS = Number(process.env.SEEDS ?? 4);
const card = typicalCard();
const front = card.pages[0]!;
const box = front.subjective.find((s) => s.question === '41')!;
const IDENTITY: Matrix3 = [1, 0, 0, 0, 1, 0, 0, 0, 1];
const template = cutRegion(await printedPage(front, card.id, card.name, front.dpi), IDENTITY, box.rect);
const KINDS: SubjectiveInk[] = [
  { kind: 'blank' },
  { kind: 'strokes' },
  { kind: 'full' },
  { kind: 'faint' },
  { kind: 'answer', text: '3' },
  { kind: 'answer', text: 'x=2' },
];

interface Cut {
  kind: string;
  difficulty: Difficulty;
  cut: GreyImage;
  jpeg: Buffer;
}
const cuts: Cut[] = [];
for (const difficulty of ['clean', 'typical', 'hard'] as const)
  for (let seed = 0; seed < SEEDS; seed++)
    for (const ink of KINDS) {
      const sd = 7000 + seed * 31 + cuts.length;
      const a = randomAnswers(front, createRng(sd), difficulty, '20260001');
      const s = await simulateSheet(card, 0, a, { seed: sd, difficulty, feed: 0, ink: { '41': ink } });
      const cut = cutRegion(await decodeGrey(s.jpeg), s.truth.transform, box.rect);
      const jpeg = await sharp(cut.data, { raw: { width: cut.width, height: cut.height, channels: 1 } })
        .jpeg({ quality: 80 })
        .toBuffer();
      cuts.push({ kind: ink.kind, difficulty, cut, jpeg });
    }

function rates(blank: GreyImage, label: string) {
  let written = 0;
  let falseBlank = 0;
  let blanks = 0;
  let found = 0;
  let faintest = Infinity;
  let inkiestBlank = 0;
  for (const c of cuts) {
    const m = measureInk(c.cut, blank);
    if (c.kind === 'blank') {
      blanks++;
      if (m.blank) found++;
      if (m.blank) inkiestBlank = Math.max(inkiestBlank, m.ink);
    } else {
      written++;
      if (m.blank) falseBlank++;
      faintest = Math.min(faintest, m.ink);
    }
  }
  // per kind and difficulty: the range of ink and the largest mark, to see the margins
  const byKind = new Map<string, { ink: number[]; excess: number[]; marks: number[]; noise: number[] }>();
  for (const c of cuts) {
    const m = measureInk(c.cut, blank);
    const k = `${c.kind}/${c.difficulty}`;
    const e = byKind.get(k) ?? { ink: [], excess: [], marks: [], noise: [] };
    e.ink.push(m.ink);
    e.excess.push(m.excess);
    e.marks.push(m.marks);
    e.noise.push(m.noise);
    byKind.set(k, e);
  }
  if (process.env.DETAIL)
    for (const [k, e] of byKind)
      console.log(
        `  ${k.padEnd(16)} ink ${e.ink.join(',')}  excess ${e.excess.join(',')}  marks ${e.marks.join(',')}  noise ${e.noise.join(',')}`,
      );
  console.log(
    `${label}: written called blank ${falseBlank}/${written} (${((falseBlank / written) * 100).toFixed(1)} %), ` +
      `blank found ${found}/${blanks} (${((found / blanks) * 100).toFixed(0)} %); least ink of a written answer ` +
      `${faintest} px, most ink of a blank called blank ${inkiestBlank} px (limit 24)`,
  );
}

rates(template, 'against the template picture');
const bg = printedBackground(
  cuts
    .filter((_, i) => i % 3 === 0)
    .map((c) => c.cut)
    .slice(0, 31),
);
rates(bg, 'against the background of the cuts');

/** Microseconds per call, best of five rounds (a loaded machine slows some rounds). */
async function perCall(n: number, f: (i: number) => unknown): Promise<number> {
  let best = Infinity;
  for (let round = 0; round < 5; round++) {
    const t = performance.now();
    for (let i = 0; i < n; i++) await f(i);
    best = Math.min(best, ((performance.now() - t) * 1000) / n);
  }
  return best;
}
const n = Math.min(cuts.length, 20);
const measureUs = await perCall(n, (i) => measureInk(cuts[i]!.cut, template));
const signatureUs = await perCall(n, (i) => answerSignature(cuts[i]!.cut, template));
const statsUs = await perCall(n, (i) => {
  const c = cuts[i]!.cut;
  return sharp(c.data, { raw: { width: c.width, height: c.height, channels: 1 } }).stats();
});
const decodeUs = await perCall(n, (i) => decodeGrey(cuts[i]!.jpeg));
const ms = (us: number) => (us / 1000).toFixed(2);
console.log(
  `one cut ${box.rect.w}×${box.rect.h}: measureInk ${ms(measureUs)} ms, answerSignature ${ms(signatureUs)} ms; ` +
    `yardstick sharp stats (one native pass) ${ms(statsUs)} ms → ${(measureUs / statsUs).toFixed(1)}×; ` +
    `the JPEG decode the job does anyway ${ms(decodeUs)} ms`,
);
console.log(
  `load average ${os
    .loadavg()
    .map((x) => x.toFixed(1))
    .join(' ')}, ${os.availableParallelism()} cores`,
);
