import { markType, MULTI_MARK_MAX, type MarkType } from '@yj/contracts';
import { BASE_PATH } from '../../api/constants';
import { parseId } from '../exam-admin/route-id';

/** The screen's {type}: the server's kinds of work, and 试评 (trial papers on the same screen). */
export type MarkRouteType = MarkType | 'trial';
const routeType = {
  safeParse: (v: unknown) =>
    v === 'trial' ? { success: true as const, data: 'trial' as const } : markType.safeParse(v),
};

/**
 * subject/{subjectId}/mark/{blockId}/{type}/{v}: v is the number of papers shown side by side, 1 (one paper)
 * to 4 (多评显示); anything else makes the address invalid.
 */
export interface MarkRoute {
  subjectId: number;
  blockId: number;
  type: MarkRouteType;
  display: number;
}

export function parseMarkRoute(p: Record<string, string | undefined>): MarkRoute | null {
  const subjectId = parseId(p.subjectId);
  const blockId = parseId(p.blockId);
  const type = routeType.safeParse(p.type);
  const display = parseId(p.v);
  if (!subjectId || !blockId || !type.success || !display || display > MULTI_MARK_MAX) return null;
  return { subjectId, blockId, type: type.data, display };
}

export const markPath = (subjectId: number, blockId: number, type: MarkRouteType = 'normal', display = 1) =>
  `/book/subject/${subjectId}/mark/${blockId}/${type}/${display}`;

/** originPicAndAnswer of a task (or of a 试评 mark), as a full address (it opens in a tab of its own). */
export const originHref = (taskId: number, trial = false) =>
  `${BASE_PATH}/book/originPicAndAnswer?taskId=${taskId}${trial ? '&kind=trial' : ''}`;
