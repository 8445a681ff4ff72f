// Where bench:marking's database time goes, on the embedded cluster (the default): the CPU of its processes
// during the run, and with BENCH_PG_STATS=1 the statements pg_stat_statements saw, heaviest first.
import fs from 'node:fs';
import pg from 'pg';
import { readPidFile } from '../../../apps/server/src/infra/embedded-pg-os';

function procCpu(pid: number, withChildren: boolean): number {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    // utime, stime, then cutime, cstime (children already reaped: backends that ended)
    const own = Number(f[11]) + Number(f[12]);
    return (withChildren ? own + Number(f[13]) + Number(f[14]) : own) / 100;
  } catch {
    return 0;
  }
}

const ppidOf = (pid: number): number | null => {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
  } catch {
    return null;
  }
};

/** The CPU seconds of the cluster in `dir` so far: the postmaster, its live backends and those that ended. */
export function clusterCpuSeconds(dir: string): number | null {
  const pm = readPidFile(dir)?.pid;
  if (!pm) return null;
  let total = procCpu(pm, true);
  for (const e of fs.readdirSync('/proc')) {
    const pid = Number(e);
    if (pid && ppidOf(pid) === pm) total += procCpu(pid, false);
  }
  return total;
}

/** Before the cluster serves the bench: pg_stat_statements loaded (takes effect at the next start). */
export async function preloadStatements(url: string): Promise<void> {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  await c.query(`alter system set shared_preload_libraries = 'pg_stat_statements'`);
  await c.query(`alter system set pg_stat_statements.track_planning = on`);
  await c.end();
}

/** In the bench's database: the statistics emptied right before the run. */
export async function resetStatements(url: string): Promise<void> {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  await c.query('create extension if not exists pg_stat_statements');
  await c.query('select pg_stat_statements_reset()');
  await c.end();
}

export interface StatementCost {
  calls: number;
  execMs: number;
  planMs: number;
  rows: number;
  query: string;
}

/** The heaviest statements of the run (execution + planning time), one line of text each. */
export async function topStatements(url: string, n = 15): Promise<StatementCost[]> {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  const r = await c.query<{ calls: string; exec: number; plan: number; rows: string; query: string }>(
    `select calls, total_exec_time as exec, total_plan_time as plan, rows, query from pg_stat_statements
      where dbid = (select oid from pg_database where datname = current_database())
      order by total_exec_time + total_plan_time desc limit $1`,
    [n],
  );
  await c.end();
  return r.rows.map((x) => ({
    calls: Number(x.calls),
    execMs: x.exec,
    planMs: x.plan,
    rows: Number(x.rows),
    query: x.query.replace(/\s+/g, ' '),
  }));
}

/**
 * The server's backends sampled every 10 ms while the markers run: how often each is running a statement,
 * waiting for a lock, or idle inside a transaction (waiting on the server's next statement), by statement start.
 */
export async function sampleBackends(url: string, until: () => boolean): Promise<Map<string, number>> {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  const seen = new Map<string, number>();
  while (!until()) {
    const r = await c.query<{ k: string }>(
      `select state || coalesce(' ' || wait_event_type || ':' || wait_event, '') || ' ' ||
          left(regexp_replace(query, '\\s+', ' ', 'g'), 40) || coalesce(' ← held by ' || (select b.state || ' ' ||
            left(regexp_replace(b.query, '\\s+', ' ', 'g'), 30) from pg_stat_activity b
            where b.pid = any(pg_blocking_pids(a.pid)) limit 1), '') as k
        from pg_stat_activity a where datname = current_database() and pid <> pg_backend_pid()
          and application_name = '' and state <> 'idle'`,
    );
    seen.set('(samples)', (seen.get('(samples)') ?? 0) + 1);
    for (const { k } of r.rows) seen.set(k, (seen.get(k) ?? 0) + 1);
    await new Promise((res) => setTimeout(res, 10));
  }
  await c.end();
  return seen;
}
