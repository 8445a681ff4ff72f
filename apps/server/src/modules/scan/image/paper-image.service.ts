import { createHash } from 'node:crypto';
import type { BlockRegion, CardTemplate, ImageBox, TemplateRect } from '@yj/contracts';
import type { Matrix3 } from '@yj/omr';
import { decodeGrey } from '@yj/omr/node';
import { fail } from '../../../errors';
import type { Db } from '../../../infra/db';
import type { Storage } from '../../../infra/storage';
import type { SchoolFilter } from '../scan-access';
import { cutRegions, type CutTask } from './cut-pixels';
import type { CutPool } from './cut-pool';
import { cachedCut } from './scan-cut';
import type { CutPage, paperImageRepo, TypedBlockRegions } from './paper-image.repo';

const IDENTITY: Matrix3 = [1, 0, 0, 0, 1, 0, 0, 0, 1];

const rectsOf = (regions: BlockRegion[]): string =>
  JSON.stringify(regions.map((r) => [r.page, r.x, r.y, r.w, r.h]));

/**
 * The regions a block is cut by from a paper: an online paper of a paper subject (补考) has typed pages, not the
 * card's, so the block whose card regions these are is cut by its typed regions; any other paper, or regions of
 * no such block (an online subject's blocks are typed already), by the regions given.
 */
export function regionsFor(regions: BlockRegion[], typed: TypedBlockRegions[]): BlockRegion[] {
  if (!typed.length) return regions;
  const want = rectsOf(regions);
  return typed.find((t) => rectsOf(t.regions) === want)?.typedRegions ?? regions;
}

/**
 * Where a block's cut of a paper is kept: named by its regions and, for each region, the page (stored file and
 * registration) it is cut from — a rescan or a registration fixed by hand makes a new cut. Recognition stores its
 * cuts under the same key (scan.jobs.ts), so what it cut is what marking finds.
 */
export function blockCutKey(
  paperId: number,
  regions: BlockRegion[],
  used: { storageKey: string; matrix: Matrix3 | null }[],
): string {
  // the regions as numbers in a fixed order: stored jsonb and a parsed object list their keys differently
  const rects = regions.map((r) => [r.page, r.x, r.y, r.w, r.h]);
  const hash = createHash('sha256')
    .update(JSON.stringify({ rects, pages: used.map((p) => [p.storageKey, p.matrix]) }))
    .digest('hex')
    .slice(0, 32);
  return `blocks/${paperId}/${hash}.jpg`;
}

/**
 * Every cut of a scanned paper, in one place (DESIGN.md §4 step 5): a block's template regions cut from a paper's
 * pages through each page's registration, deskewed and stacked into one JPEG (marking, the block preview, trial
 * and quality show this), the same regions cut from the template pictures, and a recognition crop of a page (the
 * exception screens). Who may see which paper is decided by the caller's route and service, never here.
 */
