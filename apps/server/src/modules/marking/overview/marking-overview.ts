import type {
  AbnormalBlock,
  BlockPaperItem,
  BlockScoreSourceValue,
  MarkTaskStatusValue,
  Paged,
  PaperSearchItem,
  Principal,
} from '@yj/contracts';
import type { z } from 'zod';
import type { blockPapersQuery, paperSearchQuery } from '@yj/contracts';
import { fail } from '../../../errors';
import type { Db } from '../../../infra/db';
import type { LeadAccess } from '../marking-lead-access';
import { taskImageUrl } from '../lead/marking-lead-view.service';
import type { markingLeadRepo } from '../lead/marking-lead.repo';
import { blockNames, blockPapers, findPapers, paperSlots, problemCounts } from './marking-overview.repo';

/**
 * The leaders' and managers' overview (spec §2 overview and its children): find a student's paper, a block's
 * papers with their marks and markers, and the 问题卷 of a subject per block. Who may look and at which
 * school's papers: the leaders' rule (marking-lead-access).
 */
export function markingOverview(d: { db: Db; access: LeadAccess; repo: typeof markingLeadRepo }) {
  const access = d.access;

  /** The schools whose papers the user may see in the subject (null: all of them). */
  async function subjectSchools(subjectId: number, p: Principal): Promise<number[] | null> {
    const s = await d.repo(d.db).subject(subjectId);
    if (!s) throw fail('subjectNotFound');
    const { school } = await access.subjectBlocks(subjectId, s.examId, p);
    const all = [...school.values()];
    return all.includes(null) ? null : [...new Set(all as number[])];
  }

  return {
    /** overview/blockOrStudent: papers of the subject whose 考号 or student name contains the keyword. */
    async searchPapers(
      subjectId: number,
      q: z.infer<typeof paperSearchQuery>,
      p: Principal,
    ): Promise<Paged<PaperSearchItem>> {
      const schools = await subjectSchools(subjectId, p);
      const { total, rows } = await findPapers(d.db, subjectId, schools, q);
      return {
        total,
        size: q.size,
        items: rows.map((r) => ({
          paperId: r.id,
          kaohao: r.kaohao,
          name: r.name,
          className: r.class_name,
          schoolName: r.school_name,
        })),
      };
    },

    /** check/block/{blockId}: the block's papers (of the schools the user sees), filtered, 考号 order. */
    async blockPapers(
      blockId: number,
      q: z.infer<typeof blockPapersQuery>,
      p: Principal,
    ): Promise<Paged<BlockPaperItem>> {
      const { school } = await access.block(blockId, p);
      const { total, rows: papers } = await blockPapers(d.db, blockId, school, q);
      const slots = await paperSlots(
        d.db,
        blockId,
        papers.map((r) => r.id),
      );
      return {
        total,
        size: q.size,
        items: papers.map((r) => {
          const mine = slots.filter((s) => s.paper_id === r.id);
          return {
            paperId: r.id,
            kaohao: r.kaohao,
            name: r.name,
            className: r.class_name,
            final:
              r.score === null ? null : { score: Number(r.score), source: r.source as BlockScoreSourceValue },
            slots: mine.map((s) => ({
              taskId: s.id,
              slot: s.slot,
              status: s.status as MarkTaskStatusValue,
              markerName: s.marker,
              score: s.score === null ? null : Number(s.score),
            })),
            imageUrl: mine[0] ? taskImageUrl(mine[0].id) : null,
          };
        }),
      };
    },

    /** abnormal: every block the user leads or manages, with its 问题卷 open and settled each way. */
    async abnormal(subjectId: number, p: Principal): Promise<AbnormalBlock[]> {
      const s = await d.repo(d.db).subject(subjectId);
      if (!s) throw fail('subjectNotFound');
      const { blockIds, school } = await access.subjectBlocks(subjectId, s.examId, p);
      if (!blockIds.length) return [];
      const rows = await problemCounts(d.db, blockIds);
      const names = await blockNames(d.db, blockIds);
      return blockIds.map((id) => {
        const sch = school.get(id) ?? null;
        const mine = rows.filter((r) => r.block_id === id && (sch === null || r.school_id === sch));
        const sum = (k: 'open' | 'score' | 'back' | 'scan') => mine.reduce((a, r) => a + r[k], 0);
        return {
          blockId: id,
          blockName: names.find((n) => n.id === id)?.name ?? '',
          open: sum('open'),
          score: sum('score'),
          back: sum('back'),
          scan: sum('scan'),
        };
      });
    },
  };
}
export type MarkingOverview = ReturnType<typeof markingOverview>;
