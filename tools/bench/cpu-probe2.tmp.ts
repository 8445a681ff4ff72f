// scratch: CPU per request of the server process and of its PostgreSQL backends, per endpoint
import fs from 'node:fs';
import pg from 'pg';
import { cpuSeconds, load, signIn, targetsFor } from './src/api-server';
const base = process.argv[2]!; const pid = Number(process.argv[3]); const db = process.argv[4]!;
const N = Number(process.argv[5] ?? 4000);
const c = new pg.Client({ connectionString: `postgres://postgres@127.0.0.1:5432/postgres` }); await c.connect();
async function pgCpu() {
  const r = await c.query<{ pid: number }>('select pid from pg_stat_activity where datname = $1', [db]);
  let s = 0; for (const { pid: p } of r.rows) s += cpuSeconds(p) ?? 0; return { s, pids: r.rows.map((x) => x.pid).sort().join() };
}
const { cookie, schoolId } = await signIn(base);
const ts = targetsFor(schoolId); ts.push({ ...ts[2]!, name: "students size 1", body: JSON.stringify({ page: 1, size: 1 }) }); for (const t of ts) {
  await load(base, t, cookie, { amount: 1000, connections: 50 });
  const a = cpuSeconds(pid)!; const pa = await pgCpu(); const t0 = Date.now();
  const r = await load(base, t, cookie, { amount: N, connections: 50 });
  const b = cpuSeconds(pid)!; const pb = await pgCpu();
  const same = pa.pids === pb.pids ? '' : ' (backends changed)';
  console.log(`${t.name.padEnd(34)} node ${(1000 * (b - a) / N).toFixed(3)} ms/req, pg ${(1000 * (pb.s - pa.s) / N).toFixed(3)} ms/req${same}, ${Math.round(N / ((Date.now() - t0) / 1000))} req/s, bad ${r.non2xx + r.mismatches + r.errors}`);
}
await c.end();
void fs;
