import { sql } from 'drizzle-orm';
import { BlockScoreSource, MarkSlot, type BlockPoints } from '@yj/contracts';
import { decide, type Decision, type FinalRule, type ArbitrationRule } from '@yj/scoring';
import type { PaperScore } from '../../db/schema';
import { rowsOf, type Db, type Tx } from '../../infra/db';
import { executePrepared } from '../../infra/prepared';

/** A transaction or the database: every function here runs on what the caller gives it. */
type Conn = Tx | Db;

/** Rows of a raw statement (node-postgres and PGlite both answer `{ rows }`). */
// one reader of raw rows for the project, re-exported for the module's files
export { rowsOf };

/** A question of a block as marking checks and shows it. */
export interface MarkRule {
  no: string;
  fullScore: number;
  step: number;
  points: { name: string; score: number }[];
  answer: string;
}

export interface BlockRules {
  id: number;
  subjectId: number;
  name: string;
  markCount: 1 | 2;
  threshold: number | null;
  finalRule: FinalRule;
  arbitration: ArbitrationRule;
  questions: MarkRule[];
}

/** The block's marking mode and its questions: full score and answer from the structure, step and 给分点 from the block. */
export async function blockRules(tx: Conn, blockId: number): Promise<BlockRules | null> {
  const [b] = rowsOf<{
    id: number;
    subject_id: number;
    name: string;
    mark_count: number;
    threshold: string | null;
    final_rule: string;
    arbitration: string;
    nos: string[];
    points: BlockPoints[];
    questions: Array<{ no: string; score: string; step: string; answer: string }>;
  }>(
    await tx.execute(sql`select b.id, b.subject_id, b.name, b.mark_count, b.threshold, b.final_rule,
      b.arbitration, b.nos, b.points,
      coalesce((select json_agg(json_build_object('no', q.no, 'score', q.score, 'step', q.step, 'answer', q.answer))
        from question q where q.subject_id = b.subject_id and q.no = any(b.nos)), '[]') as questions
      from block b where b.id = ${blockId}`),
  );
  if (!b) return null;
  const byNo = new Map(b.questions.map((q) => [q.no, q]));
  return {
    id: b.id,
    subjectId: b.subject_id,
    name: b.name,
    markCount: b.mark_count === 2 ? 2 : 1,
    threshold: b.threshold === null ? null : Number(b.threshold),
    finalRule: b.final_rule as FinalRule,
    arbitration: b.arbitration as ArbitrationRule,
    // the block's nos keep its order; block.points override the structure's step
    questions: b.nos.map((no) => {
      const q = byNo.get(no);
      const p = b.points.find((x) => x.no === no);
      return {
        no,
        fullScore: Number(q?.score ?? 0),
        step: p?.step ?? Number(q?.step ?? 1),
        points: p?.points ?? [],
        answer: q?.answer ?? '',
      };
    }),
  };
}

/** The question numbers a 打分栏 names: `13|14` two; `13` also 13(1), 13(2) of the block when 13 is not in it. */
function stripQuestions(label: string, nos: string[]): string[] {
  return label
    .split('|')
    .map((n) => n.trim())
    .filter(Boolean)
    .flatMap((n) =>
      nos.includes(n) ? [n] : nos.filter((q) => q.startsWith(`${n}(`) || q.startsWith(`${n}（`)),
    );
}

/**
 * 先阅后扫: the block score read from the paper's score strips when every question of the block has one with a
 * value, else null (the block is marked on screen). A strip over several questions gives its score to the
 * first of them (the strip cannot tell them apart); the block total is what matters.
 */
export function stripScore(
  scores: Record<string, PaperScore>,
  nos: string[],
): { score: number; questionScores: Record<string, number> } | null {
  const questionScores: Record<string, number> = {};
  const covered = new Set<string>();
  for (const s of Object.values(scores)) {
    const qs = stripQuestions(s.question, nos);
    if (!qs.length) continue;
    if (s.value === null) return null;
    qs.forEach((q, i) => {
      covered.add(q);
      questionScores[q] = (questionScores[q] ?? 0) + (i === 0 ? s.value! : 0);
    });
  }
  if (!nos.length || nos.some((n) => !covered.has(n))) return null;
  const score = Math.round(Object.values(questionScores).reduce((a, v) => a + v, 0) * 10) / 10;
  return { score, questionScores };
}

