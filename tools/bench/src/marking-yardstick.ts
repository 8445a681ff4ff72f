// The yardstick of npm run bench:marking: `pgbench -N -c 16 -T 30` on the same PostgreSQL the server uses, in a
// database of its own that is created before and dropped after (the bench's tables never meet pgbench's).
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import pg from 'pg';

const run = promisify(execFile);

export interface Yardstick {
  tps: number;
  latencyMs: number | null;
  command: string;
}

/** Which pgbench answers (the machine's PATH), or null when there is none. */
export async function pgbenchVersion(): Promise<string | null> {
  try {
    const { stdout } = await run('pgbench', ['--version']);
    return stdout.trim();
  } catch {
    return null;
  }
}

/** `adminUrl` names any database of the server; the pgbench database is made next to it and dropped after. */
export async function pgbenchYardstick(adminUrl: string, seconds: number): Promise<Yardstick> {
  const name = `yj_bench_pgbench_${process.pid}`;
  const admin = async (q: string) => {
    const c = new pg.Client({ connectionString: adminUrl });
    await c.connect();
    await c.query(q);
    await c.end();
  };
  await admin(`drop database if exists ${name} with (force)`);
  await admin(`create database ${name}`);
  const u = new URL(adminUrl);
  u.pathname = `/${name}`;
  const url = u.toString();
  const args = ['-N', '-c', '16', '-T', String(seconds)];
  try {
    await run('pgbench', ['-i', '-q', url], { maxBuffer: 1 << 24 });
    const { stdout } = await run('pgbench', [...args, url], { maxBuffer: 1 << 24 });
    const tps = /tps = ([\d.]+)/.exec(stdout)?.[1];
    if (!tps) throw new Error(`pgbench printed no tps:\n${stdout}`);
    const lat = /latency average = ([\d.]+) ms/.exec(stdout)?.[1];
    return { tps: Number(tps), latencyMs: lat ? Number(lat) : null, command: `pgbench ${args.join(' ')}` };
  } finally {
    await admin(`drop database if exists ${name} with (force)`);
  }
}
