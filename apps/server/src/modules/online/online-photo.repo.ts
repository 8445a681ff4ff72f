import { and, asc, eq, isNotNull, sql } from 'drizzle-orm';
import type { Db } from '../../infra/db';
import { onlineAttempt, onlinePhoto } from '../../db/schema';

const photoCols = {
  id: onlinePhoto.id,
  no: onlinePhoto.no,
  position: onlinePhoto.position,
  rotation: onlinePhoto.rotation,
  storageKey: onlinePhoto.storageKey,
  width: onlinePhoto.width,
  height: onlinePhoto.height,
};
export type PhotoRow = { [K in keyof typeof photoCols]: (typeof photoCols)[K]['_']['data'] };

/** The photos of written answers (issue 34): by attempt, question and position. */
export function onlinePhotoRepo(db: Db) {
  return {
    /** The attempt's photos (of one question when `no` is given), in their order. */
    async photos(attemptId: number, no?: string): Promise<PhotoRow[]> {
      return db
        .select(photoCols)
        .from(onlinePhoto)
        .where(
          and(eq(onlinePhoto.attemptId, attemptId), no === undefined ? undefined : eq(onlinePhoto.no, no)),
        )
        .orderBy(asc(onlinePhoto.no), asc(onlinePhoto.position), asc(onlinePhoto.id));
    },

    async photo(attemptId: number, id: number): Promise<PhotoRow | undefined> {
      const [row] = await db
        .select(photoCols)
        .from(onlinePhoto)
        .where(and(eq(onlinePhoto.attemptId, attemptId), eq(onlinePhoto.id, id)));
      return row;
    },

    /** A photo added after the question's last one. */
    async add(
      attemptId: number,
      p: { no: string; storageKey: string; width: number; height: number },
    ): Promise<void> {
      await db.insert(onlinePhoto).values({
        attemptId,
        ...p,
        position: sql`(select coalesce(max(${onlinePhoto.position}), -1) + 1 from ${onlinePhoto} where ${onlinePhoto.attemptId} = ${attemptId} and ${onlinePhoto.no} = ${p.no})`,
      });
    },

    async place(id: number, position: number, rotation: number): Promise<void> {
      await db.update(onlinePhoto).set({ position, rotation }).where(eq(onlinePhoto.id, id));
    },

    async remove(id: number): Promise<void> {
      await db.delete(onlinePhoto).where(eq(onlinePhoto.id, id));
    },

    /** The photos of the subject's handed-in attempts (how tall their pages are drawn at 开始阅卷). */
    async handedInPhotos(subjectId: number) {
      return db
        .select({ attemptId: onlinePhoto.attemptId, ...photoCols })
        .from(onlinePhoto)
        .innerJoin(onlineAttempt, eq(onlineAttempt.id, onlinePhoto.attemptId))
        .where(and(eq(onlineAttempt.subjectId, subjectId), isNotNull(onlineAttempt.submittedAt)))
        .orderBy(asc(onlinePhoto.attemptId), asc(onlinePhoto.no), asc(onlinePhoto.position));
    },
  };
}
