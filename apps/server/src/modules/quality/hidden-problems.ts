import { sql } from 'drizzle-orm';
import type { BlockRegion, LeadProblemItem, MarkProblem, Principal, ProblemResolution } from '@yj/contracts';
import { fail } from '../../errors';
import type { Actor } from '../../lib/actor';
import { rowsOf, type Db, type Tx } from '../../infra/db';
import type { AuditService } from '../audit/audit.service';
import type { LeadAccess } from '../marking/marking-lead-access';

/** a leader's school narrowing (null: every school of the block), as marking-lead's */
type LeadSchool = number | null;

// A 问题卷 raised on a hidden paper of 质检 (standard_mark: a 标准卷 or the marker's own paper again) goes to the
// block's leaders like any other — a marker who saw theirs vanish would know it was special. The leaders' list
// shows it after the task pool's, tagged 质检卷; it is settled apart: 题组长给分 closes it (the score is kept
// on the row, never a mark of the paper), 退回 gives it back (it may be handed out again), and it is no
// scanning problem (the paper's own task carries that).

const taskImageUrl = (id: number) => `/filter/api/marking/task/${id}/lead/image`;
const onSchool = (school: LeadSchool) => (school === null ? sql`` : sql` and p.school_id = ${school}`);
const stateOf = (state: 'open' | 'resolved') =>
  state === 'open'
    ? sql`m.status = 'problem' and m.problem->>'resolution' is null`
    : sql`m.problem->>'resolution' is not null`;

export function hiddenProblems(d: {
  db: Db;
  audit: AuditService;
  paperImage: (regions: BlockRegion[], paperId: number) => Promise<Buffer>;
  /** who leads a block (marking-lead-access, passed in at the composition root) */
  access: LeadAccess;
}) {
  const access = d.access;
  const blockOf = async (id: number, db: Db | Tx = d.db) => {
    const [r] = rowsOf<{ block_id: number }>(
      await db.execute(sql`select block_id from standard_mark where id = ${id}`),
    );
    if (!r) throw fail('taskNotFound');
    return r.block_id;
  };

  return {
    /** Open ones of a block (the leaders' count beside the pool's). */
    async openCount(blockId: number, school: LeadSchool): Promise<number> {
      const [r] = rowsOf<{ n: number }>(
        await d.db
          .execute(sql`select count(*)::int as n from standard_mark m join paper p on p.id = m.paper_id
          where m.block_id = ${blockId} and ${stateOf('open')}${onSchool(school)}`),
      );
      return r?.n ?? 0;
    },

    /** A page of them, after `skip` of the concatenated list (the pool's problems come first). */
    async list(
      blockId: number,
      school: LeadSchool,
      state: 'open' | 'resolved',
      skip: number,
      take: number,
    ): Promise<{ total: number; items: LeadProblemItem[] }> {
      const where = sql`m.block_id = ${blockId} and m.problem is not null and ${stateOf(state)}${onSchool(school)}`;
      const [c] = rowsOf<{ n: number }>(
        await d.db
          .execute(sql`select count(*)::int as n from standard_mark m join paper p on p.id = m.paper_id
          where ${where}`),
      );
      if (take <= 0) return { total: c?.n ?? 0, items: [] };
      const rows = rowsOf<{
        id: number;
        paper_id: number;
        status: string;
        problem: MarkProblem;
        name: string;
      }>(
        await d.db.execute(sql`select m.id, m.paper_id, m.status, m.problem, u.name from standard_mark m
          join paper p on p.id = m.paper_id join "user" u on u.id = m.user_id
          where ${where} order by m.id limit ${take} offset ${skip}`),
      );
      return {
        total: c?.n ?? 0,
        items: rows.map((r) => ({
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
      const [r] = rowsOf<{ paper_id: number; school_id: number; regions: BlockRegion[] | null }>(
        await d.db.execute(sql`select m.paper_id, p.school_id, b.regions from standard_mark m
          join paper p on p.id = m.paper_id join block b on b.id = m.block_id where m.id = ${id}`),
      );
      if (!r || (school !== null && r.school_id !== school)) throw fail('taskNotFound');
      return d.paperImage(r.regions ?? [], r.paper_id);
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
        const [m] = rowsOf<{ status: string; problem: MarkProblem | null; school_id: number }>(
          await tx.execute(sql`select m.status, m.problem, p.school_id from standard_mark m
            join paper p on p.id = m.paper_id where m.id = ${id} for update of m`),
        );
        if (!m || (school !== null && m.school_id !== school)) throw fail('taskNotFound');
        if (m.status !== 'problem' || !m.problem || m.problem.resolution) throw fail('problemAlreadyHandled');
        const problem: MarkProblem = {
          ...m.problem,
          resolution: input.resolution,
          resolvedBy: actor.userId,
          resolvedAt: new Date().toISOString(),
          ...(input.note ? { resolveNote: input.note } : {}),
        };
        if (input.resolution === 'back') await tx.execute(sql`delete from standard_mark where id = ${id}`);
        else
          await tx.execute(
            sql`update standard_mark set problem = ${JSON.stringify(problem)}::jsonb where id = ${id}`,
          );
        await d.audit.record(tx as unknown as Db, {
          action: 'marking.problem.resolve',
          examId: b.examId,
          userId: actor.userId,
          ip: actor.ip,
          target: `standard_mark:${id}`,
          detail: { blockId: b.id, before: { problem: m.problem }, after: { problem } },
        });
      });
    },
  };
}
export type HiddenProblems = ReturnType<typeof hiddenProblems>;
