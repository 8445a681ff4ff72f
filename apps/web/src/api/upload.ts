import type { ImportError } from '@yj/contracts';
import { FILTER_BASE, NETWORK_ERROR_CODE, NETWORK_ERROR_MESSAGE } from './constants';
import { envFlagRefusalOf, noteEnvFlagAnswer } from './env-flag';
import { isRecord } from './errors';
import { XHR_HEADER } from './filter';

/** How an import call ended, decided from the envelope (see readImportAnswer). */
export type ImportAnswer<T> =
  | { kind: 'ok'; data: T }
  /** the file has problems: nothing was written; `errors` lists them by row and column */
  | { kind: 'rowErrors'; message: string; errors: ImportError[] }
  | { kind: 'failed'; message: string; raw: unknown };

function isImportError(v: unknown): v is ImportError {
  return (
    isRecord(v) && typeof v.row === 'number' && typeof v.column === 'string' && typeof v.message === 'string'
  );
}

const FALLBACK = '导入未成功，请稍后重试';

/** Reads the envelope of an import answer: rows with errors become a list to show, not a dialog. */
export function readImportAnswer<T>(status: number, body: unknown): ImportAnswer<T> {
  if (!isRecord(body))
    return { kind: 'failed', message: status >= 500 ? '服务器繁忙，请稍后重试' : FALLBACK, raw: body };
  const message =
    typeof body.message === 'string' && /[\u4e00-\u9fa5]/.test(body.message) ? body.message : FALLBACK;
  if (body.code === 0 && status < 300) return { kind: 'ok', data: body.data as T };
  if (Array.isArray(body.data) && body.data.length > 0 && body.data.every(isImportError)) {
    return { kind: 'rowErrors', message, errors: body.data };
  }
  // Session loss and other envelopes go to the global handler with the body as it came.
  return { kind: 'failed', message, raw: status >= 300 ? { code: status, data: body } : body };
}

/**
 * Posts a multipart form with upload progress (fetch cannot report it) and reads the answer as an import.
 * `path` is under /filter; the X-Requested-With header is required by the server for writes.
 */
export function uploadForm<T>(
  path: string,
  form: FormData,
  onProgress: (percent: number) => void,
  signal?: AbortSignal,
): Promise<ImportAnswer<T>> {
  // 系统维护: an upload is a write, refused at once while the flag says so
  const refused = envFlagRefusalOf(`${FILTER_BASE}${path}`, { read: false });
  if (refused) return Promise.resolve({ kind: 'failed', message: refused.message, raw: refused });
  return new Promise((resolve) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', `${FILTER_BASE}${path}`);
    for (const [k, v] of Object.entries(XHR_HEADER)) xhr.setRequestHeader(k, v);
    xhr.setRequestHeader('Accept', 'application/json');
    xhr.withCredentials = true;
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable) onProgress(Math.round((e.loaded / e.total) * 100));
    };
    xhr.onload = () => {
      let body: unknown;
      try {
        body = JSON.parse(xhr.responseText) as unknown;
      } catch {
        body = xhr.responseText;
      }
      noteEnvFlagAnswer(body);
      resolve(readImportAnswer<T>(xhr.status, body));
    };
    xhr.onerror = () =>
      resolve({
        kind: 'failed',
        message: NETWORK_ERROR_MESSAGE,
        raw: { code: NETWORK_ERROR_CODE, message: NETWORK_ERROR_MESSAGE },
      });
    xhr.onabort = () => resolve({ kind: 'failed', message: '已取消上传', raw: null });
    signal?.addEventListener('abort', () => xhr.abort());
    xhr.send(form);
  });
}

/** Sends one file as multipart field `file` (see uploadForm). */
export function uploadFile<T>(
  path: string,
  file: File,
  onProgress: (percent: number) => void,
  signal?: AbortSignal,
): Promise<ImportAnswer<T>> {
  const form = new FormData();
  form.append('file', file);
  return uploadForm<T>(path, form, onProgress, signal);
}
