// The memory of a running PostgreSQL cluster, read from Linux /proc: the postmaster named in its postmaster.pid
// and its children. PSS (proportional set size) splits shared pages among the processes that map them, so the
// sum counts shared_buffers once instead of once per backend as a sum of RSS would.
import fs from 'node:fs';
import path from 'node:path';

function pssKb(pid: number): number {
  try {
    const rollup = fs.readFileSync(`/proc/${pid}/smaps_rollup`, 'utf8');
    return Number(/^Pss:\s+(\d+) kB/m.exec(rollup)?.[1] ?? 0);
  } catch {
    return 0; // exited between the listing and the read
  }
}

function parentOf(pid: number): number | null {
  try {
    // comm may hold spaces and parentheses: the fields after the last ')' are fixed
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
  } catch {
    return null;
  }
}

/** Summed PSS of the cluster in `pgDir` and how many processes it has now; null when it is not running. */
export function clusterMemory(pgDir: string): { pssMb: number; processes: number } | null {
  let postmaster: number;
  try {
    postmaster = Number(fs.readFileSync(path.join(pgDir, 'postmaster.pid'), 'utf8').split('\n')[0]);
  } catch {
    return null;
  }
  const pids = [postmaster];
  for (const name of fs.readdirSync('/proc')) {
    const pid = Number(name);
    if (pid && parentOf(pid) === postmaster) pids.push(pid);
  }
  const kb = pids.reduce((s, pid) => s + pssKb(pid), 0);
  return kb ? { pssMb: kb / 1024, processes: pids.length } : null;
}