export function paperImageService(d: {
  db: Db;
  storage: Storage;
  repo: typeof paperImageRepo;
  /** a template picture of the subject by its key (template-image.service's image) */
  templatePicture: (subjectId: number, key: string) => Promise<Buffer>;
  /** the worker threads the pixel work of a paper's cuts runs on */
  pool: CutPool;
}) {
  const repo = () => d.repo(d.db);

  /**
   * The cuts of several blocks of one paper, each cut on first use and kept under a key naming its regions and
   * pages; the pages are read and decoded once for all of them (cutting ahead asks for a paper's blocks together:
   * decoding is most of a cut). `stored` says whether a cut is kept already: its bytes (an image request) or
   * only that it exists (cutting ahead, which needs no bytes).
   */
  async function cutAll<T>(
    blocks: BlockRegion[][],
    paperId: number,
    stored: (key: string) => Promise<T | null>,
    known?: CutPage[],
  ): Promise<(T | Buffer)[]> {
    const pages = known ?? (await repo().pages(paperId));
    // read only for an online paper: a scanned paper's cut costs no more than before
    const typed = pages.some((p) => p.online) ? await repo().typedRegions(paperId) : [];
    const out: (T | Buffer)[] = [];
    const missing: { at: number; key: string; regions: BlockRegion[] }[] = [];
    for (const [at, given] of blocks.entries()) {
      if (!given.length) throw fail('blockHasNoArea');
      const regions = regionsFor(given, typed);
      const used = regions.map((r) => {
        const page = pages.find((p) => p.templatePage === r.page);
        if (!page?.matrix) throw fail('pageNotLocatedForCrop', { page: r.page + 1 });
        return page;
      });
      const key = blockCutKey(paperId, regions, used);
      const cached = await stored(key);
      if (cached !== null) out[at] = cached;
      else missing.push({ at, key, regions });
    }
    if (!missing.length) return out;
    // the pages the missing blocks use, read once and cut on a worker thread (one paper's pages in memory)
    const indexes = [...new Set(missing.flatMap((m) => m.regions.map((r) => r.page)))];
    const task: CutTask = { pages: [], blocks: missing.map((m) => m.regions) };
    for (const index of indexes) {
      const page = pages.find((p) => p.templatePage === index)!;
      const bytes = await d.storage.get(page.storageKey);
      if (!bytes) throw fail('paperImageFileLost');
      task.pages.push({ index, bytes, matrix: page.matrix!, streaks: page.streaks });
    }
    const cut = await d.pool.run(task);
    for (const [i, m] of missing.entries()) {
      await d.storage.put(m.key, cut[i]!, { derived: true });
      out[m.at] = cut[i]!;
    }
    return out;
  }

  /** The images of several blocks of one paper (cut on first use, see cutAll). */
  const paperImages = (blocks: BlockRegion[][], paperId: number): Promise<Buffer[]> =>
    cutAll(blocks, paperId, (key) => d.storage.get(key));

  /**
   * The block image of one paper, cut on first use and kept under a key naming the regions and pages. `pages`:
   * the paper's pages as the caller read them already (the marking pool reads them with the task: a statement
   * fewer per image), else read here.
   */
  async function paperImage(regions: BlockRegion[], paperId: number, pages?: CutPage[]): Promise<Buffer> {
    return (await cutAll([regions], paperId, (key) => d.storage.get(key), pages))[0]!;
  }

  return {
    paperImage,
    paperImages,
    /**
     * The blocks of one paper cut and stored where they are not yet; a stored cut is not read (cutting ahead).
     * `pages`: the paper's pages as the caller read them (else read here).
     */
    async storeCuts(blocks: BlockRegion[][], paperId: number, pages?: CutPage[]): Promise<void> {
      await cutAll(blocks, paperId, async (key) => ((await d.storage.has(key)) ? true : null), pages);
    },

    /** The regions cut from the template pictures (template pixels are picture pixels). */
    async templateImage(subjectId: number, regions: BlockRegion[], card: CardTemplate): Promise<Buffer> {
      return cutRegions(regions, async (index) => {
        const key = card.pages.find((p) => p.index === index)?.image;
        if (!key) throw fail('noPaperNorTemplateImageToPreview');
        return { img: await decodeGrey(await d.templatePicture(subjectId, key)), matrix: IDENTITY };
      });
    },

    /**
     * A whole stored page with regions (template pixels, through its registration) painted over, on the pool's
     * worker threads; kept under `key` (the caller names the page, its registration and its rule in it), so a
     * page is masked once. Null when the page's image is gone.
     */
    async maskedPage(
      key: string,
      pageKey: string,
      matrix: Matrix3,
      regions: TemplateRect[],
    ): Promise<Buffer | null> {
      const cached = await d.storage.get(key);
      if (cached) return cached;
      const bytes = await d.storage.get(pageKey);
      if (!bytes) return null;
      const body = await d.pool.mask({ bytes, matrix, regions });
      await d.storage.put(key, body, { derived: true });
      return body;
    },

    /** A recognition crop of a stored page (a subjective box), cut on first look; null when the page is gone. */
    crop: (key: string, pageKey: string, box: ImageBox): Promise<Buffer | null> =>
      cachedCut(d.storage, key, pageKey, box),

    /** A live paper of the subject (the block preview checks its school), or null. */
    paper: (paperId: number) => repo().paper(paperId),

    /** The subject's first recognised paper in these schools, a paper without exceptions first. */
    firstPaper: (subjectId: number, schools: SchoolFilter) => repo().firstPaper(subjectId, schools),
  };
}
export type PaperImageService = ReturnType<typeof paperImageService>;
