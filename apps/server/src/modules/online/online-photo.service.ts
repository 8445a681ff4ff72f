import { randomUUID } from 'node:crypto';
import sharp, { type OutputInfo } from 'sharp';
import { ONLINE_PHOTO_MAX, type ArrangePhotosRequest, type Principal, type SitPhoto } from '@yj/contracts';
import { fail } from '../../errors';
import type { Db } from '../../infra/db';
import type { Storage } from '../../infra/storage';
import { assertAllows } from '../../lib/subject-state';
import { isObjective } from './online-rules';
import type { onlineRepo } from './online.repo';
import type { onlinePhotoRepo, PhotoRow } from './online-photo.repo';
import type { OnlineSitService } from './online-sit.service';

/** Photos are kept at most this long on their longer side: sharp enough to mark, small enough to lay on a page. */
const PHOTO_SIDE = 2000;
const FORMATS = new Set(['jpeg', 'png']);

const shown = (rows: PhotoRow[]): SitPhoto[] =>
  rows.map(({ id, no, position, rotation }) => ({ id, no, position, rotation }));

/**
 * Photos of written work on paper (issue 34), on the student's own attempt while it is open: each upload is
 * decoded (JPEG or PNG only), turned upright by its EXIF, bounded in size and stored before it is acknowledged;
 * the student reorders, rotates and removes them; the hand-in lays them on the question's page (online-paper.ts).
 */
export function onlinePhotoService(d: {
  db: Db;
  repo: typeof onlineRepo;
  photos: typeof onlinePhotoRepo;
  storage: Storage;
  sit: OnlineSitService;
}) {
  /** The open attempt, locked in `tx`: a hand-in or another change of the same photos waits for this one. */
  async function locked(tx: Db, p: Principal, subjectId: number) {
    const { s, a } = await d.sit.open(p, subjectId);
    assertAllows(s.status, 'onlineSit');
    const row = await d.repo(tx).attempt(subjectId, a.examineeId, true);
    if (!row || row.submittedAt || row.deadline.getTime() <= Date.now()) throw fail('onlineTimeUp');
    return row;
  }

  return {
    async upload(p: Principal, subjectId: number, no: string, body: Buffer): Promise<SitPhoto[]> {
      const q = await d.repo(d.db).questionKind(subjectId, no);
      if (!q) throw fail('onlineQuestionUnknown', { no });
      if (isObjective(q.kind)) throw fail('onlinePhotoNotWritten', { no });
      await d.sit.open(p, subjectId);
      let jpeg: { data: Buffer; info: OutputInfo };
      try {
        const meta = await sharp(body).metadata();
        if (!meta.format || !FORMATS.has(meta.format)) throw new Error('format');
        jpeg = await sharp(body)
          .rotate()
          .resize(PHOTO_SIDE, PHOTO_SIDE, { fit: 'inside', withoutEnlargement: true })
          .flatten({ background: '#fff' })
          .jpeg({ quality: 85 })
          .toBuffer({ resolveWithObject: true });
      } catch {
        throw fail('onlinePhotoNotImage');
      }
      const storageKey = `online-photos/${subjectId}/${randomUUID()}.jpg`;
      // on disk before the row names it: an acknowledged photo is never a dangling key
      await d.storage.put(storageKey, jpeg.data);
      try {
        return await d.db.transaction(async (tx) => {
          const a = await locked(tx, p, subjectId);
          const had = await d.photos(tx).photos(a.id, no);
          if (had.length >= ONLINE_PHOTO_MAX) throw fail('onlinePhotoTooMany', { max: ONLINE_PHOTO_MAX });
          await d.photos(tx).add(a.id, { no, storageKey, width: jpeg.info.width, height: jpeg.info.height });
          return shown(await d.photos(tx).photos(a.id, no));
        });
      } catch (err) {
        await d.storage.remove(storageKey);
        throw err;
      }
    },

    /** A photo's image for its own student (thumbnails on the sitting page), as stored: upright, unrotated. */
    async image(p: Principal, subjectId: number, photoId: number): Promise<Buffer> {
      const c = await d.sit.sitting(p, subjectId);
      const a = await d.repo(d.db).attempt(subjectId, c.x.id);
      const photo = a ? await d.photos(d.db).photo(a.id, photoId) : undefined;
      const bytes = photo ? await d.storage.get(photo.storageKey) : null;
      if (!bytes) throw fail('onlinePhotoNotFound');
      return bytes;
    },

    /** The question's photos in the order given, each with its rotation: the list must be exactly its photos. */
    async arrange(p: Principal, subjectId: number, body: ArrangePhotosRequest): Promise<SitPhoto[]> {
      return d.db.transaction(async (tx) => {
        const a = await locked(tx, p, subjectId);
        const had = await d.photos(tx).photos(a.id, body.no);
        const ids = new Set(body.photos.map((x) => x.id));
        if (ids.size !== body.photos.length || had.length !== ids.size || had.some((x) => !ids.has(x.id)))
          throw fail('onlinePhotoOrderInvalid');
        for (const [i, x] of body.photos.entries()) await d.photos(tx).place(x.id, i, x.rotation);
        return shown(await d.photos(tx).photos(a.id, body.no));
      });
    },

    /** The photo removed, the question's others closed up; its file removed once the row is gone. */
    async remove(p: Principal, subjectId: number, photoId: number): Promise<SitPhoto[]> {
      const { rows, key } = await d.db.transaction(async (tx) => {
        const a = await locked(tx, p, subjectId);
        const photo = await d.photos(tx).photo(a.id, photoId);
        if (!photo) throw fail('onlinePhotoNotFound');
        await d.photos(tx).remove(photo.id);
        const rest = await d.photos(tx).photos(a.id, photo.no);
        for (const [i, x] of rest.entries())
          if (x.position !== i) await d.photos(tx).place(x.id, i, x.rotation);
        return { rows: await d.photos(tx).photos(a.id, photo.no), key: photo.storageKey };
      });
      await d.storage.remove(key);
      return shown(rows);
    },

    /** All the attempt's photos (the sitting page's view). */
    async of(attemptId: number): Promise<SitPhoto[]> {
      return shown(await d.photos(d.db).photos(attemptId));
    },
  };
}
export type OnlinePhotoService = ReturnType<typeof onlinePhotoService>;
