import { sql } from 'drizzle-orm';
import {
  type BlockRegion,
  type Principal,
  type SampleKind,
  type SamplePaper,
  type StandardMarkItem,
  type TrialLeadView,
  type TrialReferenceInput,
} from '@yj/contracts';
import { deviation, markerDeviation } from '@yj/scoring';
import { fail, forbidden } from '../../errors';
import { rowsOf, type Db } from '../../infra/db';
import type { AuditService } from '../audit/audit.service';
import type { Actor } from '../../lib/actor';
import { assertAllows } from '../subject/subject-state';
import { blockRules } from '../marking/marking-final';
import type { LeadAccess } from '../marking/marking-lead-access';
import { assertMarks, ROLE_MARKER, scoresOf } from '../marking/marking.service';
import type { PaperImage } from './trial-mark.service';
import type { StandardRates } from './standard.service';

/** The kind a trial paper is kept as (样卷 / 标准卷), or null. */
const keptKind = sql`(select sp.kind from sample_paper sp
  where sp.block_id = tp.block_id and sp.paper_id = tp.paper_id) as kind`;

export const trialPaperImageUrl = (id: number) => `/filter/api/marking/trial/paper/${id}/image`;
export const sampleImageUrl = (id: number) => `/filter/api/marking/sample/${id}/image`;

