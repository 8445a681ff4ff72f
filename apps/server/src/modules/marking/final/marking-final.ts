import { BlockScoreSource, MarkSlot } from '@yj/contracts';
import type { SQL } from 'drizzle-orm';
import { decide, type Decision } from '@yj/scoring';
import type { PaperScore } from '../../../db/schema';
import type { Db, Tx } from '../../../infra/db';
import { blockRules, type BlockRules } from '../rules/mark-rules';
import {
  blockScoreSource,
  deleteStripScores,
  finalSql,
  insertStripScores,
  insertSubjectTasks,
  lockPaperTasks,
  poolInsertSettings,
  stripPapers,
  runWrites,
  subjectBlockNos,
  type PaperSeen,
  type SlotRow,
} from './marking-final.repo';

/** A transaction or the database: every function here runs on what the caller gives it. */
type Conn = Tx | Db;

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
  const papers = await stripPapers(tx, subjectId);
  if (!papers.length) return;
  const blocks = await subjectBlockNos(tx, subjectId);
  const scores = papers.flatMap((p) =>
    blocks.flatMap((b) => {
      const s = stripScore(p.scores, b.nos);
      return s ? [{ blockId: b.id, paperId: p.id, subjectId, ...s, source: BlockScoreSource.xianyue }] : [];
    }),
  );
  await insertStripScores(tx, scores);
}

/**
 * 先阅后扫统分: the block scores read from the strips again (a sheet rescanned or a strip fixed since the last
 * 统分 must not keep its old score), then written like at review start. Only strip-sourced rows are replaced:
 * marks and a leader's scores stay.
 */
export async function refreshStripScores(tx: Conn, subjectId: number): Promise<void> {
  await deleteStripScores(tx, subjectId);
  await writeStripScores(tx, subjectId);
}

/**
 * The task pool of a subject (DESIGN.md §5): slot 1 (and 2 for double marking) of every block for every live,
 * recognised paper of a present examinee. Idempotent (unique block × paper × slot): run at review start and for
 * papers recognised while reviewing. A block already scored (先阅后扫 strips) gets no task.
 */
export async function createTasks(tx: Conn, subjectId: number): Promise<number> {
  await poolInsertSettings(tx);
  await writeStripScores(tx, subjectId);
  return insertSubjectTasks(tx, subjectId);
}

/** A task nobody holds and nobody marked: it may be removed when the paper no longer needs it. */
const unheld = (t: SlotRow): boolean =>
  t.submitted_at === null &&
  (t.status === 'pending' || (t.status === 'leased' && new Date(t.lease_until!).getTime() < Date.now()));

/** Sources a person chose directly: marks do not overrule them (a leader's score, the strips). */
const KEPT_SOURCES = new Set<string>([BlockScoreSource.leader, BlockScoreSource.xianyue]);

export type FinalOutcome = Decision['kind'] | 'arbitrated' | 'kept';

/** What finalize decided for a paper, and the writes that carry it out (not yet run). */
export interface FinalPlan {
  outcome: FinalOutcome;
  writes: SQL[];
}

/**
 * The paper's final score in the block from its submitted marks (packages/scoring `decide`), as writes: the
 * block score written or replaced, or a third mark (slot 3) or a leader's arbitration (slot 9) asked for; a
 * slot-3/9 task no longer needed is removed while nobody holds it. A submitted arbitration (slot 9) is final. A
 * leader's or strip score is kept. Pure: `seen` is the paper's tasks read under their lock.
 */
export function planFinal(blockId: number, paperId: number, rules: BlockRules, seen: PaperSeen): FinalPlan {
  const { tasks, kept } = seen;
  const writes: SQL[] = [];
  const plan = (outcome: FinalOutcome): FinalPlan => ({ outcome, writes });
  if (kept && KEPT_SOURCES.has(kept)) return plan('kept');
  const slot = (n: number) => tasks.find((t) => t.slot === n);
  const done = (n: number) => {
    const t = slot(n);
    return t?.status === 'submitted' && t.question_scores ? t.question_scores : undefined;
  };
  const removeUnheld = (n: number) => {
    const t = slot(n);
    if (t && unheld(t)) writes.push(finalSql.deleteTask(t.id));
  };
  const ensure = (n: number) => {
    const base = slot(1);
    if (base && !slot(n)) writes.push(finalSql.insertSlot(base, blockId, paperId, n));
  };
  const score = (questionScores: Record<string, number>, total: number, source: string) =>
    writes.push(
      finalSql.upsertBlockScore({ blockId, paperId, subjectId: rules.subjectId, score: total, questionScores, source }),
    );

  const arbitrated = done(MarkSlot.arbitration);
  if (arbitrated) {
    const total = Math.round(Object.values(arbitrated).reduce((a, v) => a + v, 0) * 10) / 10;
    score(arbitrated, total, BlockScoreSource.arbitration);
    return plan('arbitrated');
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
    score(d.scores, d.total, d.source);
    if (d.source !== BlockScoreSource.third) removeUnheld(MarkSlot.third);
    removeUnheld(MarkSlot.arbitration);
    return plan(d.kind);
  }
  writes.push(finalSql.deleteBlockScore(blockId, paperId));
  if (d.kind === 'third') {
    ensure(MarkSlot.third);
    removeUnheld(MarkSlot.arbitration);
  } else if (d.kind === 'arbitration') ensure(MarkSlot.arbitration);
  return plan(d.kind);
}

/**
 * `planFinal` on the paper's tasks (locked first unless the caller read them so), its writes run in the
 * transaction of every change of a mark.
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
  const read = seen ?? {
    tasks: await lockPaperTasks(tx, blockId, paperId),
    kept: await blockScoreSource(tx, blockId, paperId),
  };
  const { outcome, writes } = planFinal(blockId, paperId, rules, read);
  await runWrites(tx, writes);
  return outcome;
}

/** Re-derives the subject score of a paper whose block score changed (the score module's hook). */
export type PaperScored = (tx: Tx, paperId: number) => Promise<void>;
/** The same hook as a statement to run with finalize's writes (`planned`). */
export type PaperScoredSql = (paperId: number) => SQL;

/** Whether the paper's block score was written or cleared: its subject score follows. */
const rescored = (out: FinalOutcome) => out !== 'wait' && out !== 'kept';

/**
 * `finalize` followed, when the paper's block score was written or cleared, by the re-derivation of its subject
 * score in the same transaction: scores follow every mark without a recompute. `planned` answers the same as
 * writes not yet run, the hook's statement among them (`onScoreSql`), for a caller that folds them into one
 * statement of its own.
 */
export function finalizer(onScore?: PaperScored, onScoreSql?: PaperScoredSql) {
  const run = async (
    tx: Tx,
    blockId: number,
    paperId: number,
    known?: BlockRules,
    seen?: PaperSeen,
  ): Promise<FinalOutcome> => {
    const out = await finalize(tx, blockId, paperId, known, seen);
    if (onScore && rescored(out)) await onScore(tx, paperId);
    return out;
  };
  const planned = (blockId: number, paperId: number, rules: BlockRules, seen: PaperSeen): FinalPlan => {
    const p = planFinal(blockId, paperId, rules, seen);
    if (onScoreSql && rescored(p.outcome)) p.writes.push(onScoreSql(paperId));
    return p;
  };
  return Object.assign(run, { planned });
}
export type Finalizer = ReturnType<typeof finalizer>;
