// The checks at the end of npm run bench:marking, read straight from the database: no slot marked twice, no
// marker with two slots of one paper in a block, every final block score equal to its rule (packages/scoring
// `decide`) applied to its marks, every acknowledged submit stored as acknowledged, no lease beyond its length.
import pg from 'pg';
import { LEASE_MINUTES } from '@yj/contracts';
import { decide, type Marks } from '@yj/scoring';
import type { Acknowledged } from './marking-load';
import type { SeededBlock } from './marking-seed';

export interface Check {
  name: string;
  pass: boolean;
  detail: string;
}

interface TaskRow {
  id: number;
  block_id: number;
  paper_id: number;
  slot: number;
  status: string;
  user_id: number | null;
  lease_token: string | null;
  question_scores: Marks | null;
}

const check = (name: string, pass: boolean, detail: string): Check => ({ name, pass, detail });

export async function markingChecks(
  url: string,
  subjectId: number,
  blocks: SeededBlock[],
  ledger: Acknowledged[],
  opts: { killed: boolean },
): Promise<{ checks: Check[]; submitted: number; leased: number; beyond: number; pairs: number }> {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    const checks: Check[] = [];
    const twice = await c.query(
      `select count(*)::int as n from (select 1 from mark_task where subject_id = $1
         group by block_id, paper_id, slot having count(*) > 1) d`,
      [subjectId],
    );
    checks.push(
      check('no slot has two tasks', twice.rows[0].n === 0, `${twice.rows[0].n} slots with two tasks`),
    );
    const ackCounted = new Map<number, number>();
    for (const a of ledger) if (a.counted) ackCounted.set(a.taskId, (ackCounted.get(a.taskId) ?? 0) + 1);
    const countedTwice = [...ackCounted.values()].filter((n) => n > 1).length;
    checks.push(
      check('no task counted twice', countedTwice === 0, `${countedTwice} tasks answered counted=true twice`),
    );
    const same = await c.query(
      `select count(*)::int as n from (select 1 from mark_task where subject_id = $1 and slot in (1, 2, 3)
         and user_id is not null and status in ('leased', 'submitted')
         group by block_id, paper_id, user_id having count(*) > 1) d`,
      [subjectId],
    );
    checks.push(
      check(
        'no marker holds two slots of a paper in a block',
        same.rows[0].n === 0,
        `${same.rows[0].n} (block, paper, marker) with two slots`,
      ),
    );

    const tasks = (
      await c.query<TaskRow>(
        `select id, block_id, paper_id, slot, status, user_id, lease_token::text, question_scores
         from mark_task where subject_id = $1`,
        [subjectId],
      )
    ).rows;
    const byId = new Map(tasks.map((t) => [t.id, t]));
    const lost = ledger.filter((a) => {
      const t = byId.get(a.taskId);
      return (
        !t ||
        t.status !== 'submitted' ||
        t.user_id !== a.userId ||
        t.lease_token !== a.leaseToken ||
        JSON.stringify(t.question_scores) !== JSON.stringify(a.scores)
      );
    });
    checks.push(
      check(
        'every acknowledged submit is stored',
        lost.length === 0,
        `${ledger.length} acknowledged, ${lost.length} missing or changed`,
      ),
    );
    const submitted = tasks.filter((t) => t.status === 'submitted').length;
    const acknowledgedTasks = new Set(ledger.map((a) => a.taskId)).size;
    // Without a kill every submit is answered; with one, a submit in flight when the server died may be stored
    // without an answer reaching the marker (the marker retries it with the same lease token).
    checks.push(
      check(
        'submitted tasks match the acknowledged ones',
        opts.killed ? submitted >= acknowledgedTasks : submitted === acknowledgedTasks,
        `${submitted} submitted in the database, ${acknowledgedTasks} acknowledged`,
      ),
    );
    const lease = await c.query(
      `select count(*) filter (where lease_until is null or lease_token is null or user_id is null)::int as broken,
              count(*) filter (where lease_until > now() + make_interval(mins => $2))::int as long,
              count(*)::int as leased
       from mark_task where subject_id = $1 and status = 'leased'`,
      [subjectId, LEASE_MINUTES],
    );
    const l = lease.rows[0] as { broken: number; long: number; leased: number };
    checks.push(
      check(
        `no lease beyond ${LEASE_MINUTES} min`,
        l.broken === 0 && l.long === 0,
        `${l.leased} leased now, ${l.broken} without holder or expiry, ${l.long} beyond the lease length`,
      ),
    );

    const scored = await finalScores(c, subjectId, blocks, tasks);
    checks.push(...scored.checks);
    checks.push(await subjectScoresFollow(c, subjectId));
    return { checks, submitted, leased: l.leased, beyond: scored.beyond, pairs: scored.pairs };
  } finally {
    await c.end();
  }
}

