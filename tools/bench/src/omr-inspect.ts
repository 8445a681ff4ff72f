import { readFile } from 'node:fs/promises';
import { recognizePage } from '@yj/omr';
import { scoreSheet, typicalCard, type SheetTruth } from '@yj/scan-sim';
import { decodeGrey, loadReader } from './io';

// Shows why bench pages went wrong: tsx tools/bench/src/omr-inspect.ts bench-out/omr/<set>/<page> …
// (paths without .jpg). Prints thresholds, then per silent error the fills, cores, states and drawn marks.
const card = typicalCard();
const reader = await loadReader();
for (const f of process.argv.slice(2)) {
  const r = await recognizePage(await decodeGrey(await readFile(`${f}.jpg`)), card, { reader });
  const t = JSON.parse(await readFile(`${f}.json`, 'utf8')) as SheetTruth;
  const score = scoreSheet(card, t, r);
  console.log(
    f.split('/').pop(),
    r.status,
    JSON.stringify(r.thresholds),
    'silent:',
    score.silentErrors.join(', ') || '—',
  );
  for (const e of r.exceptions)
    console.log(`  exception ${e.type} ${e.region} ${e.reason} ${e.fills?.join('/') ?? ''}`);
  const fields = [
    ...r.examNumber.digits,
    ...r.objective.map((o) => o.reading),
    ...(r.ab ? [r.ab] : []),
    ...(r.absent ? [r.absent] : []),
    ...r.optional,
  ];
  for (const q of score.silentErrors) {
    const fr = fields.find((x) => x.name === q);
    if (!fr) continue;
    console.log(`  ${q}: read ${JSON.stringify(fr.value)} states ${fr.states.join(',')}`);
    console.log(
      `    fills ${fr.fills.map((x) => x.toFixed(3)).join(' ')}  cores ${fr.cores.map((x) => x.toFixed(3)).join(' ')}`,
    );
    console.log(`    drawn ${JSON.stringify(t.marks.filter((m) => m.field === q))}`);
  }
}