/** 先阅后扫 block scores of the subject's papers that carry strip scores (set-based elsewhere: few papers have them). */
async function writeStripScores(tx: Conn, subjectId: number): Promise<void> {
  const papers = rowsOf<{ id: number; scores: Record<string, PaperScore> }>(
    await tx.execute(sql`select p.id, p.scores from paper p
      where p.subject_id = ${subjectId} and p.deleted_at is null and p.status = 'ok' and p.scores <> '{}'::jsonb
        and p.examinee_id is not null
        and not exists (select 1 from absence a where a.examinee_id = p.examinee_id and a.subject_id = p.subject_id)`),
  );
  if (!papers.length) return;
  const blocks = rowsOf<{ id: number; nos: string[] }>(
    await tx.execute(sql`select id, nos from block where subject_id = ${subjectId}`),
  );
  const values = papers.flatMap((p) =>
    blocks.flatMap((b) => {
      const s = stripScore(p.scores, b.nos);
      return s
        ? [
            sql`(${b.id}, ${p.id}, ${subjectId}, ${s.score}, ${JSON.stringify(s.questionScores)}::jsonb, ${BlockScoreSource.xianyue})`,
          ]
        : [];
    }),
  );
  for (let i = 0; i < values.length; i += 1000)
    await tx.execute(sql`insert into block_score (block_id, paper_id, subject_id, score, question_scores, source)
      values ${sql.join(values.slice(i, i + 1000), sql`, `)} on conflict do nothing`);
}

/**
 * 先阅后扫统分: the block scores read from the strips again (a sheet rescanned or a strip fixed since the last
 * 统分 must not keep its old score), then written like at review start. Only strip-sourced rows are replaced:
 * marks and a leader's scores stay.
 */
export async function refreshStripScores(tx: Conn, subjectId: number): Promise<void> {
  await tx.execute(
    sql`delete from block_score where subject_id = ${subjectId} and source = ${BlockScoreSource.xianyue}`,
  );
  await writeStripScores(tx, subjectId);
}

/**
 * The task pool of a subject (DESIGN.md §5): slot 1 (and 2 for double marking) of every block for every live,
 * recognised paper of a present examinee. Idempotent (unique block × paper × slot): run at review start and for
 * papers recognised while reviewing. A block already scored (先阅后扫 strips) gets no task.
 */
export async function createTasks(tx: Conn, subjectId: number): Promise<number> {
  // JIT compiling this plan costs more than running it (measured ~0.8 s of ~2 s at 20,000 papers × 3 blocks)
  await tx.execute(sql`set local jit = off`);
  // the pool-ordered rows are sorted in memory, not spilled to disk (60,000 rows need ~10 MB)
  await tx.execute(sql`set local work_mem = '32MB'`);
  await writeStripScores(tx, subjectId);
  const r =
    await tx.execute(sql`insert into mark_task (subject_id, block_id, paper_id, school_id, class_id, slot)
    select b.subject_id, b.id, p.id, e.school_id, e.class_id, s.slot
    from block b
    join paper p on p.subject_id = b.subject_id and p.deleted_at is null and p.status = 'ok'
    join examinee e on e.id = p.examinee_id
    cross join lateral generate_series(1, b.mark_count::int) as s(slot)
    where b.subject_id = ${subjectId} and cardinality(b.nos) > 0
      and not exists (select 1 from absence a where a.examinee_id = p.examinee_id and a.subject_id = b.subject_id)
      and not exists (select 1 from block_score bs where bs.block_id = b.id and bs.paper_id = p.id)
      and not exists (select 1 from mark_task mt where mt.block_id = b.id and mt.paper_id = p.id)
    -- ids follow paper then slot: the claim walks the pool in id order, a paper's second mark after its first
    order by p.id, b.id, s.slot
    on conflict do nothing`);
  return (r as { rowCount?: number | null; affectedRows?: number }).rowCount ?? 0;
}

export interface SlotRow {
  id: number;
  slot: number;
  status: string;
  user_id: number | null;
  lease_token: string | null;
  lease_until: Date | string | null;
  submitted_at: Date | string | null;
  question_scores: Record<string, number> | null;
  score: string | null;
  school_id: number;
  class_id: number | null;
  subject_id: number;
}

/** A task nobody holds and nobody marked: it may be removed when the paper no longer needs it. */
const unheld = (t: SlotRow): boolean =>
  t.submitted_at === null &&
  (t.status === 'pending' || (t.status === 'leased' && new Date(t.lease_until!).getTime() < Date.now()));

/** Sources a person chose directly: marks do not overrule them (a leader's score, the strips). */
const KEPT_SOURCES = new Set<string>([BlockScoreSource.leader, BlockScoreSource.xianyue]);

export type FinalOutcome = Decision['kind'] | 'arbitrated' | 'kept';

/** What finalize reads first: the paper's tasks (locked) and the source of its block score, if any. */
export interface PaperSeen {
  tasks: SlotRow[];
  kept: string | null;
}

/** Locks the paper's tasks of the block, in id order (every writer takes them in the same order: no deadlock). */
export async function lockPaperTasks(tx: Conn, blockId: number, paperId: number): Promise<SlotRow[]> {
  return rowsOf<SlotRow>(
    await tx.execute(sql`select id, slot, status, user_id, lease_token, lease_until, submitted_at, question_scores, score,
      school_id, class_id, subject_id
      from mark_task where block_id = ${blockId} and paper_id = ${paperId} order by id for update`),
  );
}

