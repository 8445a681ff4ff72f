import { qrSvg } from '@yj/card';
import {
  SCAN_LOGIN_TTL_S,
  type LoginResponse,
  type ScanLoginPoll,
  type ScanLoginQr,
  type ScanLoginRequestInfo,
} from '@yj/contracts';
import { fail } from '../../errors';
import { newToken, sha256 } from '../../lib/crypto';
import type { Db } from '../../infra/db';
import type { AuditService } from '../audit/audit.service';
import type { AuthService, RequestMeta } from './auth.service';
import type { ScanLoginRepo, ScanLoginRow, scanLoginRepo } from './scan-login.repo';
import type { UserRepo } from './user.repo';

interface Deps {
  db: Db;
  repo: ScanLoginRepo;
  /** the same repository in a transaction */
  scanLoginRepo: typeof scanLoginRepo;
  users: UserRepo;
  auth: AuthService;
  audit: AuditService;
}

type PollResult =
  | { state: Exclude<ScanLoginPoll['state'], 'signedIn'> }
  | { state: 'signedIn'; login: LoginResponse & { schoolId: number | null } };

/** The PC's browser in a few words, for the phone to recognise it. */
export function browserWords(ua: string | null): string {
  if (!ua) return '未知浏览器';
  const browser = /Edg\//.test(ua)
    ? 'Edge'
    : /Chrome\//.test(ua)
      ? 'Chrome'
      : /Firefox\//.test(ua)
        ? 'Firefox'
        : /Safari\//.test(ua)
          ? 'Safari'
          : '浏览器';
  const os = /Windows/.test(ua)
    ? 'Windows'
    : /Mac OS X/.test(ua)
      ? 'macOS'
      : /Android/.test(ua)
        ? 'Android'
        : /Linux/.test(ua)
          ? 'Linux'
          : '';
  return os ? `${os} 上的 ${browser}` : browser;
}

/**
 * 扫码登录 (spec §7 auth scan-login): the PC asks for a QR, a signed-in phone confirms it, the PC's next poll
 * starts its session. One-time (used once), short-lived (SCAN_LOGIN_TTL_S), and each step in the audit log.
 */
export function scanLoginService(d: Deps) {
  /** The request the phone names, still open to confirm or cancel. */
  async function openRequest(code: string): Promise<ScanLoginRow> {
    const row = await d.repo.findByCode(sha256(code));
    if (!row) throw fail('scanLoginExpired');
    if (row.usedAt || row.confirmedAt || row.cancelledAt) throw fail('scanLoginUsed');
    if (row.expiresAt <= new Date()) throw fail('scanLoginExpired');
    return row;
  }

  return {
    async issue(meta: RequestMeta, serverUrl: string): Promise<ScanLoginQr> {
      const code = newToken();
      const ticket = newToken();
      await d.repo.insert({
        codeHash: sha256(code),
        ticketHash: sha256(ticket),
        expiresAt: new Date(Date.now() + SCAN_LOGIN_TTL_S * 1000),
        pcIp: meta.ip,
        pcUserAgent: meta.userAgent,
      });
      const url = `${serverUrl}/minions/scan-login?code=${code}`;
      const qr = `data:image/svg+xml;base64,${Buffer.from(qrSvg(url)).toString('base64')}`;
      return { ticket, url, qr, expiresIn: SCAN_LOGIN_TTL_S };
    },

    async info(code: string): Promise<ScanLoginRequestInfo> {
      const row = await openRequest(code);
      return {
        pcIp: row.pcIp,
        pcBrowser: browserWords(row.pcUserAgent),
        createdAt: row.createdAt.toISOString(),
        expiresAt: row.expiresAt.toISOString(),
      };
    },

    async confirm(code: string, userId: number, ip: string | null): Promise<void> {
      const row = await openRequest(code);
      await d.db.transaction(async (tx) => {
        if (!(await d.scanLoginRepo(tx).confirm(row.id, userId))) throw fail('scanLoginUsed');
        await d.audit.record(tx, {
          action: 'auth.scanLogin.confirm',
          userId,
          ip,
          detail: { pcIp: row.pcIp, pcBrowser: browserWords(row.pcUserAgent) },
        });
      });
    },

    async cancel(code: string, userId: number, ip: string | null): Promise<void> {
      const row = await openRequest(code);
      await d.db.transaction(async (tx) => {
        if (!(await d.scanLoginRepo(tx).cancel(row.id))) throw fail('scanLoginUsed');
        await d.audit.record(tx, { action: 'auth.scanLogin.cancel', userId, ip, detail: { pcIp: row.pcIp } });
      });
    },

    /** The PC asks; once confirmed, the first poll takes the request and starts the confirming account's session. */
    async poll(ticket: string, meta: RequestMeta): Promise<PollResult> {
      const row = await d.repo.findByTicket(sha256(ticket));
      if (!row || row.usedAt) return { state: 'expired' };
      if (row.cancelledAt) return { state: 'cancelled' };
      if (!row.confirmedAt) return { state: row.expiresAt <= new Date() ? 'expired' : 'waiting' };
      const userId = await d.db.transaction(async (tx) => {
        const taken = await d.scanLoginRepo(tx).take(row.id);
        if (taken)
          await d.audit.record(tx, {
            action: 'auth.scanLogin',
            userId: taken,
            ip: meta.ip,
            detail: { id: row.id },
          });
        return taken;
      });
      const u = userId ? await d.users.findById(userId) : null;
      if (!u || u.status !== 1) return { state: 'expired' };
      return { state: 'signedIn', login: await d.auth.startSession(u, meta) };
    },
  };
}
export type ScanLoginService = ReturnType<typeof scanLoginService>;
