import type { PageRun } from './omr-worker';

interface Pass<T> {
  results: T[];
  seconds: number;
  peakRss: number;
}

const q = (v: number[], p: number) => {
  const s = [...v].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor(p * s.length))] ?? 0;
};
const ms = (v: number) => v.toFixed(1).padStart(7);
const mb = (v: number) => `${(v / 1048576).toFixed(0)} MB`;

/** Prints the bench table of issue 4. */
export function printReport(r: {
  threads: number;
  baseRss: number;
  yard: Pass<number>;
  one: Pass<PageRun>;
  all: Pass<PageRun>;
  accuracy: PageRun[];
}): void {
  const n = r.one.results.length;
  const lines: string[] = [];
  lines.push(`OMR bench: ${n} typical pages (A3 2-page card, 200 dpi JPEG), ${r.threads} threads available`);
  lines.push('');
  lines.push('| throughput | pages/s |');
  lines.push('| --- | ---: |');
  lines.push(
    `| sharp greyscale decode only, 1 thread (yardstick; --peer for OpenCV's) | ${(n / r.yard.seconds).toFixed(1)} |`,
  );
  lines.push(`| decode + recognise, 1 thread | ${(n / r.one.seconds).toFixed(1)} |`);
  lines.push(
    `| decode + recognise, ${r.threads} threads | ${(r.all.results.length / r.all.seconds).toFixed(1)} |`,
  );
  lines.push('');
  lines.push('| stage (1 thread) | median ms | p95 ms |');
  lines.push('| --- | ---: | ---: |');
  const stage = (name: string, v: number[]) =>
    lines.push(`| ${name} | ${ms(q(v, 0.5))} | ${ms(q(v, 0.95))} |`);
  stage('yardstick: sharp decode only', r.yard.results);
  stage(
    'decode',
    r.one.results.map((x) => x.decode),
  );
  stage(
    'identify (QR)',
    r.one.results.map((x) => x.identify),
  );
  stage(
    'register (anchors)',
    r.one.results.map((x) => x.register),
  );
  stage(
    'read (bubbles, marks)',
    r.one.results.map((x) => x.read),
  );
  stage(
    'total',
    r.one.results.map((x) => x.total),
  );
  const ratio =
    q(
      r.one.results.map((x) => x.total),
      0.5,
    ) / q(r.yard.results, 0.5);
  const meanRatio =
    r.one.results.reduce((s, x) => s + x.total, 0) / r.yard.results.reduce((s, x) => s + x, 0);
  lines.push('');
  lines.push(`total / decode: ${ratio.toFixed(2)}× (medians), ${meanRatio.toFixed(2)}× (sums)`);
  lines.push(
    `peak RSS: before pools ${mb(r.baseRss)}; 1 worker thread ${mb(r.one.peakRss)} (whole process); ${r.threads} worker threads ${mb(r.all.peakRss)} (whole process) → ≈ ${mb(Math.max(0, r.all.peakRss - r.baseRss) / r.threads)} per worker`,
  );
  console.log([...lines, '', ...accuracyLines(r.accuracy)].join('\n'));
}

/** The accuracy table, split by set (the difficulties, then the failure-mode sets): silent errors beside the answers raised. */
export function accuracyLines(accuracy: PageRun[]): string[] {
  const lines: string[] = [];
  lines.push(
    '| set | pages | silent errors | answers raised (needless) | pages with exception | needless exceptions | exam number correct | exceptions by type |',
  );
  lines.push('| --- | ---: | ---: | ---: | ---: | ---: | ---: | --- |');
  // the known sets in their order, then any other set the run holds
  const sets = [...new Set(['clean', 'typical', 'hard', 'light', 'turned', 'phone', ...accuracy.map((x) => x.set)])];
  for (const d of sets) {
    const rs = accuracy.filter((x) => x.set === d);
    if (rs.length === 0) continue;
    const silent = rs.reduce((s, x) => s + x.silentErrors.length, 0);
    const answers = rs.reduce((s, x) => s + x.answers, 0);
    const raised = rs.reduce((s, x) => s + x.raisedAnswers, 0);
    const needlessAnswers = rs.reduce((s, x) => s + x.answersNeedless, 0);
    const exc = rs.filter((x) => x.exceptionTypes.length > 0).length;
    const needless = rs.filter((x) => x.needless.length > 0).length;
    const withExam = rs.filter((x) => x.examNumberCorrect !== null);
    const examOk = withExam.filter((x) => x.examNumberCorrect).length;
    const types = new Map<string, number>();
    for (const x of rs)
      for (const t of new Set(x.exceptionTypes.map((e) => e.split(':')[0]!)))
        types.set(t, (types.get(t) ?? 0) + 1);
    const pct = (a: number, b: number) => `${((100 * a) / Math.max(1, b)).toFixed(2)} %`;
    lines.push(
      `| ${d} | ${rs.length} | ${silent} | ${raised}/${answers} (${pct(raised, answers)}; ${pct(needlessAnswers, answers)}) | ${exc} (${pct(exc, rs.length)}) | ${needless} (${pct(needless, rs.length)}) | ${examOk}/${withExam.length} (${pct(examOk, withExam.length)}) | ${[...types].map(([k, v]) => `${k} ${v}`).join(', ') || '—'} |`,
    );
    for (const x of rs.filter((y) => y.silentErrors.length > 0).slice(0, 5))
      lines.push(`|  silent: ${x.file.split('/').pop()} ${x.silentErrors.join(', ')} | | | | | | | |`);
    if (d !== 'hard')
      for (const x of rs.filter((y) => y.needless.length > 0).slice(0, 5))
        lines.push(`|  exception: ${x.file.split('/').pop()} ${x.details.join('; ')} | | | | | | | |`);
  }
  return lines;
}
