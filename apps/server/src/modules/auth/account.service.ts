import sharp from 'sharp';
import { AVATAR_MAX_BYTES, type Principal } from '@yj/contracts';
import { fail } from '../../errors';
import { avatarUrl, sha256 } from '../../lib/crypto';
import type { Db } from '../../infra/db';
import type { Storage } from '../../infra/storage';
import type { AuditService } from '../audit/audit.service';
import { checkNewPassword, hashPassword, verifyPassword } from './password';
import type { SessionService } from './session.service';
import type { userRepo, UserRepo } from './user.repo';

const AVATAR_FORMATS = new Set(['jpeg', 'png', 'webp', 'gif']);
const AVATAR_SIZE = 256;

interface Deps {
  db: Db;
  users: UserRepo;
  /** the same repository in a transaction */
  userRepo: typeof userRepo;
  sessions: SessionService;
  storage: Storage;
  audit: AuditService;
}

export function accountService(d: Deps) {
  return {
    /** Changes the password and signs out every other session of the user. */
    async changePassword(
      userId: number,
      sessionId: number,
      oldPassword: string,
      newPassword: string,
      ip: string | null,
    ) {
      const u = await d.users.findById(userId);
      if (!u || !(await verifyPassword(u.passwordHash, oldPassword))) throw fail('oldPasswordWrong');
      if (oldPassword === newPassword) throw fail('newPasswordSameAsOld');
      checkNewPassword(newPassword, u);
      const hash = await hashPassword(newPassword);
      await d.db.transaction(async (tx) => {
        await d.userRepo(tx).setPassword(userId, hash);
        await d.audit.record(tx, { action: 'account.password.change', userId, ip });
      });
      await d.sessions.revokeAllOfUser(userId, sessionId);
    },

    /** Accepts JPEG/PNG/WebP/GIF up to 2 MB; stores a 256 px WebP re-encoding (nothing of the upload is served as-is). */
    async uploadAvatar(userId: number, body: Buffer): Promise<{ avatarUrl: string }> {
      if (body.length === 0) throw fail('avatarMissing');
      if (body.length > AVATAR_MAX_BYTES) throw fail('avatarTooLarge');
      let webp: Buffer;
      try {
        const meta = await sharp(body).metadata();
        if (!meta.format || !AVATAR_FORMATS.has(meta.format)) throw new Error('format');
        webp = await sharp(body)
          .rotate()
          .resize(AVATAR_SIZE, AVATAR_SIZE, { fit: 'cover' })
          .webp({ quality: 85 })
          .toBuffer();
      } catch {
        throw fail('avatarFormatUnsupported');
      }
      const key = `avatars/${userId}-${sha256(webp.toString('base64')).slice(0, 12)}.webp`;
      await d.storage.put(key, webp);
      await d.db.transaction(async (tx) => {
        await d.userRepo(tx).setAvatar(userId, key);
        await d.audit.record(tx, { action: 'account.avatar.upload', userId, detail: { key } });
      });
      return { avatarUrl: avatarUrl(userId, key) };
    },

    /** A user's avatar, for the user, people of a school they belong to, and system admins; others 无权限. */
    async avatar(viewer: Principal, userId: number): Promise<Buffer | null> {
      if (viewer.userId !== userId && !viewer.isAdmin) {
        const mine = new Set([...viewer.schoolAdminOf, ...viewer.teacherOf]);
        const theirs = await d.users.schoolsOf(userId);
        if (!theirs.some((s) => mine.has(s.id))) throw fail('forbidden');
      }
      const u = await d.users.findById(userId);
      return u?.avatarKey ? d.storage.get(u.avatarKey) : null;
    },
  };
}
export type AccountService = ReturnType<typeof accountService>;
