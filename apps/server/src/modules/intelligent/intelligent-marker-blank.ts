import type { BlockRegion, MarkerBlankReturnInput, MarkerBlanksView } from '@yj/contracts';
import { fail } from '../../errors';
import type { Db } from '../../infra/db';
import type { Actor } from '../../lib/actor';
import type { IntelligentService } from './intelligent.service';
import type { intelligentRepo } from './intelligent.repo';

/** Confirmed blanks listed at once (the newest first; the count says how many there are). */
const SHOWN = 100;
const imageUrl = (subjectId: number, blockId: number, paperId: number) =>
  `/filter/api/subject/${subjectId}/setting/intelligent/intelligentReview/blanks/image?blockId=${blockId}&paperId=${paperId}`;

/**
 * 智能判空 on the markers' side (intelligentReview/blank): a blank scored 0 is a mark of no marker, so it is in
 * nobody's 回评. The block's markers (and leaders) see the confirmed blanks of their block — of their school when
 * their part is one school's — look at each cut, and send one back to ordinary marking with a reason (the
 * leader's send-back: its 0 leaves, the history and the 动态日志 keep it, `by: 'marker'`).
 */
export function intelligentMarkerBlanks(d: {
  db: Db;
  intelligent: IntelligentService;
  paperImage: (regions: BlockRegion[], paperId: number) => Promise<Buffer>;
  repo: typeof intelligentRepo;
}) {
  /** The block of the subject for one of its reviewers, with the school their part is narrowed to. */
  async function reviewer(subjectId: number, blockId: number, userId: number) {
    const rows = await d.repo(d.db).reviewerParts(blockId, userId);
    const [b] = rows;
    if (!b) {
      const exists = await d.repo(d.db).block(blockId);
      if (!exists || exists.subject_id !== subjectId) throw fail('blockNotInSubject');
      throw fail('forbidden');
    }
    if (b.subject_id !== subjectId) throw fail('blockNotInSubject');
    // a part in every school (any of the rows) sees every school
    const school = rows.some((r) => r.school_id === null) ? null : b.school_id;
    return { ...b, school };
  }

  return {
    async list(subjectId: number, blockId: number, userId: number): Promise<MarkerBlanksView> {
      const b = await reviewer(subjectId, blockId, userId);
      const r = d.repo(d.db);
      const [c] = await r.blankCounts([blockId], b.school);
      const rows = await r.blanks(blockId, 'applied', b.school, SHOWN);
      const at = await r.decidedAt(
        blockId,
        rows.map((x) => x.paper_id),
      );
      return {
        blockId,
        blockName: b.name,
        subjectStatus: b.status,
        total: c?.applied ?? 0,
        items: rows.map((x) => ({
          paperId: x.paper_id,
          imageUrl: imageUrl(subjectId, blockId, x.paper_id),
          decidedAt: at.get(x.paper_id) ?? null,
        })),
      };
    },

    async giveBack(subjectId: number, input: MarkerBlankReturnInput, actor: Actor) {
      const b = await reviewer(subjectId, input.blockId, actor.userId);
      return d.intelligent.sendBack(input, b.school, actor, 'marker');
    },

    /** The cut of a confirmed blank of the block, for its reviewers (no student's identity on it). */
    async image(subjectId: number, blockId: number, paperId: number, userId: number): Promise<Buffer> {
      const b = await reviewer(subjectId, blockId, userId);
      const row = await d.repo(d.db).blank(blockId, paperId);
      if (!row || !row.blank || row.state !== 'applied' || (b.school !== null && row.school_id !== b.school))
        throw fail('answerNotBlankZeroed');
      return d.paperImage(b.regions, paperId);
    },
  };
}
export type IntelligentMarkerBlanks = ReturnType<typeof intelligentMarkerBlanks>;
