// The process npm run bench:scores measures: the score module's own code (what the `score.subject` job runs in
// the server or `npm run worker`) on the bench database. argv: database url, then subject ids. Prints one JSON
// line: the seconds the re-scoring took and the process's peak resident memory.
import { openPostgres } from '../../../apps/server/src/infra/db';
import { scoreComputing } from '../../../apps/server/src/modules/score-compute/score-compute.module';

const [url, ...ids] = process.argv.slice(2);
const database = openPostgres(url!);
try {
  const compute = scoreComputing({ db: database.db, lanes: 2 });
  const t = performance.now();
  for (const id of ids) await compute.recompute(Number(id));
  const seconds = (performance.now() - t) / 1000;
  // maxRSS is in kilobytes: the high-water mark of this process, start-up included
  process.stdout.write(`${JSON.stringify({ seconds, peakRssMb: process.resourceUsage().maxRSS / 1024 })}\n`);
} finally {
  await database.close();
}
