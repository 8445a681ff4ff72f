import type {
  BlockProgress,
  BlockRegion,
  BlockScoreSourceValue,
  LeadBlockInfo,
  LeadMarkerTask,
  LeadProblemItem,
  MarkTaskStatusValue,
  Paged,
  PaperMarks,
  Principal,
  ProblemResolution,
} from '@yj/contracts';
import { fail } from '../../../errors';
import type { Db, Tx } from '../../../infra/db';
import { API_PREFIX } from '../../../plugins/auth';
import type { Actor } from '../../../lib/actor';
import type { LeadAccess } from '../marking-lead-access';
import { blockRules } from '../rules/mark-rules';
import type { markingLeadViewRepo } from './marking-lead-view.repo';
import type { BlockProgressCounts } from '../overview/marking-progress.repo';
import type { LeadSchool, markingLeadRepo } from './marking-lead.repo';

/**
 * 问题卷 on the hidden papers of 质检 as the leaders' screens count, list, show and settle them after the pool's.
 * The quality module's hidden-problems.ts answers it and routes.ts passes it in: marking names what it needs, so
 * it imports nothing of quality.
 */
export interface HiddenProblems {
  openCount(blockId: number, school: LeadSchool): Promise<number>;
  list(
    blockId: number,
    school: LeadSchool,
    state: 'open' | 'resolved',
    skip: number,
    take: number,
  ): Promise<{ total: number; items: LeadProblemItem[] }>;
  image(id: number, p: Principal): Promise<Buffer>;
  resolve(
    id: number,
    input: { resolution: ProblemResolution; note: string },
    p: Principal,
    actor: Actor,
  ): Promise<void>;
}

/** The cut image of a task's block, for leaders and managers. */
export const taskImageUrl = (taskId: number): string => `${API_PREFIX}/api/marking/task/${taskId}/lead/image`;

/** Cuts a block's regions from a paper (block-cut's paperImage). */
export type PaperImage = (regions: BlockRegion[], paperId: number) => Promise<Buffer>;

const iso = (d: Date | null): string | null => d?.toISOString() ?? null;

