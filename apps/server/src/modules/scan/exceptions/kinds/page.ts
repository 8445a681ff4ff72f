import { PaperStatus, ScanPageStatus, type Principal, type ScanFixResult } from '@yj/contracts';
import type { Point } from '@yj/omr';
import { fail } from '../../../../errors';
import type { Actor } from '../../../../lib/actor';
import type { ManualAnchors } from '../../recognition/scan-recognize';
import { assertSchool } from '../../scan-access';
import type { FixKit } from '../fix-kit';
import { anchorNames } from '../scan-regions';

/**
 * 定位异常, 图像异常, 空白页, 页面异常 (another card's page, or another student's) and a 主观题 answer box: the page
 * as a whole.
 */
export function pageFixes(kit: FixKit) {
  const { livePaper, record, requeue, takeOut } = kit;
  return {
    /** 定位/图像/空白/页面异常: takes the page out (kept, status removed); the paper waits for a rescan. */
    rescan: kit.byException('rescan', 'scan.fix.rescan', async ({ r, paper, page, actor }) => {
      if (page) await r.updatePage(page.id, { status: ScanPageStatus.removed });
      const n = await takeOut(r, [paper.id], PaperStatus.rescan, actor.userId, 'rescan');
      return {
        result: { papers: [paper.id], resolved: n },
        audit: {
          before: {
            paperStatus: paper.status,
            pageId: page?.id ?? null,
            pageStatus: page?.status ?? null,
          },
          after: { paperStatus: PaperStatus.rescan, pageStatus: ScanPageStatus.removed },
        },
      };
    }),

    /**
     * 空白页 in bulk: the papers of blank pages only (the backs of one-sided cards scanned two-sided, a separator
     * sheet) set aside — kept, never deleted — and their exceptions settled, in one transaction, audited with the
     * papers. A blank page beside a read one is a page missing from a sheet: left to 删除并重扫, one by one.
     */
    async blanks(
      subjectId: number,
      body: { batchId?: number },
      p: Principal,
      actor: Actor,
    ): Promise<ScanFixResult> {
      return kit.onPapers(subjectId, p, async ({ tx, r, examId, filter }) => {
        const papers = await r.lockBlankPapers(subjectId, filter, body.batchId);
        const ids = papers.map((x) => x.id);
        const resolved = await takeOut(r, ids, PaperStatus.setAside, actor.userId, 'setAside');
        if (ids.length)
          await record(tx, examId, actor, 'scan.fix.blanks', `subject:${subjectId}`, {
            subjectId,
            batchId: body.batchId ?? null,
            before: { papers: ids, status: PaperStatus.exception },
            after: { status: PaperStatus.setAside },
          });
        return { papers: ids, resolved };
      });
    },

    /** 定位异常: stores the anchors a person marked and recognises the paper again with them. */
    async reanchor(
      subjectId: number,
      body: { pageId: number; pageIndex?: number; points: Point[] },
      p: Principal,
      actor: Actor,
    ): Promise<ScanFixResult> {
      return kit.onRequeue(subjectId, p, async ({ tx, r, examId, filter }) => {
        const page = await r.page(body.pageId);
        if (!page || page.subjectId !== subjectId || page.paperId === null) throw fail('paperImageNotFound');
        const paper = await livePaper(r, page.paperId);
        assertSchool(filter, paper.schoolId);
        const batch = await r.batch(page.batchId);
        const card = batch?.templateId ? await r.templateBody(batch.templateId) : null;
        const pageIndex = body.pageIndex ?? page.position;
        const tpl = card?.pages.find((x) => x.index === pageIndex);
        if (!tpl) throw fail('cardPageMissing', { page: pageIndex + 1 });
        const need = anchorNames(tpl).length;
        if (body.points.length !== need) throw fail('anchorPointsNeeded', { count: need });
        const manual: ManualAnchors = { pageIndex, points: body.points };
        const before = {
          status: page.status,
          manual: page.result?.manual ?? null,
        };
        await r.updatePage(page.id, { result: { ...(page.result ?? {}), manual } });
        const resolved = await requeue(r, [paper.id], actor.userId);
        await record(tx, examId, actor, 'scan.fix.reanchor', `scan_page:${page.id}`, {
          subjectId,
          paperId: paper.id,
          before,
          after: { manual },
        });
        return { papers: [paper.id], resolved };
      });
    },
  };
}
