import { createHash } from 'node:crypto';
import type { BlockRegion, CardTemplate, Principal } from '@yj/contracts';
import type { Matrix3 } from '@yj/omr';
import { decodeGrey } from '@yj/omr/node';
import { fail } from '../../errors';
import type { Db } from '../../infra/db';
import type { Storage } from '../../infra/storage';
import type { ExamService } from '../exam/exam.service';
import { assertSchool, subjectScanAccess } from '../scan/scan-access';
import type { TemplateImageService } from '../template/template-image.service';
import type { TemplateService } from '../template/template.service';
import { cutRegions, type CutTask } from './block-cut-pixels';
import type { CutPool } from './block-cut-pool';
import { blockCutRepo } from './block-cut.repo';
import type { BlockService } from './block.service';

const IDENTITY: Matrix3 = [1, 0, 0, 0, 1, 0, 0, 0, 1];

/** What a cut image was cut from: a scanned paper, or the template picture when nothing is scanned yet. */
export type CutSource = { kind: 'paper'; paperId: number } | { kind: 'template' };

/**
 * The image of a block (DESIGN.md §4 step 5): its template regions cut from a paper's pages through each
 * page's registration, deskewed and stacked into one JPEG. Marking shows this; the block preview too.
 */
export function blockCutService(d: {
  db: Db;
  storage: Storage;
  exams: ExamService;
  blocks: BlockService;
  templates: TemplateService;
  images: TemplateImageService;
  /** the worker threads the pixel work runs on */
  pool: CutPool;
}) {
  const repo = () => blockCutRepo(d.db);

  /**
   * The images of several blocks of one paper, each cut on first use and kept under a key naming its regions
   * and pages; the pages are read and decoded once for all of them (cutting ahead asks for a paper's blocks
   * together: decoding is most of a cut).
   */
  async function paperImages(blocks: BlockRegion[][], paperId: number): Promise<Buffer[]> {
    const pages = await repo().pages(paperId);
    const out: Buffer[] = [];
    const missing: { at: number; key: string; regions: BlockRegion[] }[] = [];
    for (const [at, regions] of blocks.entries()) {
      if (!regions.length) throw fail('题块还没有框选区域');
      const used = regions.map((r) => {
        const page = pages.find((p) => p.templatePage === r.page);
        if (!page?.matrix) throw fail(`这份答题卡的第 ${r.page + 1} 页没有识别定位，无法切割`);
        return page;
      });
      const hash = createHash('sha256')
        .update(JSON.stringify({ regions, pages: used.map((p) => [p.storageKey, p.matrix]) }))
        .digest('hex')
        .slice(0, 32);
      const key = `blocks/${paperId}/${hash}.jpg`;
      const cached = await d.storage.get(key);
      if (cached) out[at] = cached;
      else missing.push({ at, key, regions });
    }
    if (!missing.length) return out;
    // the pages the missing blocks use, read once and cut on a worker thread (one paper's pages in memory)
    const indexes = [...new Set(missing.flatMap((m) => m.regions.map((r) => r.page)))];
    const task: CutTask = { pages: [], blocks: missing.map((m) => m.regions) };
    for (const index of indexes) {
      const page = pages.find((p) => p.templatePage === index)!;
      const bytes = await d.storage.get(page.storageKey);
      if (!bytes) throw fail('答题卡图像文件丢失');
      task.pages.push({ index, bytes, matrix: page.matrix! });
    }
    const cut = await d.pool.run(task);
    for (const [i, m] of missing.entries()) {
      await d.storage.put(m.key, cut[i]!);
      out[m.at] = cut[i]!;
    }
    return out;
  }

  /** The block image of one paper, cut on first use and kept under a key naming the regions and pages. */
  async function paperImage(regions: BlockRegion[], paperId: number): Promise<Buffer> {
    return (await paperImages([regions], paperId))[0]!;
  }

  /** The regions cut from the template pictures (template pixels are picture pixels). */
  async function templateImage(
    subjectId: number,
    regions: BlockRegion[],
    card: CardTemplate,
  ): Promise<Buffer> {
    return cutRegions(regions, async (index) => {
      const key = card.pages.find((p) => p.index === index)?.image;
      if (!key) throw fail('还没有扫描的答题卡，模板也没有答题卡图片，无法预览切割图');
      return { img: await decodeGrey(await d.images.image(subjectId, key)), matrix: IDENTITY };
    });
  }

  return {
    paperImage,
    paperImages,

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
      if (!block.regions.length) throw fail('题块还没有框选区域，模板上也没有这些题的主观题框');
      const { filter: schools } = await subjectScanAccess(d.exams, subjectId, p, false);
      let chosen: number | null;
      if (paperId !== undefined) {
        const row = await repo().paper(paperId);
        if (!row || row.subjectId !== subjectId) throw fail('答题卡不存在或已删除');
        assertSchool(schools, row.schoolId);
        chosen = row.id;
      } else chosen = await repo().firstPaper(subjectId, schools);
      if (chosen !== null)
        return { body: await paperImage(block.regions, chosen), source: { kind: 'paper', paperId: chosen } };
      const card = (await d.templates.forScanning(subjectId))?.body;
      if (!card) throw fail('还没有扫描的答题卡，也没有答题卡模板，无法预览切割图');
      return { body: await templateImage(subjectId, block.regions, card), source: { kind: 'template' } };
    },
  };
}
export type BlockCutService = ReturnType<typeof blockCutService>;
