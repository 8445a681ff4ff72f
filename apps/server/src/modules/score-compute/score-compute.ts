import { objectiveScorer, subjectScore, type ObjectiveResult, type SubjectKey } from '@yj/scoring';
import { fail } from '../../errors';
import type { Db } from '../../infra/db';
import type { JobPayload, Jobs } from '../../infra/jobs';
import type { ScoreComputeRepo, ScoreRow, ScoreSource, Scoring } from './score-compute.repo';

/** The job that re-derives a whole subject (a key change, a recompute on demand). Idempotent. */
export const SCORE_SUBJECT = 'score.subject';
export type ScoreSubjectPayload = JobPayload<typeof SCORE_SUBJECT>;

/** What the scan module calls when a sheet changed (recognised, fixed, moved to another examinee). */
export type PaperScoreHook = (tx: Db, paperId: number, previousExamineeId?: number | null) => Promise<void>;

/** What a change of absence calls: these examinees' scores in the subject follow, in the same transaction. */
export type ExamineeScoreHook = (tx: Db, subjectId: number, examineeIds: number[]) => Promise<void>;

/**
 * Examinees derived per batch: one read and one write statement each, memory bounded (bench:scores: 5,000 keeps
 * the scoring process near 330 MB peak at 100,000 examinees against 440 MB with 10,000, at the same speed).
 */
const BATCH = 5_000;

/** The subjective scores of a sheet: marking's final block scores, else the 先阅后扫 strips written on it. */
function subjectiveOf(s: ScoreSource): Record<string, number> {
  const out: Record<string, number> = {};
  for (const b of s.blockScores ?? []) Object.assign(out, b);
  if (Object.keys(out).length) return out;
  for (const strip of Object.values(s.strips ?? {}))
    if (strip.value !== null) out[strip.question] = strip.value;
  return out;
}

type Scorer = (chosen: Record<string, string[] | null>, paperType: string | null) => ObjectiveResult;

function derive(key: SubjectKey, score: Scorer, s: ScoreSource): ScoreRow {
  const r = subjectScore({
    absent: s.absent,
    irregular: s.irregular,
    hasPaper: s.paperId !== null,
    objective: score(s.objective ?? {}, s.paperType),
    subjective: subjectiveOf(s),
    adjusted: s.adjusted ?? {},
    groups: key.optionalGroups,
  });
  return {
    e: s.examineeId,
    p: s.paperId,
    o: r.objective,
    s: r.subjective,
    t: r.total,
    q: r.questions,
    a: s.absent,
  };
}

/**
 * Score derivation (DESIGN.md §6): every examinee of the subject's exam gets a `score` row from the objective
 * answers and the key, the final block scores (or strips), absence and adjustments. Batched by examinee id: a
 * batch is one read and one write, and a row that did not change is not rewritten.
 */
export function scoreCompute(d: {
  db: Db;
  /** score-compute.repo.ts, passed in by score-compute.module.ts (`scoreComputing`) */
  repo: (db: Db) => ScoreComputeRepo;
  queue?: Jobs;
  /** batches of a full recompute in flight at once, each its own transaction (1 on a single-connection PGlite) */
  lanes?: number;
}) {
  /** Derives the examinees `ids` of the subject, BATCH at a time: one read and one write statement each. */
  async function run(db: Db, s: Scoring | null, ids: number[]): Promise<number> {
    if (!s) throw fail('subjectNotFound');
    // imported scores (成绩导入) have no sheets to derive from: deriving would blank them
    if (s.scoresImported) return 0;
    const repo = d.repo(db);
    const scorer = objectiveScorer(s.key);
    let n = 0;
    for (let i = 0; i < ids.length; i += BATCH) {
      const sources = await repo.sources({
        subjectId: s.id,
        examId: s.examId,
        blockIds: s.blockIds,
        ids: ids.slice(i, i + BATCH),
      });
      await repo.write(
        s.id,
        sources.map((x) => derive(s.key, scorer, x)),
      );
      n += sources.length;
    }
    return n;
  }

  /**
   * The whole subject: its examinees cut into batches, `lanes` of them in flight at once (one is read while
   * another is derived and written), each batch one transaction. Returns the examinees derived.
   */
  async function recompute(subjectId: number): Promise<number> {
    const repo = d.repo(d.db);
    const s = await repo.scoring(subjectId);
    if (!s) throw fail('subjectNotFound');
    const ids = await repo.examineeIds(s.examId);
    const batches: number[][] = [];
    for (let i = 0; i < ids.length; i += BATCH) batches.push(ids.slice(i, i + BATCH));
    let next = 0;
    const lane = async () => {
      while (next < batches.length) {
        const batch = batches[next++]!;
        // read again in each batch's transaction: it also turns JIT off there
        await d.db.transaction(async (tx) => run(tx, await d.repo(tx).scoring(subjectId), batch));
      }
    };
    await Promise.all(Array.from({ length: Math.max(1, d.lanes ?? 2) }, lane));
    return ids.length;
  }

  return {
    recompute,

    /** Re-derives some examinees inside the caller's transaction (a paper recognised, fixed or moved). */
    examinees: (async (tx, subjectId, examineeIds) => {
      if (examineeIds.length) await run(tx, await d.repo(tx).scoring(subjectId), examineeIds);
    }) satisfies ExamineeScoreHook as ExamineeScoreHook,

    /** The hook of the scan module: a paper's answers, type or examinee changed. */
    paper: (async (tx, paperId, previousExamineeId) => {
      // the paper and its subject's key in one statement (a recognised paper's hook: 3 statements, not 7)
      const p = await d.repo(tx).paperScoring(paperId);
      if (!p) return;
      const ids = [p.examineeId, previousExamineeId].filter((x): x is number => typeof x === 'number');
      if (ids.length) await run(tx, p.scoring, [...new Set(ids)]);
    }) satisfies PaperScoreHook as PaperScoreHook,

    /** Queues the re-derivation of a subject (after a key change); the job runs it once per request. */
    async enqueue(subjectId: number): Promise<void> {
      if (!d.queue) throw new Error('score queue not wired');
      const payload: ScoreSubjectPayload = { subjectId };
      await d.queue.enqueue(SCORE_SUBJECT, payload);
    },
  };
}
export type ScoreCompute = ReturnType<typeof scoreCompute>;

/** Registers the subject re-derivation job on a queue (API process or `npm run worker`). */
export function registerScoreJobs(queue: Jobs, compute: ScoreCompute): void {
  queue.register(SCORE_SUBJECT, async ({ subjectId }) => {
    await compute.recompute(subjectId);
    return 'done';
  });
}
