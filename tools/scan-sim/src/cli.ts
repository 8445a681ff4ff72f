import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { parseArgs } from 'node:util';
import sharp from 'sharp';
import { CardTemplateSchema } from '@yj/contracts';
import type { Difficulty } from './difficulty';
import { generateSet } from './generate';
import { typicalCard } from './typical-card';

// Simulated answer-sheet scans with truth:
//   tsx tools/scan-sim/src/cli.ts --out DIR --count N --difficulty typical [--seed 1] [--dpi 200] [--colour] [--blank-rate 0.05] [--template card.json]
// Writes DIR/template.json, and per page DIR/<name>.jpg with DIR/<name>.json (the truth).

const { values: a } = parseArgs({
  options: {
    out: { type: 'string' },
    count: { type: 'string', default: '10' },
    difficulty: { type: 'string', default: 'typical' },
    seed: { type: 'string', default: '1' },
    dpi: { type: 'string' },
    colour: { type: 'boolean' },
    template: { type: 'string' },
    'blank-rate': { type: 'string' },
  },
});
if (!a.out) {
  console.error(
    'usage: tsx tools/scan-sim/src/cli.ts --out DIR --count N --difficulty clean|typical|hard|light [--seed S] [--dpi 150|200|300] [--colour] [--blank-rate 0.05] [--template card.json]',
  );
  process.exit(2);
}
const difficulty = a.difficulty as Difficulty;
if (!['clean', 'typical', 'hard'].includes(difficulty)) {
  console.error(`unknown difficulty: ${a.difficulty}`);
  process.exit(2);
}
sharp.concurrency(1);
const card = a.template
  ? CardTemplateSchema.parse(JSON.parse(await readFile(a.template, 'utf8')))
  : typicalCard();
await mkdir(a.out, { recursive: true });
await writeFile(`${a.out}/template.json`, JSON.stringify(card, null, 1));
const count = Number(a.count);
const t = performance.now();
for (let i = 0; i < count; i++) {
  const s = await generateSet(card, i, {
    seed: Number(a.seed),
    difficulty,
    ...(a.dpi ? { dpi: Number(a.dpi) } : {}),
    ...(a.colour !== undefined ? { colour: a.colour } : {}),
    ...(a['blank-rate'] ? { blankRate: Number(a['blank-rate']) } : {}),
  });
  await writeFile(`${a.out}/${s.name}.jpg`, s.jpeg);
  await writeFile(`${a.out}/${s.name}.json`, JSON.stringify(s.truth, null, 1));
}
console.log(`wrote ${count} pages to ${a.out} in ${((performance.now() - t) / 1000).toFixed(1)} s`);
