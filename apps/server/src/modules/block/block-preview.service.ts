import type { Principal } from '@yj/contracts';
import { fail } from '../../errors';
import type { ExamService } from '../exam/exam.service';
import { assertSchool, subjectScanAccess } from '../scan/scan-access';
import type { PaperImageService } from '../scan/image/paper-image.service';
import type { TemplateService } from '../template/template.service';
import type { BlockService } from './block.service';

/** What a cut image was cut from: a scanned paper, or the template picture when nothing is scanned yet. */
export type CutSource = { kind: 'paper'; paperId: number } | { kind: 'template' };

/**
 * The block preview of 题块设置: which paper a user may see the cut on (their schools); the cutting itself is the
 * scan module's paper images (modules/scan/image/paper-image.service.ts).
 */
export function blockPreviewService(d: {
  exams: ExamService;
  blocks: BlockService;
  templates: TemplateService;
  images: PaperImageService;
}) {
  return {
    /**
     * A block's cut on a sample scan: the given paper, or the subject's first recognised paper the user may
     * see; the template picture when nothing is scanned yet. Other schools' papers are refused.
     */
    async preview(
      subjectId: number,
      blockId: number,
      p: Principal,
      paperId?: number,
    ): Promise<{ body: Buffer; source: CutSource }> {
      const block = await d.blocks.one(subjectId, blockId);
      if (!block.regions.length) throw fail('blockHasNoAreaNorBoxes');
      const { filter: schools } = await subjectScanAccess(d.exams, subjectId, p, false);
      let chosen: number | null;
      if (paperId !== undefined) {
        const row = await d.images.paper(paperId);
        if (!row || row.subjectId !== subjectId) throw fail('paperNotFound');
        assertSchool(schools, row.schoolId);
        chosen = row.id;
      } else chosen = await d.images.firstPaper(subjectId, schools);
      if (chosen !== null)
        return {
          body: await d.images.paperImage(block.regions, chosen),
          source: { kind: 'paper', paperId: chosen },
        };
      const card = (await d.templates.forScanning(subjectId))?.body;
      if (!card) throw fail('noPaperNorTemplateToPreview');
      return {
        body: await d.images.templateImage(subjectId, block.regions, card),
        source: { kind: 'template' },
      };
    },
  };
}
export type BlockPreviewService = ReturnType<typeof blockPreviewService>;
