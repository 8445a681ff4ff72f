import type { ScanUploadResult } from '@yj/contracts';
import { NETWORK_ERROR_CODE } from '../../api/constants';
import type { ImportAnswer } from '../../api/upload';

// The phone capture page's queue (issue 33): photos are sent one at a time into one scan batch. A photo
// is acknowledged only once the server has stored it; a photo lost on the network is sent again, the
// same bytes under the same client-made name, so a photo the server had stored comes back as a
// duplicate (the server keeps one page per content), never as a second page.

/** One photo on the page. `id` is made on the phone when the photo is taken and names the file sent. */
export interface PhonePhoto {
  id: string;
  /** the photo as sent: made once (scaled down), so every retry sends the very same bytes */
  file: File;
  state: 'waiting' | 'sending' | 'stored' | 'failed';
  /** why the last try failed, in words */
  error?: string;
}

/** Tries before a photo is left as failed (the teacher can send it again by hand). */
export const PHOTO_TRIES = 4;

export const isNetworkFailure = (a: ImportAnswer<unknown>): boolean =>
  a.kind === 'failed' &&
  typeof a.raw === 'object' &&
  a.raw !== null &&
  (a.raw as { code?: unknown }).code === NETWORK_ERROR_CODE;

/**
 * Sends one photo until it is stored: network failures are retried (up to PHOTO_TRIES, waiting `pause`
 * between tries), a refusal by the server is not (the same photo would be refused again).
 */
export async function sendPhoto(
  send: () => Promise<ImportAnswer<ScanUploadResult>>,
  pause: (attempt: number) => Promise<void>,
): Promise<{ ok: true; result: ScanUploadResult } | { ok: false; message: string }> {
  for (let attempt = 1; ; attempt++) {
    const a = await send();
    if (a.kind === 'ok') return { ok: true, result: a.data };
    if (!isNetworkFailure(a) || attempt >= PHOTO_TRIES) return { ok: false, message: a.message };
    await pause(attempt);
  }
}

/** A photo file made on the phone: `phone-<id>.jpg`, the id unique to this photo. */
export const photoName = (id: string) => `phone-${id}.jpg`;