/** The leaders' screens: the block page, problem papers, a marker's papers, progress, one student's paper. */
export function markingLeadViewService(d: {
  db: Db;
  paperImage: PaperImage;
  /** 问题卷 on the hidden papers of 质检, listed after the pool's (modules/quality/hidden-problems.ts) */
  hidden?: HiddenProblems;
  /** who leads a block and for which school (marking-lead-access, on the same repository) */
  access: LeadAccess;
  repo: typeof markingLeadRepo;
  viewRepo: typeof markingLeadViewRepo;
  /** the one progress of blocks (marking-progress.repo) */
  progress: (blockIds: number[], school: LeadSchool) => Promise<BlockProgressCounts[]>;
}) {
  const repo = () => d.repo(d.db);
  const view = () => d.viewRepo(d.db);
  const access = d.access;

  /** Progress of blocks led for one school (or all): a few grouped queries, whatever the block count. */
  async function progressOf(blockIds: number[], school: LeadSchool): Promise<Map<number, BlockProgress>> {
    const v = view();
    const [blocks, counts, progress, markers, assigned, leased] = await Promise.all([
      Promise.all(blockIds.map((id) => repo().block(id))),
      v.taskCounts(blockIds, school),
      d.progress(blockIds, school),
      v.markerCounts(blockIds, school),
      v.assigned(blockIds),
      v.leasedBy(blockIds, school),
    ]);
    const out = new Map<number, BlockProgress>();
    for (const b of blocks) {
      if (!b) continue;
      const c = counts.find((x) => x.blockId === b.id);
      const done = markers.filter((m) => m.blockId === b.id);
      const mine = assigned.filter(
        (a) => a.blockId === b.id && (school === null || a.schoolId === null || a.schoolId === school),
      );
      const people = new Map<number, BlockProgress['markers'][number]>();
      for (const a of mine)
        people.set(a.userId, {
          userId: a.userId,
          name: a.name,
          done: 0,
          quota: a.quota,
          perHour: 0,
          mean: null,
        });
      for (const m of done) {
        if (m.userId === null) continue;
        const was = people.get(m.userId);
        people.set(m.userId, {
          userId: m.userId,
          name: m.name,
          done: m.done,
          quota: was?.quota ?? null,
          perHour: m.lastHour,
          mean: m.mean,
        });
      }
      const pr = progress.find((x) => x.blockId === b.id);
      out.set(b.id, {
        blockId: b.id,
        blockName: b.name,
        papers: pr?.papers ?? 0,
        decided: pr?.decided ?? 0,
        canLead: true,
        parts: {
          arbitration: pr?.arbitration ?? 0,
          problems: pr?.problems ?? 0,
          blanks: pr?.blanks ?? 0,
        },
        tasks: {
          total: c?.total ?? 0,
          submitted: c?.submitted ?? 0,
          leased: c?.leased ?? 0,
          pending: c?.pending ?? 0,
          problem: c?.problem ?? 0,
        },
        arbitration: { waiting: c?.arbWaiting ?? 0, done: c?.arbDone ?? 0 },
        markers: [...people.values()].map((m) => ({
          ...m,
          leased: leased.find((x) => x.blockId === b.id && x.userId === m.userId)?.n ?? 0,
        })),
      });
    }
    return out;
  }

  return {
    /** The subject of a paper (null: none): the capability scope of the routes naming a :paperId. */
    subjectOfPaper: (paperId: number): Promise<number | null> => repo().subjectOfPaper(paperId),

    /** Refused unless the user may lead the task's block (for its school): 查看整卷 of a 问题卷 checks it. */
    async mayLeadTask(taskId: number, p: Principal): Promise<void> {
      const t = await repo().task(taskId);
      if (!t) throw fail('taskNotFound');
      const { school } = await access.block(t.blockId, p);
      if (school !== null && t.schoolId !== school) throw fail('forbidden');
    },

    /** The block image of a task's paper, for whoever may lead the block. */
    async image(taskId: number, p: Principal): Promise<Buffer> {
      const t = await repo().task(taskId);
      if (!t) throw fail('taskNotFound');
      const { b, school } = await access.block(t.blockId, p);
      if (school !== null && t.schoolId !== school) throw fail('forbidden');
      return d.paperImage(b.regions as BlockRegion[], t.paperId);
    },

    async info(blockId: number, p: Principal): Promise<LeadBlockInfo> {
      const { b, school } = await access.block(blockId, p);
      // blockRules reads with whichever handle it is given; outside a transaction the pool's db serves
      const questions = (await blockRules(d.db as Tx, blockId))?.questions ?? [];
      const [c] = await view().taskCounts([blockId], school);
      return {
        blockId: b.id,
        blockName: b.name,
        subjectId: b.subjectId,
        subjectName: b.subjectName,
        examId: b.examId,
        examName: b.examName,
        subjectStatus: b.subjectStatus,
        fullScore: Math.round(questions.reduce((a, q) => a + q.fullScore, 0) * 10) / 10,
        markCount: b.markCount,
        threshold: b.threshold,
        questions,
        problems: (c?.openProblems ?? 0) + ((await d.hidden?.openCount(blockId, school)) ?? 0),
        arbitration: c?.arbWaiting ?? 0,
      };
    },

    async problems(
      blockId: number,
      q: { state: 'open' | 'resolved'; page: number; size: number },
      p: Principal,
    ): Promise<Paged<LeadProblemItem>> {
      const { school } = await access.block(blockId, p);
      const { total, items } = await repo().problems(blockId, school, q);
      // the hidden papers' come after the pool's: the page's rest past the pool's total
      const skip = Math.max(0, (q.page - 1) * q.size - total);
      const hidden = d.hidden
        ? await d.hidden.list(blockId, school, q.state, skip, q.size - items.length)
        : { total: 0, items: [] };
      return {
        total: total + hidden.total,
        size: q.size,
        items: [
          ...items.map((x) => ({
            taskId: x.taskId,
            slot: x.slot,
            paperId: x.paperId,
            status: x.status as MarkTaskStatusValue,
            markerName: x.markerName ?? '',
            problem: x.problem,
            imageUrl: taskImageUrl(x.taskId),
            scanException:
              x.problem.exceptionId !== undefined
                ? { id: x.problem.exceptionId, resolved: x.exceptionResolved ?? false }
                : null,
          })),
          ...hidden.items,
        ],
      };
    },

    async markerTasks(
      blockId: number,
      userId: number,
      q: { page: number; size: number },
      p: Principal,
    ): Promise<Paged<LeadMarkerTask>> {
      const { school } = await access.block(blockId, p);
      const { total, items } = await view().markerTasks(blockId, userId, school, q);
      return {
        total,
        size: q.size,
        items: items.map((t) => ({
          taskId: t.taskId,
          paperId: t.paperId,
          slot: t.slot,
          score: t.score ?? 0,
          questionScores: t.questionScores ?? {},
          submittedAt: iso(t.submittedAt) ?? '',
          imageUrl: taskImageUrl(t.taskId),
        })),
      };
    },

    async progress(blockId: number, p: Principal): Promise<BlockProgress> {
      const { school } = await access.block(blockId, p);
      return (await progressOf([blockId], school)).get(blockId)!;
    },

    /** Every block of the subject the user manages, leads or watches as 质检员, in block order. */
    async subjectProgress(subjectId: number, p: Principal): Promise<BlockProgress[]> {
      const s = await repo().subject(subjectId);
      if (!s) throw fail('subjectNotFound');
      const { blockIds, school, led } = await access.subjectBlocks(subjectId, s.examId, p, true);
      const groups = new Map<LeadSchool, number[]>();
      for (const id of blockIds) groups.set(school.get(id)!, [...(groups.get(school.get(id)!) ?? []), id]);
      const all = new Map<number, BlockProgress>();
      for (const [sch, ids] of groups) for (const [k, v] of await progressOf(ids, sch)) all.set(k, v);
      return blockIds.flatMap((id) => (all.has(id) ? [{ ...all.get(id)!, canLead: led.has(id) }] : []));
    },

    /** A student's paper: every block's decided score and each slot's marker (leaders and managers). */
    async paper(paperId: number, p: Principal): Promise<PaperMarks> {
      const v = view();
      const row = await v.paper(paperId);
      if (!row) throw fail('paperNotFound');
      const s = await repo().subject(row.subjectId);
      if (!s) throw fail('subjectNotFound');
      const { blockIds, school } = await access.subjectBlocks(row.subjectId, s.examId, p);
      if (!blockIds.some((id) => school.get(id) === null || school.get(id) === row.schoolId))
        throw fail('forbidden');
      const [blocks, questions, tasks, scores] = await Promise.all([
        v.blocksOf(row.subjectId),
        v.questionScores(row.subjectId),
        v.tasksOfPaper(paperId),
        v.scoresOfPaper(paperId),
      ]);
      const full = new Map(questions.map((q) => [q.no, q.score]));
      return {
        paperId: row.id,
        subjectId: row.subjectId,
        name: row.name,
        kaohao: row.kaohao,
        className: row.className,
        schoolName: row.schoolName,
        blocks: blocks.map((b) => {
          const slots = tasks.filter((t) => t.blockId === b.id);
          const f = scores.find((x) => x.blockId === b.id);
          return {
            blockId: b.id,
            blockName: b.name,
            fullScore: b.nos.reduce((a, no) => a + (full.get(no) ?? 0), 0),
            final: f
              ? {
                  score: f.score,
                  source: f.source as BlockScoreSourceValue,
                  decidedBy: f.decidedBy,
                  decidedAt: f.decidedAt.toISOString(),
                }
              : null,
            slots: slots.map((t) => ({
              taskId: t.taskId,
              slot: t.slot,
              status: t.status as MarkTaskStatusValue,
              markerName: t.markerName,
              score: t.score,
              questionScores: t.questionScores,
              submittedAt: iso(t.submittedAt),
            })),
            imageUrl: slots[0] ? taskImageUrl(slots[0].taskId) : null,
          };
        }),
      };
    },
  };
}
export type MarkingLeadViewService = ReturnType<typeof markingLeadViewService>;
