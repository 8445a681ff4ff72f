import { sql } from 'drizzle-orm';
import { ExamRole, type BlockRegion, type SampleKind } from '@yj/contracts';
import { rowsOf, type Db, type Tx } from '../../infra/db';
import { readMarkRows, type MarkJsonb } from '../../db/stored';

/** Rows of a raw read with their jsonb columns (trial_paper, trial_mark, standard_mark, sample_paper) parsed as they leave the database. */
const parsedRows = <T extends MarkJsonb>(r: unknown) =>
  readMarkRows(rowsOf<T>(r), 'trial_paper, trial_mark, standard_mark, sample_paper');

/** The kind a trial paper is kept as (样卷 / 标准卷), or null. */
const keptKind = sql`(select sp.kind from sample_paper sp
  where sp.block_id = tp.block_id and sp.paper_id = tp.paper_id) as kind`;

export interface TrialPaperRow {
  id: number;
  block_id: number;
  paper_id: number;
  ref_score: string | null;
  ref_question_scores: Record<string, number> | null;
  ref_point_scores: Record<string, number[]> | null;
  comment: string;
  /** the kind it is kept as, or null */
  kind: SampleKind | null;
}

/** A reference as stored: the block total, per question and per 给分点 (JSON text or null). */
interface Reference {
  score: number;
  questionScores: Record<string, number>;
  points: string | null;
  comment: string;
}

/**
 * The SQL of the leaders' side of 试评 (trial-lead.service.ts): trial papers with their references and marks,
 * 样卷 / 标准卷 kept, the 标准卷 rate and the 标准卷 marks.
 */