async function writeScore(
  tx: Conn,
  blockId: number,
  paperId: number,
  subjectId: number,
  s: { score: number; questionScores: Record<string, number>; source: string },
): Promise<void> {
  await executePrepared(
    tx,
    sql`insert into block_score (block_id, paper_id, subject_id, score, question_scores, source)
    values (${blockId}, ${paperId}, ${subjectId}, ${s.score}, ${JSON.stringify(s.questionScores)}::jsonb, ${s.source})
    on conflict (block_id, paper_id) do update set score = excluded.score,
      question_scores = excluded.question_scores, source = excluded.source, decided_by = null, decided_at = now()`,
  );
}

/**
 * The paper's final score in the block from its submitted marks (packages/scoring `decide`), run in the
 * transaction of every change of a mark. Writes or replaces block_score, or asks for a third mark (slot 3) or a
 * leader's arbitration (slot 9); a slot-3/9 task no longer needed is removed while nobody holds it. A submitted
 * arbitration (slot 9) is final. A leader's or strip score is kept. Locks the paper's tasks first.
 */
export async function finalize(
  tx: Conn,
  blockId: number,
  paperId: number,
  /** the block's rules when the caller has just read them */
  known?: BlockRules,
  /** the paper's tasks and block score source when the caller has read them with the tasks locked */
  seen?: PaperSeen,
): Promise<FinalOutcome> {
  const rules = known ?? (await blockRules(tx, blockId));
  if (!rules) return 'wait';
  const tasks = seen?.tasks ?? (await lockPaperTasks(tx, blockId, paperId));
  const kept = seen
    ? seen.kept
    : (rowsOf<{ source: string }>(
        await tx.execute(
          sql`select source from block_score where block_id = ${blockId} and paper_id = ${paperId}`,
        ),
      )[0]?.source ?? null);
  if (kept && KEPT_SOURCES.has(kept)) return 'kept';
  const slot = (n: number) => tasks.find((t) => t.slot === n);
  const done = (n: number) => {
    const t = slot(n);
    return t?.status === 'submitted' && t.question_scores ? t.question_scores : undefined;
  };
  const removeUnheld = async (n: number) => {
    const t = slot(n);
    if (t && unheld(t)) await tx.execute(sql`delete from mark_task where id = ${t.id}`);
  };
  const ensure = async (n: number) => {
    const base = slot(1);
    if (!base || slot(n)) return;
    await tx.execute(sql`insert into mark_task (subject_id, block_id, paper_id, school_id, class_id, slot)
      values (${base.subject_id}, ${blockId}, ${paperId}, ${base.school_id}, ${base.class_id}, ${n})
      on conflict do nothing`);
  };
  const clearScore = () =>
    tx.execute(sql`delete from block_score where block_id = ${blockId} and paper_id = ${paperId}`);

  const arbitrated = done(MarkSlot.arbitration);
  if (arbitrated) {
    const score = Math.round(Object.values(arbitrated).reduce((a, v) => a + v, 0) * 10) / 10;
    await writeScore(tx, blockId, paperId, rules.subjectId, {
      score,
      questionScores: arbitrated,
      source: BlockScoreSource.arbitration,
    });
    return 'arbitrated';
  }
  // marks in slot order, as a prefix: a missing first or second mark means the paper waits
  const marks: Record<string, number>[] = [];
  for (const n of [MarkSlot.first, MarkSlot.second, MarkSlot.third]) {
    const m = done(n);
    if (!m) break;
    marks.push(m);
  }
  const d = decide({
    markCount: rules.markCount,
    threshold: rules.threshold,
    rule: rules.finalRule,
    arbitration: rules.arbitration,
    questions: rules.questions,
    marks,
  });
  if (d.kind === 'final') {
    await writeScore(tx, blockId, paperId, rules.subjectId, {
      score: d.total,
      questionScores: d.scores,
      source: d.source,
    });
    if (d.source !== BlockScoreSource.third) await removeUnheld(MarkSlot.third);
    await removeUnheld(MarkSlot.arbitration);
    return d.kind;
  }
  await clearScore();
  if (d.kind === 'third') {
    await ensure(MarkSlot.third);
    await removeUnheld(MarkSlot.arbitration);
  } else if (d.kind === 'arbitration') await ensure(MarkSlot.arbitration);
  return d.kind;
}

/** Re-derives the subject score of a paper whose block score changed (the score module's hook). */
export type PaperScored = (tx: Tx, paperId: number) => Promise<void>;

/**
 * `finalize` followed, when the paper's block score was written or cleared, by the re-derivation of its subject
 * score in the same transaction: scores follow every mark without a recompute.
 */
export function finalizer(onScore?: PaperScored) {
  return async (
    tx: Tx,
    blockId: number,
    paperId: number,
    known?: BlockRules,
    seen?: PaperSeen,
  ): Promise<FinalOutcome> => {
    const out = await finalize(tx, blockId, paperId, known, seen);
    if (onScore && out !== 'wait' && out !== 'kept') await onScore(tx, paperId);
    return out;
  };
}
export type Finalizer = ReturnType<typeof finalizer>;
