import { allows, type MyHistoryItem, type Paged } from '@yj/contracts';
import type { z } from 'zod';
import type { myHistoryQuery } from '@yj/contracts';
import type { Db } from '../../../infra/db';
import { markHistoryItem } from './marking-history';
import { myMarks } from './marking-history.repo';

/**
 * /book/history: the user's own submitted marks across every block, searchable by score and time; each row
 * says whether 回评 may still change it (the subject's state). No student field: as on the marking screen.
 */
export async function myHistory(
  db: Db,
  userId: number,
  q: z.infer<typeof myHistoryQuery>,
): Promise<Paged<MyHistoryItem>> {
  const { total, rows } = await myMarks(db, userId, q);
  return {
    total,
    size: q.size,
    items: rows.map((r) => ({
      ...markHistoryItem(r, allows(r.status, 'changeMarks')),
      blockId: r.block_id,
      blockName: r.block_name,
      subjectId: r.subject_id,
      subjectName: r.subject_name,
      examName: r.exam_name,
    })),
  };
}
/** /book/history for a user, on the module's handle (marking.module.ts). */
export type MyHistory = (userId: number, q: z.infer<typeof myHistoryQuery>) => Promise<Paged<MyHistoryItem>>;
