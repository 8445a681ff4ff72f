import type { ScanUploadResult } from '@yj/contracts';
import { FILTER_BASE } from '../../api/constants';
import { XHR_HEADER } from '../../api/filter';
import { readImportAnswer, type ImportAnswer } from '../school-admin/upload';

/**
 * Sends the scanned files of one batch in one multipart request, in the given order (the server groups
 * consecutive pages into papers), reporting upload progress.
 */
export function uploadScans(
  subjectId: number,
  files: File[],
  onProgress: (percent: number) => void,
  signal?: AbortSignal,
): Promise<ImportAnswer<ScanUploadResult>> {
  return new Promise((resolve) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', `${FILTER_BASE}/api/subject/${subjectId}/answerCard`);
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
      resolve(readImportAnswer<ScanUploadResult>(xhr.status, body));
    };
    xhr.onerror = () =>
      resolve({
        kind: 'failed',
        message: '网络连接异常，请检查网络后重试',
        raw: { code: 1024, message: '网络连接异常，请检查网络后重试' },
      });
    xhr.onabort = () => resolve({ kind: 'failed', message: '已取消上传', raw: null });
    signal?.addEventListener('abort', () => xhr.abort());
    const form = new FormData();
    for (const f of files) form.append('files', f, f.name);
    xhr.send(form);
  });
}
