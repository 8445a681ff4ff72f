// The simulated markers of npm run bench:marking: every marker has its own session and works its own block —
// claim one task, fetch its cut image, submit a score — as fast as it is answered. At most `connections` requests
// are in flight (keep-alive connections of one undici Pool, one request each): the markers take turns on them,
// so a latency is the server's answer time, not time spent queued in this process.
import { Pool } from 'undici';
import type { MarkTask } from '@yj/contracts';
import type { SeededBlock } from './marking-seed';

/** The double-marked block's error threshold: normal pairs differ by ≤ 2, an outlier by ≥ 5. */
export const THRESHOLD = 3;
// Two independent markers give a pair beyond the threshold when exactly one of them is an outlier:
// 2q(1 − q) = 5 % ⇒ q ≈ 0.0257.
const OUTLIER = (1 - Math.sqrt(1 - 0.1)) / 2;
const HEADERS = { 'x-requested-with': 'XMLHttpRequest', 'content-type': 'application/json' };

export interface LoadMarker {
  userId: number;
  blockId: number;
  cookie: string;
}
/** A submit the server answered with code 0: what it acknowledged. */
export interface Acknowledged {
  taskId: number;
  leaseToken: string;
  userId: number;
  scores: Record<string, number>;
  counted: boolean;
}
export interface LoadResult {
  seconds: number;
  claim: number[];
  submit: number[];
  imageFirst: number[];
  imageCached: number[];
  /** per submit, its latency here less the server's own time (`x-tail-ms`, BENCH_TAIL): this side's share */
  submitGap: number[];
  /** code 0 submits that counted (a replay after a lost answer is acknowledged but not counted) */
  counted: number;
  replays: number;
  ledger: Acknowledged[];
  /** answers with another code, by message */
  refused: Map<string, number>;
  /** requests without an answer (connection refused or cut: the killed server) */
  networkErrors: number;
  /** markers whose claim came back empty at the end (their block's pool was empty for them) */
  exhausted: number;
  /** tasks the markers still hold when the time is up (leased, not submitted) */
  held: number;
}

interface Held {
  task: MarkTask;
  body: string;
  scores: Record<string, number>;
}
interface State extends LoadMarker {
  held: Held | null;
  /** the claimed task's image is fetched; a lost submit answer is retried without fetching it again */
  seen: boolean;
  exhausted: boolean;
}

const rand = (n: number) => Math.floor(Math.random() * n);

/** What a biased marker adds to every score (issue 29: a marker who gave every paper its true score + 3). */
export const BIAS = 3;

/**
 * A marker's scores: single blocks uniform over the question's range; the double block near its middle — a
 * biased marker's BIAS points higher on every paper.
 */
function scoresFor(block: SeededBlock, full: Map<string, number>, biased: boolean): Record<string, number> {
  const out: Record<string, number> = {};
  for (const no of block.nos) {
    const max = full.get(no)!;
    if (block.markCount === 1) out[no] = rand(max + 1);
    else {
      const mid = Math.round(max / 2);
      const honest = Math.random() < OUTLIER ? Math.min(max, mid + 6) : mid + rand(3) - 1;
      out[no] = biased ? Math.min(max, honest + BIAS) : honest;
    }
  }
  return out;
}

const percentile = (xs: number[], p: number): number => {
  if (!xs.length) return NaN;
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))]!;
};
export const p50p99 = (xs: number[]) => ({ p50: percentile(xs, 50), p99: percentile(xs, 99), n: xs.length });

