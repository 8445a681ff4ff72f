import { z } from 'zod';
import { loginResponse } from './auth';
import { text } from './fields';

// 扫码登录: the scanning PC shows a QR; a signed-in phone scans it and confirms (手机确认登录); the PC's session
// starts. The QR holds a code that only names the request; the PC alone holds the ticket that redeems it.

/** Seconds a QR stays valid. */
export const SCAN_LOGIN_TTL_S = 120;

const secret = text().min(20).max(128);

/** POST /api/anno/scanLogin/qrcode: a new QR for the PC. */
export const scanLoginQr = z.object({
  /** the PC's secret: polls and redeems; never shown */
  ticket: z.string(),
  /** what the QR holds: the phone's confirm page */
  url: z.string(),
  /** the QR as an SVG data URL */
  qr: z.string(),
  expiresIn: z.number(),
});
export type ScanLoginQr = z.infer<typeof scanLoginQr>;

export const scanLoginPollBody = z.object({ ticket: secret });

/** The PC's poll: still waiting, turned down, expired, or signed in (the session cookie set with this answer). */
export const scanLoginPoll = z.discriminatedUnion('state', [
  z.object({ state: z.literal('waiting') }),
  z.object({ state: z.literal('cancelled') }),
  z.object({ state: z.literal('expired') }),
  z.object({ state: z.literal('signedIn'), login: loginResponse }),
]);
export type ScanLoginPoll = z.infer<typeof scanLoginPoll>;

export const scanLoginCodeBody = z.object({ code: secret });

/** What the phone is asked to confirm: which PC, since when. */
export const scanLoginRequestInfo = z.object({
  pcIp: z.string().nullable(),
  /** the PC's browser in words (Chrome / Edge … on Windows …) */
  pcBrowser: z.string(),
  createdAt: z.string(),
  expiresAt: z.string(),
});
export type ScanLoginRequestInfo = z.infer<typeof scanLoginRequestInfo>;
