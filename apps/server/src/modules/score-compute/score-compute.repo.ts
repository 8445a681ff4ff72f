import { and, asc, eq, isNull, sql, type SQL } from 'drizzle-orm';
import type { KeyQuestion, SubjectKey } from '@yj/scoring';
import { intArray, rowsOf, type Db } from '../../infra/db';
import { executePrepared, runPrepared } from '../../infra/prepared';
import { block, examinee, paper, question, subject } from '../../db/schema';

/** What one examinee's score is derived from, as one row of a batch. */
export interface ScoreSource {
  examineeId: number;
  paperId: number | null;
  objective: Record<string, string[] | null> | null;
  /** 先阅后扫 strips: name → the question(s) and the score written on the sheet */
  strips: Record<string, { question: string; value: number | null }> | null;
  paperType: string | null;
  /** final block scores, one question → score map per block (in block order) */
  blockScores: Array<Record<string, number>> | null;
  adjusted: Record<string, number> | null;
  absent: boolean;
  irregular: boolean;
}

/** What deriving reads of a subject: its exam, whether its scores were imported, its key and its blocks. */
export interface Scoring {
  id: number;
  examId: number;
  scoresImported: boolean;
  key: SubjectKey;
  blockIds: number[];
}

/** A subject that is not deleted: by its id, or by the column holding it (a paper's subject). */
const live = (id: number | typeof paper.subjectId) =>
  and(typeof id === 'number' ? eq(subject.id, id) : eq(subject.id, id), isNull(subject.deletedAt));

// The subqueries name the outer "subject" in full: drizzle writes a one-table select's columns unqualified, and
// a bare "id" inside them would be the inner table's.

/** The objective key, one JSON object a question in key order (the scorer's KeyQuestion, numbers as numbers). */
const keyQuestions = sql<KeyQuestion[]>`coalesce((
  select jsonb_agg(jsonb_build_object('no', q.no, 'kind', q.kind, 'score', q.score, 'partialScore', q.partial_score,
      'partialRule', q.partial_rule, 'answer', q.answer, 'answerB', q.answer_b, 'bNo', q.b_no, 'special', q.special)
    order by q.sort, q.id)
  from ${question} q where q.subject_id = "subject".id and q.kind <> 'subjective'), '[]'::jsonb)`;

const scoringFields = {
  // set_config(…, true) is `set local`: for the rest of the caller's transaction
  jit: sql<string>`set_config('jit', 'off', true)`,
  id: subject.id,
  examId: subject.examId,
  scoresImported: subject.scoresImported,
  abEnabled: subject.abEnabled,
  optionalGroups: subject.optionalGroups,
  questions: keyQuestions,
  blockIds: sql<number[]>`array(select b.id from ${block} b where b.subject_id = "subject".id order by b.id)`,
};

interface ScoringRow {
  id: number;
  examId: number;
  scoresImported: boolean;
  abEnabled: boolean;
  optionalGroups: SubjectKey['optionalGroups'];
  questions: KeyQuestion[];
  blockIds: number[];
}

function scoringOf(row: ScoringRow): Scoring {
  const objective: KeyQuestion[] = row.questions.map((r) => ({
    no: r.no,
    kind: r.kind,
    score: Number(r.score),
    partialScore: r.partialScore === null ? null : Number(r.partialScore),
    partialRule: r.partialRule,
    answer: r.answer,
    answerB: r.answerB,
    bNo: r.bNo,
    special: r.special,
  }));
  return {
    id: row.id,
    examId: row.examId,
    scoresImported: row.scoresImported,
    key: { objective, optionalGroups: row.optionalGroups, abEnabled: row.abEnabled },
    blockIds: row.blockIds.map(Number),
  };
}

/**
 * A statement for one examinee (a recognised paper's, every paper sends it) is named, parsed and planned once a
 * connection (infra/prepared.ts); one for a batch of a full re-score is planned for its batch: a named
 * statement's plan, made once, cannot know the size of the array it is given.
 */
const executeSized = (n: number, db: Db, query: SQL) => (n === 1 ? executePrepared(db, query) : db.execute(query));

/** One derived row to write. */
export interface ScoreRow {
  e: number;
  p: number | null;
  o: number | null;
  s: number | null;
  t: number | null;
  q: Record<string, number>;
  a: boolean;
}

