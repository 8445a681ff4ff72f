import {
  type Principal,
  type SampleKind,
  type SamplePaper,
  type StandardMarkItem,
  type TrialLeadView,
  type TrialReferenceInput,
} from '@yj/contracts';
import { deviation, markerDeviation } from '@yj/scoring';
import { fail } from '../../errors';
import type { Db } from '../../infra/db';
import type { AuditService } from '../audit/audit.service';
import type { Actor } from '../../lib/actor';
import { assertAllows } from '../../lib/subject-state';
import type { LeadAccess } from '../marking/marking-lead-access';
import { assertMarks, blockRules, scoresOf } from '../marking/rules/mark-rules';
import type { PaperImage } from './trial-mark.service';
import type { StandardRates } from './standard.service';
import type { TrialLeadRepo } from './trial-lead.repo';

export const trialPaperImageUrl = (id: number) => `/filter/api/marking/trial/paper/${id}/image`;
export const sampleImageUrl = (id: number) => `/filter/api/marking/sample/${id}/image`;

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
  repo: TrialLeadRepo;
}) {
  const access = d.access;
  const read = d.repo(d.db);

  async function trialPaper(trialPaperId: number) {
    const r = await read.paper(trialPaperId);
    if (!r) throw fail('trialPaperNotFound');
    return r;
  }

  return {
    async view(blockId: number, p: Principal): Promise<TrialLeadView> {
      const { b } = await access.block(blockId, p);
      const rules = await blockRules(d.db, blockId);
      if (!rules) throw fail('blockNotFound');
      const papers = await read.papers(blockId);
      const marks = await read.marks(blockId);
      const markers = await read.markers(blockId);
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
        standardCount: await read.standardCount(blockId),
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
      if (!rules) throw fail('blockNotFound');
      assertMarks(input.scores, rules);
      const s = scoresOf(input.scores);
      const points = s.pointScores ? JSON.stringify(s.pointScores) : null;
      const ref = { score: s.score, questionScores: s.questionScores, points, comment: input.comment };
      await d.db.transaction((tx) => d.repo(tx).reference(tp, ref, p.userId));
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
      if (keep && tp.ref_score === null) throw fail('referenceScoreFirst', { kind: name(kind) });
      if (keep && tp.kind && tp.kind !== kind) throw fail('trialPaperAlreadyKind', { kind: name(tp.kind) });
      await d.db.transaction(async (tx) => {
        const repo = d.repo(tx);
        if (keep) await repo.keep(trialPaperId, kind, p.userId);
        else {
          if (await repo.handedOut(tp)) throw fail('standardAlreadySent');
          await repo.unkeep(tp, kind);
        }
        await d.audit.record(tx, {
          action: keep ? 'trial.sampleKeep' : 'trial.sampleRemove',
          examId: tp.exam_id,
          ...actor,
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
        await d.repo(tx).setRate(blockId, value, p.userId);
        await d.audit.record(tx, {
          action: 'quality.standardRate',
          examId: b.examId,
          ...actor,
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
      const rows = await read.standardMarks(blockId);
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
      return d.paperImage(await read.regions(tp.block_id), tp.paper_id);
    },

    /** The block's 样卷 for anyone marking or leading it. */
    async samples(blockId: number, userId: number): Promise<SamplePaper[]> {
      if (!(await d.roles(blockId, userId)).length) throw fail('notBlockMarker');
      const rows = await read.samples(blockId);
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
      // a 标准卷 is never shown as an example
      const s = await read.sample(sampleId);
      if (!s) throw fail('samplePaperNotFound');
      if (!(await d.roles(s.block_id, userId)).length) throw fail('forbidden');
      return d.paperImage(await read.regions(s.block_id), s.paper_id);
    },
  };
}

export type TrialLeadService = ReturnType<typeof trialLeadService>;
