import type { ScanUploadResult } from '@yj/contracts';
import { uploadForm, type ImportAnswer } from '../../api/upload';

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
  const form = new FormData();
  for (const f of files) form.append('files', f, f.name);
  return uploadForm<ScanUploadResult>(`/api/subject/${subjectId}/answerCard`, form, onProgress, signal);
}