export function trialLeadRepo(db: Db | Tx) {
  return {
    /** A trial paper with its exam and the kind it is kept as. */
    async paper(trialPaperId: number) {
      const [r] = parsedRows<TrialPaperRow & { exam_id: number; subject_id: number }>(
        await db.execute(sql`select tp.*, s.exam_id, ${keptKind}
        from trial_paper tp join subject s on s.id = tp.subject_id where tp.id = ${trialPaperId}`),
      );
      return r ?? null;
    },

    papers: async (blockId: number) =>
      parsedRows<TrialPaperRow>(
        await db.execute(sql`select tp.id, tp.block_id, tp.paper_id, tp.ref_score, tp.ref_question_scores,
            tp.ref_point_scores, tp.comment, ${keptKind}
          from trial_paper tp where tp.block_id = ${blockId} order by tp.id`),
      ),

    /** The block's submitted trial marks with the markers' names. */
    marks: async (blockId: number) =>
      parsedRows<{
        trial_paper_id: number;
        user_id: number;
        name: string;
        score: string;
        question_scores: Record<string, number>;
      }>(
        await db.execute(sql`select m.trial_paper_id, m.user_id, u.name, m.score, m.question_scores
          from trial_mark m join "user" u on u.id = m.user_id
          where m.block_id = ${blockId} and m.status = 'submitted' order by m.user_id`),
      ),

    /** The block's markers with their names. */
    markers: async (blockId: number) =>
      rowsOf<{ user_id: number; name: string }>(
        await db.execute(sql`select r.user_id, u.name from block_reviewer r join "user" u on u.id = r.user_id
          where r.block_id = ${blockId} and r.role = ${ExamRole.reviewers} order by r.user_id`),
      ),

    standardCount: async (blockId: number) =>
      rowsOf<{ n: number }>(
        await db.execute(sql`select count(*)::int as n from sample_paper
            where block_id = ${blockId} and kind = 'standard'`),
      )[0]!.n,

    /** The leader's reference on the trial paper and on the 样卷 / 标准卷 kept of it. */
    async reference(tp: { id: number; block_id: number; paper_id: number }, s: Reference, userId: number) {
      const trialPaperId = tp.id;
      const points = s.points;
      await db.execute(sql`update trial_paper set ref_score = ${s.score},
          ref_question_scores = ${JSON.stringify(s.questionScores)}::jsonb, ref_point_scores = ${points}::jsonb,
          comment = ${s.comment}, ref_by = ${userId} where id = ${trialPaperId}`);
      await db.execute(sql`update sample_paper set score = ${s.score},
          question_scores = ${JSON.stringify(s.questionScores)}::jsonb, point_scores = ${points}::jsonb,
          comment = ${s.comment} where block_id = ${tp.block_id} and paper_id = ${tp.paper_id}`);
    },

    /** The trial paper kept as a 样卷 or 标准卷 with its reference (once). */
    async keep(trialPaperId: number, kind: SampleKind, userId: number) {
      await db.execute(sql`insert into sample_paper (subject_id, block_id, paper_id, score, question_scores,
              point_scores, comment, kind, created_by)
            select subject_id, block_id, paper_id, ref_score, ref_question_scores, ref_point_scores, comment,
              ${kind}, ${userId}
            from trial_paper where id = ${trialPaperId}
            on conflict (block_id, paper_id) do nothing`);
    },

    /** How many standard marks were handed out of the paper kept in the block. */
    handedOut: async (tp: { block_id: number; paper_id: number }) =>
      rowsOf<{ n: number }>(
        await db.execute(sql`select count(*)::int as n from standard_mark m join sample_paper sp
              on sp.id = m.sample_paper_id where sp.block_id = ${tp.block_id} and sp.paper_id = ${tp.paper_id}`),
      )[0]?.n ?? 0,

    async unkeep(tp: { block_id: number; paper_id: number }, kind: SampleKind) {
      await db.execute(sql`delete from sample_paper where block_id = ${tp.block_id}
            and paper_id = ${tp.paper_id} and kind = ${kind}`);
    },

    /** The block's 标准卷 rate (null: off). */
    async setRate(blockId: number, value: number | null, userId: number) {
      await db.execute(sql`insert into block_quality (block_id, standard_every, updated_by)
          values (${blockId}, ${value}, ${userId})
          on conflict (block_id) do update set standard_every = excluded.standard_every,
            updated_by = excluded.updated_by, updated_at = now()`);
    },

    /** Every submitted mark of a 标准卷 in the block, oldest first (10,000 at most). */
    standardMarks: async (blockId: number) =>
      parsedRows<{
        user_id: number;
        name: string;
        sample_paper_id: number;
        score: string;
        question_scores: Record<string, number>;
        ref_score: string;
        submitted_at: Date | string;
      }>(
        await db.execute(sql`select m.user_id, u.name, m.sample_paper_id, m.score, m.question_scores,
            m.ref_score, m.submitted_at
          from standard_mark m join "user" u on u.id = m.user_id
          where m.block_id = ${blockId} and m.kind = 'standard' and m.status = 'submitted'
          order by m.submitted_at, m.id limit 10000`),
      ),

    /** The block's 样卷. */
    samples: async (blockId: number) =>
      parsedRows<{
        id: number;
        score: string;
        question_scores: Record<string, number>;
        point_scores: Record<string, number[]> | null;
        comment: string;
      }>(
        await db.execute(sql`select id, score, question_scores, point_scores, comment from sample_paper
          where block_id = ${blockId} and kind = 'sample' order by id`),
      ),

    /** A 样卷's block and paper; a 标准卷 is never shown as an example. */
    async sample(sampleId: number) {
      const [s] = rowsOf<{ block_id: number; paper_id: number }>(
        await db.execute(
          sql`select block_id, paper_id from sample_paper where id = ${sampleId} and kind = 'sample'`,
        ),
      );
      return s ?? null;
    },

    async regions(blockId: number): Promise<BlockRegion[]> {
      const [b] = parsedRows<{ regions: BlockRegion[] }>(
        await db.execute(sql`select regions from block where id = ${blockId}`),
      );
      return b?.regions ?? [];
    },
  };
}
export type TrialLeadRepo = typeof trialLeadRepo;
