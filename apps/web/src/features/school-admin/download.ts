import { FILTER_BASE, NETWORK_ERROR_CODE, NETWORK_ERROR_MESSAGE } from '../../api/constants';
import { handleApiError } from '../../api/handle-error';

/** The file name of a content-disposition header (RFC 5987 filename* first), or the fallback. */
export function filenameOf(disposition: string | null, fallback: string): string {
  if (!disposition) return fallback;
  const star = /filename\*\s*=\s*UTF-8''([^;]+)/i.exec(disposition);
  if (star?.[1]) {
    try {
      return decodeURIComponent(star[1].trim());
    } catch {
      // a malformed encoding: fall through to the plain name
    }
  }
  const plain = /filename\s*=\s*"?([^";]+)"?/i.exec(disposition);
  return plain?.[1]?.trim() || fallback;
}

/**
 * Downloads a GET file under /filter (templates, exports). Fetched rather than linked so a refusal
 * (an envelope instead of a file) is shown as an error instead of being saved as a broken file.
 */
export async function downloadFile(
  path: string,
  fallbackName: string,
  /** a failure that means "still being prepared": asked again every `everyMs`, up to `times`, before it is shown */
  retry?: { errCode: number; everyMs: number; times: number },
): Promise<boolean> {
  for (let attempt = 0; ; attempt++) {
    let res: Response;
    try {
      res = await fetch(`${FILTER_BASE}${path}`, { credentials: 'same-origin' });
    } catch {
      handleApiError({ code: NETWORK_ERROR_CODE, message: NETWORK_ERROR_MESSAGE });
      return false;
    }
    const type = res.headers.get('content-type') ?? '';
    if (!res.ok || type.includes('application/json')) {
      const body: unknown = await res.json().catch(() => null);
      const errCode = (body as { errCode?: unknown } | null)?.errCode;
      if (retry && res.ok && errCode === retry.errCode && attempt < retry.times) {
        await new Promise((r) => setTimeout(r, retry.everyMs));
        continue;
      }
      handleApiError(res.ok ? body : { code: res.status, data: body });
      return false;
    }
    return save(res, fallbackName);
  }
}

/** Saves a file answer under its content-disposition name. */
async function save(res: Response, fallbackName: string): Promise<boolean> {
  const blob = await res.blob();
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = filenameOf(res.headers.get('content-disposition'), fallbackName);
  document.body.appendChild(a);
  a.click();
  a.remove();
  // Give the browser a moment to start the download before the blob goes away.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
  return true;
}
