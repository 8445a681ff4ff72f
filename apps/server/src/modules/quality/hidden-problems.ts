import type { BlockRegion, LeadProblemItem, MarkProblem, Principal, ProblemResolution } from '@yj/contracts';
import { fail } from '../../errors';
import type { Actor } from '../../lib/actor';
import type { Db } from '../../infra/db';
import type { AuditService } from '../audit/audit.service';
import type { LeadAccess } from '../marking/marking-lead-access';
import type { LeadSchool, QualityHiddenRepoOf } from './quality-hidden.repo';

// A 问题卷 raised on a hidden paper of 质检 (standard_mark: a 标准卷 or the marker's own paper again) goes to the
// block's leaders like any other — a marker who saw theirs vanish would know it was special. The leaders' list
// shows it after the task pool's, tagged 质检卷; it is settled apart: 题组长给分 closes it (the score is kept
// on the row, never a mark of the paper), 退回 gives it back (it may be handed out again), and it is no
// scanning problem (the paper's own task carries that).

const taskImageUrl = (id: number) => `/filter/api/marking/task/${id}/lead/image`;

export function hiddenProblems(d: {
  db: Db;
  audit: AuditService;
  paperImage: (regions: BlockRegion[], paperId: number) => Promise<Buffer>;
  /** who leads a block (marking-lead-access, passed in at the composition root) */
  access: LeadAccess;
  repo: QualityHiddenRepoOf;
}) {
  const access = d.access;
  const repo = d.repo(d.db);
  const blockOf = async (id: number) => {
    const blockId = await repo.blockOf(id);
    if (blockId === null) throw fail('taskNotFound');
    return blockId;
  };

  return {
    /** Open ones of a block (the leaders' count beside the pool's). */
    openCount: (blockId: number, school: LeadSchool): Promise<number> => repo.openCount(blockId, school),

    /** A page of them, after `skip` of the concatenated list (the pool's problems come first). */
    async list(
      blockId: number,
      school: LeadSchool,
      state: 'open' | 'resolved',
      skip: number,
      take: number,
    ): Promise<{ total: number; items: LeadProblemItem[] }> {
      const { total, items } = await repo.page(blockId, school, state, skip, take);
      return {
        total,
        items: items.map((r) => ({
          taskId: r.id,
          slot: 1,
          paperId: r.paper_id,
          status: r.status as LeadProblemItem['status'],
          markerName: r.name,
          problem: r.problem,
          imageUrl: taskImageUrl(r.id),
          scanException: null,
          hidden: true,
        })),
      };
    },

    /** The cut for the block's leaders and managers. */
    async image(id: number, p: Principal): Promise<Buffer> {
      const { school } = await access.block(await blockOf(id), p);
      const r = await repo.cut(id);
      if (!r || (school !== null && r.schoolId !== school)) throw fail('taskNotFound');
      return d.paperImage(r.regions, r.paperId);
    },

    /** 题组长给分 closes it (kept on the row), 退回 gives it back to be handed out again. */
    async resolve(
      id: number,
      input: { resolution: ProblemResolution; note: string },
      p: Principal,
      actor: Actor,
    ): Promise<void> {
      const { b, school } = await access.block(await blockOf(id), p, true);
      if (input.resolution === 'scan') throw fail('qualityPaperNotCounted');
      await d.db.transaction(async (tx) => {
        const hidden = d.repo(tx);
        const m = await hidden.locked(id);
        if (!m || (school !== null && m.schoolId !== school)) throw fail('taskNotFound');
        if (m.status !== 'problem' || !m.problem || m.problem.resolution) throw fail('problemAlreadyHandled');
        const problem: MarkProblem = {
          ...m.problem,
          resolution: input.resolution,
          resolvedBy: actor.userId,
          resolvedAt: new Date().toISOString(),
          ...(input.note ? { resolveNote: input.note } : {}),
        };
        if (input.resolution === 'back') await hidden.remove(id);
        else await hidden.setProblem(id, problem);
        await d.audit.record(tx as unknown as Db, {
          action: 'marking.problem.resolve',
          examId: b.examId,
          ...actor,
          target: `standard_mark:${id}`,
          detail: { blockId: b.id, before: { problem: m.problem }, after: { problem } },
        });
      });
    },
  };
}
export type HiddenProblems = ReturnType<typeof hiddenProblems>;
