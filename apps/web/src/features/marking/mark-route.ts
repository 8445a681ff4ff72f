import { markType, MULTI_MARK_MAX, type MarkType } from '@yj/contracts';
import { parseId } from '../exam-admin/route-id';

/**
 * subject/{subjectId}/mark/{blockId}/{type}/{v}: v is the number of papers shown side by side, 1 (one paper)
 * to 4 (多评显示); anything else makes the address invalid.
 */
export interface MarkRoute {
  subjectId: number;
  blockId: number;
  type: MarkType;
  display: number;
}

export function parseMarkRoute(p: Record<string, string | undefined>): MarkRoute | null {
  const subjectId = parseId(p.subjectId);
  const blockId = parseId(p.blockId);
  const type = markType.safeParse(p.type);
  const display = parseId(p.v);
  if (!subjectId || !blockId || !type.success || !display || display > MULTI_MARK_MAX) return null;
  return { subjectId, blockId, type: type.data, display };
}

export const markPath = (subjectId: number, blockId: number, type: MarkType = 'normal', display = 1) =>
  `/book/subject/${subjectId}/mark/${blockId}/${type}/${display}`;