interface PaperRow {
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

/** The leader's trial screen: every marker's marks per trial paper, reference scores, deviations, 样卷. */
export function trialLeadService(d: {
  db: Db;
  audit: AuditService;
  paperImage: PaperImage;
  rates: StandardRates;
  /** the marking module's leader access (built on its repository at the composition root) */
  access: LeadAccess;
  /** the user's roles in a block (the marking module's) */
  roles: (blockId: number, userId: number) => Promise<number[]>;
}) {
  const access = d.access;

  async function trialPaper(trialPaperId: number) {
    const [r] = rowsOf<PaperRow & { exam_id: number; subject_id: number }>(
      await d.db.execute(sql`select tp.*, s.exam_id, ${keptKind}
        from trial_paper tp join subject s on s.id = tp.subject_id where tp.id = ${trialPaperId}`),
    );
    if (!r) throw fail('试评试卷不存在');
    return r;
  }

  return {
    async view(blockId: number, p: Principal): Promise<TrialLeadView> {
      const { b } = await access.block(blockId, p);
      const rules = await blockRules(d.db, blockId);
      if (!rules) throw fail('题块不存在或已删除');
      const papers = rowsOf<PaperRow>(
        await d.db.execute(sql`select tp.id, tp.block_id, tp.paper_id, tp.ref_score, tp.ref_question_scores,
            tp.ref_point_scores, tp.comment, ${keptKind}
          from trial_paper tp where tp.block_id = ${blockId} order by tp.id`),
      );
      const marks = rowsOf<{
        trial_paper_id: number;
        user_id: number;
        name: string;
        score: string;
        question_scores: Record<string, number>;
      }>(
        await d.db.execute(sql`select m.trial_paper_id, m.user_id, u.name, m.score, m.question_scores
          from trial_mark m join "user" u on u.id = m.user_id
          where m.block_id = ${blockId} and m.status = 'submitted' order by m.user_id`),
      );
      const markers = rowsOf<{ user_id: number; name: string }>(
        await d.db
          .execute(sql`select r.user_id, u.name from block_reviewer r join "user" u on u.id = r.user_id
          where r.block_id = ${blockId} and r.role = ${ROLE_MARKER} order by r.user_id`),
      );
      const refOf = new Map(papers.map((x) => [x.id, x.ref_score === null ? null : Number(x.ref_score)]));
      const items = marks.map((m) => ({
        trialPaperId: m.trial_paper_id,
        userId: m.user_id,
        markerName: m.name,
        score: Number(m.score),
        questionScores: m.question_scores,
        deviation: deviation(Number(m.score), refOf.get(m.trial_paper_id) ?? null),
      }));
      // markers who left the block but marked in the trial still count
      const people = new Map(markers.map((m) => [m.user_id, m.name]));
      for (const m of items) if (!people.has(m.userId)) people.set(m.userId, m.markerName);
      return {
        blockId,
        blockName: rules.name,
        subjectStatus: b.subjectStatus,
        fullScore: Math.round(rules.questions.reduce((a, q) => a + q.fullScore, 0) * 10) / 10,
        questions: rules.questions,
        canEdit: [1, 2, 3, 4].includes(b.subjectStatus),
        standardEvery: await d.rates.of(blockId),
        standardCount: rowsOf<{ n: number }>(
          await d.db.execute(sql`select count(*)::int as n from sample_paper
            where block_id = ${blockId} and kind = 'standard'`),
        )[0]!.n,
        papers: papers.map((x, i) => ({
          trialPaperId: x.id,
          seq: i + 1,
          imageUrl: trialPaperImageUrl(x.id),
          reference:
            x.ref_score === null
              ? null
              : {
                  score: Number(x.ref_score),
                  questionScores: x.ref_question_scores ?? {},
                  pointScores: x.ref_point_scores,
                  comment: x.comment,
                },
          sample: x.kind === 'sample',
          standard: x.kind === 'standard',
          marks: items.filter((m) => m.trialPaperId === x.id).map(({ trialPaperId: _, ...m }) => m),
        })),
        markers: [...people].map(([userId, markerName]) => {
          const dev = markerDeviation(items.filter((m) => m.userId === userId).map((m) => m.deviation));
          return {
            userId,
            markerName,
            marked: dev.marked,
            compared: dev.compared,
            meanDeviation: dev.mean,
            meanAbsDeviation: dev.meanAbs,
          };
        }),
      };
    },

    /** The leader's reference score (per question and 给分点) and comment; a kept 样卷 follows it. */
    async reference(trialPaperId: number, input: TrialReferenceInput, p: Principal) {
      const tp = await trialPaper(trialPaperId);
      const { b } = await access.block(tp.block_id, p);
      assertAllows(b.subjectStatus, 'trialReference');
      const rules = await blockRules(d.db, tp.block_id);
      if (!rules) throw fail('题块不存在或已删除');
      assertMarks(input.scores, rules);
      const s = scoresOf(input.scores);
      const points = s.pointScores ? JSON.stringify(s.pointScores) : null;
      await d.db.transaction(async (tx) => {
        await tx.execute(sql`update trial_paper set ref_score = ${s.score},
          ref_question_scores = ${JSON.stringify(s.questionScores)}::jsonb, ref_point_scores = ${points}::jsonb,
          comment = ${input.comment}, ref_by = ${p.userId} where id = ${trialPaperId}`);
        await tx.execute(sql`update sample_paper set score = ${s.score},
          question_scores = ${JSON.stringify(s.questionScores)}::jsonb, point_scores = ${points}::jsonb,
          comment = ${input.comment} where block_id = ${tp.block_id} and paper_id = ${tp.paper_id}`);
      });
      return { score: s.score };
    },

    /**
     * Keep the trial paper (with its reference) as a 样卷 for the block's markers or a 标准卷 hidden in their
     * streams, or stop keeping it. A 标准卷 already handed out stays kept (its marks are quality data).
     */
    async sample(trialPaperId: number, keep: boolean, kind: SampleKind, p: Principal, actor: Actor) {
      const tp = await trialPaper(trialPaperId);
      const { b } = await access.block(tp.block_id, p);
      assertAllows(b.subjectStatus, 'trialReference');
      const name = (k: SampleKind) => (k === 'sample' ? '样卷' : '标准卷');
      if (keep && tp.ref_score === null) throw fail(`请先给出参考分，再设为${name(kind)}`);
      if (keep && tp.kind && tp.kind !== kind) throw fail(`这份试卷已设为${name(tp.kind)}`);
      await d.db.transaction(async (tx) => {
        if (keep)
          await tx.execute(sql`insert into sample_paper (subject_id, block_id, paper_id, score, question_scores,
              point_scores, comment, kind, created_by)
            select subject_id, block_id, paper_id, ref_score, ref_question_scores, ref_point_scores, comment,
              ${kind}, ${p.userId}
            from trial_paper where id = ${trialPaperId}
            on conflict (block_id, paper_id) do nothing`);
        else {
          const [used] = rowsOf<{ n: number }>(
            await tx.execute(sql`select count(*)::int as n from standard_mark m join sample_paper sp
              on sp.id = m.sample_paper_id where sp.block_id = ${tp.block_id} and sp.paper_id = ${tp.paper_id}`),
          );
          if (used?.n) throw fail('这份标准卷已发给阅卷老师，其给分是质检数据，不能取消');
          await tx.execute(sql`delete from sample_paper where block_id = ${tp.block_id}
            and paper_id = ${tp.paper_id} and kind = ${kind}`);
        }
        await d.audit.record(tx, {
          action: keep ? 'trial.sampleKeep' : 'trial.sampleRemove',
          examId: tp.exam_id,
          userId: actor.userId,
          ip: actor.ip,
          target: `block:${tp.block_id}`,
          detail: { blockId: tp.block_id, paperId: tp.paper_id, trialPaperId, kind },
        });
      });
      return { sample: keep };
    },

    /** 质检 rate: one 标准卷 after every `every` real marks of each marker (0: off). */
    async setRate(blockId: number, every: number, p: Principal, actor: Actor) {
      const { b } = await access.block(blockId, p);
      assertAllows(b.subjectStatus, 'trialReference');
      const value = every === 0 ? null : every;
      await d.db.transaction(async (tx) => {
        await tx.execute(sql`insert into block_quality (block_id, standard_every, updated_by)
          values (${blockId}, ${value}, ${p.userId})
          on conflict (block_id) do update set standard_every = excluded.standard_every,
            updated_by = excluded.updated_by, updated_at = now()`);
        await d.audit.record(tx, {
          action: 'quality.standardRate',
          examId: b.examId,
          userId: actor.userId,
          ip: actor.ip,
          target: `block:${blockId}`,
          detail: { blockId, standardEvery: value },
        });
      });
      d.rates.forget(blockId);
      return { standardEvery: value };
    },

    /** Every submitted mark of a 标准卷 in the block: (marker, paper, mark, reference) for the quality statistics. */
    async standardMarks(blockId: number, p: Principal): Promise<StandardMarkItem[]> {
      await access.block(blockId, p);
      const rows = rowsOf<{
        user_id: number;
        name: string;
        sample_paper_id: number;
        score: string;
        question_scores: Record<string, number>;
        ref_score: string;
        submitted_at: Date | string;
      }>(
        await d.db.execute(sql`select m.user_id, u.name, m.sample_paper_id, m.score, m.question_scores,
            m.ref_score, m.submitted_at
          from standard_mark m join "user" u on u.id = m.user_id
          where m.block_id = ${blockId} and m.kind = 'standard' and m.status = 'submitted'
          order by m.submitted_at, m.id limit 10000`),
      );
      return rows.map((r) => ({
        userId: r.user_id,
        markerName: r.name,
        samplePaperId: r.sample_paper_id,
        score: Number(r.score),
        questionScores: r.question_scores,
        refScore: Number(r.ref_score),
        deviation: deviation(Number(r.score), Number(r.ref_score)) ?? 0,
        submittedAt: new Date(r.submitted_at).toISOString(),
      }));
    },

    async paperImage(trialPaperId: number, p: Principal): Promise<Buffer> {
      const tp = await trialPaper(trialPaperId);
      await access.block(tp.block_id, p);
      return imageOf(d, tp.block_id, tp.paper_id);
    },

    /** The block's 样卷 for anyone marking or leading it. */
    async samples(blockId: number, userId: number): Promise<SamplePaper[]> {
      if (!(await d.roles(blockId, userId)).length) throw fail('您不是本题块的阅卷老师');
      const rows = rowsOf<{
        id: number;
        score: string;
        question_scores: Record<string, number>;
        point_scores: Record<string, number[]> | null;
        comment: string;
      }>(
        await d.db.execute(sql`select id, score, question_scores, point_scores, comment from sample_paper
          where block_id = ${blockId} and kind = 'sample' order by id`),
      );
      return rows.map((r) => ({
        sampleId: r.id,
        imageUrl: sampleImageUrl(r.id),
        score: Number(r.score),
        questionScores: r.question_scores,
        pointScores: r.point_scores,
        comment: r.comment,
      }));
    },

    async sampleImage(sampleId: number, userId: number): Promise<Buffer> {
      const [s] = rowsOf<{ block_id: number; paper_id: number }>(
        // a 标准卷 is never shown as an example
        await d.db.execute(
          sql`select block_id, paper_id from sample_paper where id = ${sampleId} and kind = 'sample'`,
        ),
      );
      if (!s) throw fail('样卷不存在');
      if (!(await d.roles(s.block_id, userId)).length) throw forbidden();
      return imageOf(d, s.block_id, s.paper_id);
    },
  };
}

async function imageOf(d: { db: Db; paperImage: PaperImage }, blockId: number, paperId: number) {
  const [b] = rowsOf<{ regions: BlockRegion[] }>(
    await d.db.execute(sql`select regions from block where id = ${blockId}`),
  );
  return d.paperImage(b?.regions ?? [], paperId);
}
export type TrialLeadService = ReturnType<typeof trialLeadService>;