/** Every (block, paper) decided again from its submitted marks and compared with block_score. */
async function finalScores(c: pg.Client, subjectId: number, blocks: SeededBlock[], tasks: TaskRow[]) {
  const questions = (
    await c.query<{ no: string; score: number; step: number }>(
      `select no, score::float8 as score, step::float8 as step from question where subject_id = $1`,
      [subjectId],
    )
  ).rows;
  const finals = new Map(
    (
      await c.query<{ block_id: number; paper_id: number; score: number; question_scores: Marks }>(
        `select block_id, paper_id, score::float8 as score, question_scores from block_score where subject_id = $1`,
        [subjectId],
      )
    ).rows.map((r) => [`${r.block_id}:${r.paper_id}`, r]),
  );
  const groups = new Map<string, TaskRow[]>();
  for (const t of tasks) {
    const k = `${t.block_id}:${t.paper_id}`;
    groups.set(k, [...(groups.get(k) ?? []), t]);
  }
  let wrong = 0;
  let missing = 0;
  let unexpected = 0;
  let beyond = 0;
  let pairs = 0;
  let arbitrationTasks = 0;
  const blockOf = new Map(blocks.map((b) => [b.id, b]));
  for (const [k, ts] of groups) {
    const b = blockOf.get(ts[0]!.block_id)!;
    // the marks in slot order, as a prefix: a paper whose first mark is missing waits
    const marks: Marks[] = [];
    for (const slot of [1, 2, 3]) {
      const m = ts.find((t) => t.slot === slot && t.status === 'submitted')?.question_scores;
      if (!m) break;
      marks.push(m);
    }
    const d = decide({
      markCount: b.markCount,
      threshold: b.threshold,
      rule: 'mean',
      arbitration: 'leader',
      questions: questions
        .filter((q) => b.nos.includes(q.no))
        .map((q) => ({ no: q.no, fullScore: q.score, step: q.step })),
      marks,
    });
    const f = finals.get(k);
    if (b.markCount === 2 && marks.length >= 2) pairs++;
    if (d.kind === 'arbitration') {
      beyond++;
      if (ts.some((t) => t.slot === 9)) arbitrationTasks++;
    }
    if (d.kind === 'final') {
      if (!f) missing++;
      else if (
        f.score !== d.total ||
        JSON.stringify(sorted(f.question_scores)) !== JSON.stringify(sorted(d.scores))
      )
        wrong++;
    } else if (f) unexpected++;
  }
  return {
    beyond,
    pairs,
    checks: [
      check(
        'every final score equals its rule applied to its marks',
        wrong === 0 && missing === 0 && unexpected === 0,
        `${finals.size} block scores: ${wrong} differ, ${missing} decided but not stored, ${unexpected} stored while waiting or in arbitration`,
      ),
      check(
        'every pair beyond the threshold went to arbitration',
        arbitrationTasks === beyond,
        `${beyond} of ${pairs} double-marked pairs beyond the threshold (${pairs ? ((100 * beyond) / pairs).toFixed(1) : '0'} %), ${arbitrationTasks} arbitration tasks`,
      ),
    ],
  };
}

const sorted = (m: Marks) => Object.fromEntries(Object.entries(m).sort(([a], [b]) => a.localeCompare(b)));

/**
 * Subject scores follow the final block scores: the submit only marks them stale (score_stale) and a batched job
 * of the server re-derives them, also after a SIGKILL (its sweep). Waits for the stale rows to be taken, then
 * compares every question of every final block score with the examinee's subject score.
 */
async function subjectScoresFollow(c: pg.Client, subjectId: number): Promise<Check> {
  const deadline = Date.now() + 60_000;
  const staleLeft = async () =>
    Number(
      (await c.query('select count(*)::int as n from score_stale where subject_id = $1', [subjectId])).rows[0]
        .n,
    );
  let stale = await staleLeft();
  while (stale > 0 && Date.now() < deadline) {
    await new Promise((r) => setTimeout(r, 200));
    stale = await staleLeft();
  }
  const r = await c.query(
    `select count(*)::int as n, count(*) filter (where (s.question_scores->>j.key)::numeric
         is distinct from (j.value #>> '{}')::numeric)::int as wrong
     from block_score bs join paper p on p.id = bs.paper_id
     left join score s on s.subject_id = bs.subject_id and s.examinee_id = p.examinee_id
     cross join lateral jsonb_each(bs.question_scores) j
     where bs.subject_id = $1`,
    [subjectId],
  );
  const { n, wrong } = r.rows[0] as { n: number; wrong: number };
  return check(
    'every subject score follows its final block scores',
    stale === 0 && wrong === 0,
    `${n} question scores of final block scores: ${wrong} differ in the subject score, ${stale} examinees still stale`,
  );
}
