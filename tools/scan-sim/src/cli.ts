import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { parseArgs } from 'node:util';
import sharp from 'sharp';
import { CardTemplateSchema } from '@yj/contracts';
import { examNumberDigits } from './answers';
import { DIFFICULTIES, type Difficulty } from './difficulty';
import { generateSet } from './generate';
import { readExamNumbers } from './exam-numbers';
import { typicalCard } from './typical-card';

// Simulated answer-sheet scans with truth (npm run sim -- --help). Writes DIR/template.json, and per page
// DIR/<name>.jpg with DIR/<name>.json (the truth).

const USAGE = `用法 / usage: npm run sim -- --out DIR [options]

  --out DIR            where the scans go (required): DIR/template.json, DIR/<name>.jpg + <name>.json (truth)
  --count N            pages to write (default 10)
  --difficulty D       ${DIFFICULTIES.join(' | ')} (default typical)
  --seed S             the set's seed (default 1): the same seed writes the same scans
  --dpi 150|200|300    scan resolution (default 200)
  --colour             colour scans instead of greyscale
  --blank-rate R       share of blank backs, e.g. 0.05
  --template FILE      a card template JSON (default: a typical A3 card)
  --kaohao FILE        the exam's 考号, one a line (the first column of a CSV, e.g. the exam's examinee list):
                       each simulated student fills one of them in turn, so the sheets match real examinees;
                       without it the numbers are made up and match nobody
  --help               this text`;

let a;
try {
  ({ values: a } = parseArgs({
    options: {
      out: { type: 'string' },
      count: { type: 'string', default: '10' },
      difficulty: { type: 'string', default: 'typical' },
      seed: { type: 'string', default: '1' },
      dpi: { type: 'string' },
      colour: { type: 'boolean' },
      template: { type: 'string' },
      'blank-rate': { type: 'string' },
      kaohao: { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
  }));
} catch (err) {
  console.error(`${(err as Error).message}\n\n${USAGE}`);
  process.exit(2);
}
if (a.help) {
  console.log(USAGE);
  process.exit(0);
}
if (!a.out) {
  console.error(`--out is required\n\n${USAGE}`);
  process.exit(2);
}
const difficulty = a.difficulty as Difficulty;
if (!DIFFICULTIES.includes(difficulty)) {
  console.error(`unknown difficulty: ${a.difficulty} (${DIFFICULTIES.join(', ')})`);
  process.exit(2);
}
const count = Number(a.count);
if (!Number.isInteger(count) || count < 1) {
  console.error(`--count must be a whole number ≥ 1: ${a.count}`);
  process.exit(2);
}
let examNumbers: string[] | undefined;
if (a.kaohao) {
  const read = readExamNumbers(await readFile(a.kaohao, 'utf8'));
  if (!read.ok) {
    console.error(`${a.kaohao}: ${read.error}`);
    process.exit(2);
  }
  examNumbers = read.numbers;
}
sharp.concurrency(1);
const card = a.template
  ? CardTemplateSchema.parse(JSON.parse(await readFile(a.template, 'utf8')))
  : typicalCard();
const digits = Math.max(0, ...card.pages.map(examNumberDigits));
const misfit = examNumbers?.find((n) => digits > 0 && n.length !== digits);
if (misfit) {
  console.error(`考号 ${misfit} has ${misfit.length} digits; the card's exam number has ${digits}`);
  process.exit(2);
}
await mkdir(a.out, { recursive: true });
await writeFile(`${a.out}/template.json`, JSON.stringify(card, null, 1));
const t = performance.now();
for (let i = 0; i < count; i++) {
  const s = await generateSet(card, i, {
    seed: Number(a.seed),
    difficulty,
    ...(a.dpi ? { dpi: Number(a.dpi) } : {}),
    ...(a.colour !== undefined ? { colour: a.colour } : {}),
    ...(a['blank-rate'] ? { blankRate: Number(a['blank-rate']) } : {}),
    ...(examNumbers ? { examNumbers } : {}),
  });
  await writeFile(`${a.out}/${s.name}.jpg`, s.jpeg);
  await writeFile(`${a.out}/${s.name}.json`, JSON.stringify(s.truth, null, 1));
}
console.log(`wrote ${count} pages to ${a.out} in ${((performance.now() - t) / 1000).toFixed(1)} s`);
