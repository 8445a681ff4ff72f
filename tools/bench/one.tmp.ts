import { load, signIn, targetsFor } from './src/api-server';
const base = process.argv[2]!; const which = Number(process.argv[3]); const N = Number(process.argv[4] ?? 20000);
const { cookie, schoolId } = await signIn(base);
const t = targetsFor(schoolId)[which]!;
const r = await load(base, t, cookie, { amount: N, connections: 100 });
console.log(t.name, r.requests.average, 'req/s avg', 'p99', r.latency.p99, 'bad', r.non2xx + r.mismatches + r.errors);
