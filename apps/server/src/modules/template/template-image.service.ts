import { createHash } from 'node:crypto';
import sharp from 'sharp';
import type { Patch, TemplateRect } from '@yj/contracts';
import { detectLayout, type DetectedLayout } from '@yj/omr';
import { fail } from '../../errors';
import type { Storage } from '../../infra/storage';
import { templateDrawingKey, templatePictureKey } from './template-picture';
import { expandFiles, filePages, SCAN_LIMITS, sniff } from '../upload/scan-input';
import { rendererFor, type PagePool, type RenderJob } from '../upload/scan-pages';

/** What the builder gets back for an uploaded blank (or filled) card page. */
export interface TemplateImage {
  /** content hash: names the stored picture in later calls */
  key: string;
  width: number;
  height: number;
  dpi: number;
  detected: DetectedLayout;
}

// Location-area patches are kept at half the template resolution: enough texture for the correlation,
// a quarter of the bytes in the template JSON.
const PATCH_SCALE = 0.5;
const MAX_SIDE = 8000;
const KEY = /^[0-9a-f]{64}$/;

/** The picture keys a drawing index holds; null when missing or not such a list. */
function keysIn(stored: Buffer | null): string[] | null {
  if (!stored) return null;
  try {
    const v: unknown = JSON.parse(stored.toString('utf8'));
    return Array.isArray(v) && v.length > 0 && v.every((k) => typeof k === 'string' && KEY.test(k))
      ? (v as string[])
      : null;
  } catch {
    return null;
  }
}

/**
 * Pictures the template builder draws on (issue 5): stored greyscale, so template pixels are its pixels,
 * with the auto-recognised proposals of packages/omr; location-area patches are cut from them.
 */
export function templateImageService(d: { storage: Storage; pages: PagePool }) {
  async function load(subjectId: number, key: string): Promise<Buffer> {
    if (!KEY.test(key)) throw fail('templateImageMissing');
    const img = await d.storage.get(templatePictureKey(subjectId, key));
    if (!img) throw fail('templateImageMissing');
    return img;
  }

  /** Stores a picture greyscale as JPEG under its content hash, which names it in the template. */
  async function store(subjectId: number, picture: Buffer | Uint8Array): Promise<string> {
    const jpeg = await sharp(picture).greyscale().toColourspace('b-w').jpeg({ quality: 92 }).toBuffer();
    const key = createHash('sha256').update(jpeg).digest('hex');
    await d.storage.put(templatePictureKey(subjectId, key), jpeg);
    return key;
  }

  return {
    /**
     * The pictures of a card the product printed itself (online card): every page of its PDF rendered
     * at the template's dpi, so template pixels are picture pixels as for a scanned blank. Keys in page order.
     */
    async rendered(subjectId: number, pdf: Buffer, dpi: number): Promise<string[]> {
      const out = await d.pages.split(pdf, 'pdf', {
        maxPages: SCAN_LIMITS.pagesPerFile,
        pdfDpi: dpi,
        maxPixels: SCAN_LIMITS.pagePixels,
      });
      if (!out.ok || !out.images) throw fail('cardImageRenderFailed');
      const keys: string[] = [];
      for (const image of out.images) keys.push(await store(subjectId, image));
      return keys;
    },

    /**
     * `rendered`, once per drawing: `drawing` (a hash of everything drawn on the pages, and the dpi) names the
     * keys its pages were rendered to, so saving the same card again (覆盖保存, 更新 of an unchanged card) takes
     * the stored pictures instead of printing and rasterising every page again — most of a save's time. Rendered
     * anew when any picture is gone.
     */
    async renderedOnce(
      subjectId: number,
      drawing: string,
      pdf: () => Promise<Buffer>,
      dpi: number,
    ): Promise<string[]> {
      const index = templateDrawingKey(subjectId, drawing);
      const kept = keysIn(await d.storage.get(index));
      if (
        kept &&
        (await Promise.all(kept.map((k) => d.storage.has(templatePictureKey(subjectId, k))))).every(Boolean)
      )
        return kept;
      const keys = await this.rendered(subjectId, await pdf(), dpi);
      await d.storage.put(index, Buffer.from(JSON.stringify(keys)));
      return keys;
    },

    /** Stores page `page` of the upload (an image, or a page of a PDF / multi-page TIFF) and proposes regions. */
    async upload(
      subjectId: number,
      file: { name: string; data: Buffer },
      opts: { dpi: number; page: number },
      uploader: RenderJob,
    ): Promise<TemplateImage> {
      const renderer = rendererFor(d.pages, uploader);
      // a PDF or TIFF: only the page asked for is rendered, on the page pool
      const kind = sniff(file.data);
      const paged = kind === 'pdf' || kind === 'tif';
      const pages = paged
        ? await filePages(renderer, file, kind, opts.page)
        : await expandFiles(renderer, [file]);
      const source = paged ? pages[0] : pages[opts.page];
      if (!source) throw fail('fileLacksPage', { count: pages.length, page: opts.page + 1 });
      const meta = await sharp(source.data)
        .metadata()
        .catch(() => null);
      if (!meta?.width || !meta.height) throw fail('imageUnreadable');
      if (meta.width > MAX_SIDE || meta.height > MAX_SIDE || meta.width < 200 || meta.height < 200)
        throw fail('imageSizeUnsuitable');
      // One decode: the upright grey pixels feed both the stored picture and the proposals.
      const { data, info } = await sharp(source.data)
        .rotate()
        .greyscale()
        .raw()
        .toBuffer({ resolveWithObject: true });
      const jpeg = await sharp(data, { raw: { width: info.width, height: info.height, channels: 1 } })
        .jpeg({ quality: 92 })
        .toBuffer();
      const key = createHash('sha256').update(jpeg).digest('hex');
      await d.storage.put(templatePictureKey(subjectId, key), jpeg);
      const grey = {
        width: info.width,
        height: info.height,
        data: new Uint8Array(data.buffer, data.byteOffset, info.width * info.height),
      };
      return {
        key,
        width: info.width,
        height: info.height,
        dpi: opts.dpi,
        detected: detectLayout(grey, { dpi: opts.dpi }),
      };
    },

    image: load,

    /** Reference pixels of a location area (定位区) for matching by normalised cross-correlation. */
    async patch(subjectId: number, key: string, rect: TemplateRect): Promise<Patch> {
      const img = sharp(await load(subjectId, key));
      const meta = await img.metadata();
      const left = Math.round(rect.x);
      const top = Math.round(rect.y);
      const w = Math.round(rect.w);
      const h = Math.round(rect.h);
      if (left < 0 || top < 0 || w < 20 || h < 20 || left + w > meta.width! || top + h > meta.height!)
        throw fail('anchorAreaInvalid');
      const width = Math.max(1, Math.round(w * PATCH_SCALE));
      const height = Math.max(1, Math.round(h * PATCH_SCALE));
      const data = await img
        .extract({ left, top, width: w, height: h })
        .greyscale()
        .resize(width, height, { fit: 'fill' })
        .raw()
        .toBuffer();
      return { width, height, scale: PATCH_SCALE, data: data.toString('base64') };
    },
  };
}
export type TemplateImageService = ReturnType<typeof templateImageService>;
