import { ONLINE_IMAGE_SCHEME, type Principal } from '@yj/contracts';
import { fail } from '../../errors';
import type { Db } from '../../infra/db';
import type { Storage } from '../../infra/storage';
import { ONLINE_IMAGE_DIR } from './online-import';
import type { onlineRepo } from './online.repo';
import type { OnlineSitService } from './online-sit.service';

/** The content type by the extension the import gave the file (from the Word part's own content type). */
const TYPES: Record<string, string> = {
  png: 'image/png',
  jpg: 'image/jpeg',
  gif: 'image/gif',
  bmp: 'image/bmp',
  webp: 'image/webp',
  svg: 'image/svg+xml',
  emf: 'image/emf',
  wmf: 'image/wmf',
};

/** The type of a file stored without an extension, by its first bytes (the raster formats a browser draws). */
function sniffed(b: Buffer): string {
  const head = b.subarray(0, 12).toString('latin1');
  if (head.startsWith('\x89PNG')) return 'image/png';
  if (head.startsWith('\xff\xd8\xff')) return 'image/jpeg';
  if (head.startsWith('GIF8')) return 'image/gif';
  if (head.startsWith('RIFF') && head.slice(8, 12) === 'WEBP') return 'image/webp';
  if (head.startsWith('BM')) return 'image/bmp';
  return 'application/octet-stream';
}

export interface OnlineImage {
  body: Buffer;
  type: string;
}

/**
 * The images of an online exam's content (issue 34, 从 Word 导入): stored under the subject by the import, named
 * in the text as ![图片](online-image:<subjectId>/<imageId>). The school sees any image of its subject (an import
 * is previewed before it is saved); a student sees only the images their paper names, and only once the content
 * is theirs to see — from their start on, as the sitting's view shows the text.
 */
export function onlineImageService(d: {
  db: Db;
  repo: typeof onlineRepo;
  storage: Storage;
  sit: OnlineSitService;
}) {
  async function read(subjectId: number, imageId: string): Promise<OnlineImage> {
    // imageId is a uuid with an extension (the route's schema): never a path of its own
    const body = await d.storage.get(`${ONLINE_IMAGE_DIR}/${subjectId}/${imageId}`);
    if (!body) throw fail('onlineImageNotFound');
    const ext = imageId.split('.')[1];
    return { body, type: ext ? (TYPES[ext] ?? 'application/octet-stream') : sniffed(body) };
  }

  return {
    /** For the school's pages, under the subject's content capability and scope (the route's). */
    staff: read,

    /** For the student sitting the subject's online exam, once started (submitted too: the view still shows it). */
    async portal(p: Principal, subjectId: number, imageId: string): Promise<OnlineImage> {
      const c = await d.sit.sitting(p, subjectId);
      if (!c.found) throw fail('onlineNotStarted');
      const mark = `(${ONLINE_IMAGE_SCHEME}${subjectId}/${imageId})`;
      if (!(await d.repo(d.db).namesImage(subjectId, mark))) throw fail('onlineImageNotFound');
      return read(subjectId, imageId);
    },
  };
}
export type OnlineImageService = ReturnType<typeof onlineImageService>;