/** The reads and the write of score derivation: sources in batches of examinees, rows written in one statement. */
export function scoreComputeRepo(db: Db) {
  return {
    /**
     * What deriving needs of a subject, in one statement (it was four: `set local jit = off`, the subject, its
     * objective key, its blocks): read again for every call — every recognised paper — so a key or a block edited
     * in another process (the API beside `npm run worker`, another host) counts from the next paper on, with no
     * cache to invalidate. null: no such subject, or deleted.
     *
     * It also turns JIT compilation off for the rest of the caller's transaction: the batch read's estimates are
     * far off (jsonb expanded per sheet), which turns JIT on, seconds of compiling for a statement that runs in a
     * fraction of one.
     */
    async scoring(subjectId: number): Promise<Scoring | null> {
      const [row] = await db.select(scoringFields).from(subject).where(live(subjectId));
      return row ? scoringOf(row) : null;
    },

    /**
     * The same for a paper's subject, with the paper's subject and examinee (the paper hook's question), in one
     * statement. null: no such paper; `scoring` null: its subject is deleted.
     */
    async paperScoring(
      paperId: number,
    ): Promise<{ subjectId: number; examineeId: number | null; scoring: Scoring | null } | null> {
      const [row] = await runPrepared(
        db
          .select({ paperSubject: paper.subjectId, paperExaminee: paper.examineeId, ...scoringFields })
          .from(paper)
          .leftJoin(subject, live(paper.subjectId))
          .where(eq(paper.id, paperId)),
      );
      if (!row) return null;
      const { paperSubject, paperExaminee, ...s } = row;
      return {
        subjectId: paperSubject,
        examineeId: paperExaminee,
        scoring: s.id === null ? null : scoringOf(s as ScoringRow),
      };
    },

    /** Every examinee of the exam, by id (a full recompute cuts them into batches). */
    async examineeIds(examId: number): Promise<number[]> {
      const rows = await db
        .select({ id: examinee.id })
        .from(examinee)
        .where(eq(examinee.examId, examId))
        .orderBy(asc(examinee.id));
      return rows.map((r) => r.id);
    },

    /**
     * The examinees `ids` of the exam with everything their score in the subject comes from, in no order. Every
     * part is an index lookup per examinee (the sheet by (subject, examinee), its block scores by (block, paper),
     * absence, adjustments, the 违纪 mark): a batch costs the same wherever it lies in the exam — a merge join over
     * the subject's sheets from the first one made each later batch slower (quadratic over a subject).
     */
    async sources(q: {
      subjectId: number;
      examId: number;
      blockIds: number[];
      ids: number[];
    }): Promise<ScoreSource[]> {
      const r = await executeSized(
        q.ids.length,
        db,
        sql`
        select e.id as "examineeId", p.id as "paperId", p.objective, p.scores as strips,
          coalesce(p.paper_type, e.paper_type) as "paperType",
          (select jsonb_agg(b.question_scores order by b.block_id) from block_score b
           where b.block_id = any(${intArray(q.blockIds)}) and b.paper_id = p.id) as "blockScores",
          (select jsonb_object_agg(a.question_no, a.after::float8 order by a.id) from score_adjustment a
           where a.examinee_id = e.id and a.subject_id = ${q.subjectId}) as adjusted,
          exists (select from absence ab where ab.examinee_id = e.id and ab.subject_id = ${q.subjectId}) as absent,
          coalesce((select s.irregular from score s where s.subject_id = ${q.subjectId} and s.examinee_id = e.id),
            false) as irregular
        from examinee e
        left join paper p on p.subject_id = ${q.subjectId} and p.examinee_id = e.id and p.deleted_at is null
        where e.id = any(${intArray(q.ids)}) and e.exam_id = ${q.examId}`,
      );
      return rowsOf<ScoreSource>(r);
    },

    /** Writes derived rows; a row whose figures did not change is left alone (a key change rewrites only what moved). */
    async write(subjectId: number, rows: ScoreRow[]): Promise<void> {
      if (!rows.length) return;
      await executeSized(
        rows.length,
        db,
        sql`
        insert into score (subject_id, examinee_id, paper_id, objective, subjective, total, question_scores, absent)
        select ${subjectId}, x.e, x.p, x.o, x.s, x.t, x.q, x.a
        from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb)
          as x(e int, p int, o numeric, s numeric, t numeric, q jsonb, a boolean)
        on conflict (subject_id, examinee_id) do update set
          paper_id = excluded.paper_id, objective = excluded.objective, subjective = excluded.subjective,
          total = excluded.total, question_scores = excluded.question_scores, absent = excluded.absent,
          computed_at = now()
        where (score.paper_id, score.objective, score.subjective, score.total, score.question_scores, score.absent)
          is distinct from
          (excluded.paper_id, excluded.objective, excluded.subjective, excluded.total, excluded.question_scores,
           excluded.absent)`,
      );
    },
  };
}
export type ScoreComputeRepo = ReturnType<typeof scoreComputeRepo>;