export async function runMarkers(opts: {
  base: string;
  markers: LoadMarker[];
  blocks: SeededBlock[];
  fullScores: Map<string, number>;
  /** taskId → its block and paper: a cut image is "first" when no marker fetched that paper's cut before */
  taskPaper: Map<number, number>;
  seconds: number;
  connections: number;
  /** every cut was stored before the run (BENCH_CUTS=ahead): no request cuts */
  cutsStored: boolean;
  /**
   * As the marking screen does (mark-session.ts): each submit asks for the following paper (`next: true`), so a
   * marker claims only for the first paper or when the answer brought none. False: a claim before every paper.
   */
  nextWithSubmit: boolean;
  /** this marker gives every paper BIAS points too many (质检 must flag them on their first few pairs) */
  biased?: number;
}): Promise<LoadResult> {
  const pool = new Pool(opts.base, {
    connections: opts.connections,
    pipelining: 1,
    keepAliveTimeout: 60_000,
    headersTimeout: 60_000,
    bodyTimeout: 60_000,
  });
  const blocks = new Map(opts.blocks.map((b) => [b.id, b]));
  const r: LoadResult = {
    seconds: opts.seconds,
    claim: [],
    submit: [],
    imageFirst: [],
    imageCached: [],
    submitGap: [],
    counted: 0,
    replays: 0,
    ledger: [],
    refused: new Map(),
    networkErrors: 0,
    exhausted: 0,
    held: 0,
  };
  const cutSeen = new Set<string>();
  const refuse = (m: string): void => void r.refused.set(m, (r.refused.get(m) ?? 0) + 1);
  const states: State[] = opts.markers.map((m) => ({ ...m, held: null, seen: false, exhausted: false }));
  const idle = [...states];
  const end = Date.now() + opts.seconds * 1000;

  async function call<T>(
    method: 'GET' | 'POST',
    path: string,
    cookie: string,
    body?: string,
  ): Promise<{ ms: number; serverMs: number | null; code: number; message: string; data: T }> {
    const t0 = performance.now();
    const res = await pool.request({ method, path, headers: { ...HEADERS, cookie }, body });
    const json = (await res.body.json()) as { code: number; message: string; data: T };
    const server = res.headers['x-tail-ms'];
    return {
      ms: performance.now() - t0,
      serverMs: typeof server === 'string' ? Number(server) : null,
      ...json,
    };
  }

  async function image(s: State, task: MarkTask): Promise<void> {
    const key = `${task.blockId}:${opts.taskPaper.get(task.taskId)}`;
    const t0 = performance.now();
    const res = await pool.request({
      method: 'GET',
      path: task.imageUrl,
      headers: { ...HEADERS, cookie: s.cookie },
    });
    const bytes = Buffer.from(await res.body.arrayBuffer());
    const ms = performance.now() - t0;
    if (res.statusCode !== 200 || bytes[0] !== 0xff || bytes[1] !== 0xd8) {
      refuse(`cut image: HTTP ${res.statusCode} ${bytes.subarray(0, 80).toString()}`);
      return;
    }
    (opts.cutsStored || cutSeen.has(key) ? r.imageCached : r.imageFirst).push(ms);
    cutSeen.add(key);
  }

  /** The marker takes a task: its scores and the submit's body are chosen now, so a retried submit is the same. */
  function hold(s: State, task: MarkTask): Held {
    const scores = scoresFor(blocks.get(s.blockId)!, opts.fullScores, s.userId === opts.biased);
    const body = JSON.stringify({
      leaseToken: task.leaseToken,
      scores: Object.entries(scores).map(([no, score]) => ({ no, score })),
      next: opts.nextWithSubmit,
    });
    s.seen = false;
    return (s.held = { task, body, scores });
  }

  /** One turn of a marker: claim (unless it holds a task), fetch the image, submit. */
  async function turn(s: State): Promise<void> {
    if (!s.held) {
      const c = await call<MarkTask[]>(
        'POST',
        `/filter/api/marking/block/${s.blockId}/claim`,
        s.cookie,
        JSON.stringify({ type: 'normal', count: 1 }),
      );
      if (c.code !== 0) return refuse(`claim: ${c.message}`);
      r.claim.push(c.ms);
      const task = c.data[0];
      if (!task) {
        s.exhausted = true;
        return;
      }
      hold(s, task);
    }
    const held = s.held!;
    if (!s.seen) {
      await image(s, held.task);
      s.seen = true;
    }
    const a = await call<{ counted: boolean; next: MarkTask | null }>(
      'POST',
      `/filter/api/marking/task/${held.task.taskId}/submit`,
      s.cookie,
      held.body,
    );
    s.held = null;
    if (a.code !== 0) return refuse(`submit: ${a.message}`);
    if (a.data.next) hold(s, a.data.next);
    r.submit.push(a.ms);
    if (a.serverMs !== null) r.submitGap.push(a.ms - a.serverMs);
    if (a.data.counted) r.counted++;
    else r.replays++;
    r.ledger.push({
      taskId: held.task.taskId,
      leaseToken: held.task.leaseToken,
      userId: s.userId,
      scores: held.scores,
      counted: a.data.counted,
    });
  }

  async function worker(): Promise<void> {
    while (Date.now() < end) {
      const s = idle.shift();
      if (!s) return;
      try {
        await turn(s);
      } catch {
        // no answer: the server is down (BENCH_KILL) or restarting; a held task keeps its submit for the retry
        r.networkErrors++;
        await new Promise((res) => setTimeout(res, 250));
      }
      // a marker whose submit got no answer retries it first, as the screen does with the same lease token
      if (s.exhausted) r.exhausted++;
      else if (s.held && s.seen) idle.unshift(s);
      else idle.push(s);
    }
  }

  const started = performance.now();
  await Promise.all(Array.from({ length: opts.connections }, worker));
  r.seconds = (performance.now() - started) / 1000;
  // submits still without an answer when the time is up are sent once more, so the ledger holds their replays
  await Promise.all(
    states.filter((s) => s.held && s.seen).map((s) => turn(s).catch(() => r.networkErrors++)),
  );
  r.held = states.filter((s) => s.held).length;
  await pool.close();
  return r;
}

/**
 * The server's HTTP floor in the same run: `GET /filter/health` (no session, no statement) as fast as it is
 * answered with the markers' requests in flight. A marker's paper costs two requests (the submit that claims the
 * next one, and its image), so half this rate bounds the papers per second any marking code could reach here.
 */
export async function runHealth(base: string, connections: number, seconds: number): Promise<number> {
  const pool = new Pool(base, { connections, pipelining: 1, keepAliveTimeout: 30_000 });
  const end = performance.now() + seconds * 1000;
  let answered = 0;
  const worker = async () => {
    while (performance.now() < end) {
      const res = await pool.request({ method: 'GET', path: '/filter/health' });
      await res.body.text();
      if (res.statusCode === 200) answered++;
    }
  };
  const t0 = performance.now();
  await Promise.all(Array.from({ length: connections }, worker));
  const s = (performance.now() - t0) / 1000;
  await pool.close();
  return answered / s;
}
