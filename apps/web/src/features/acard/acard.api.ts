import {
  cardContract as c,
  templateContract,
  type CardOptionsInput,
  type CardSaveInput,
} from '@yj/contracts';
import { FILTER_BASE, NETWORK_ERROR_CODE, NETWORK_ERROR_MESSAGE } from '../../api/constants';
import { callRoute } from '../../api/contract';
import { XHR_HEADER } from '../../api/filter';
import { handleApiError } from '../../api/handle-error';
import { downloadFile, filenameOf } from '../school-admin/download';

/** Saves bytes the browser received as a file. */
function saveBlob(blob: Blob, name: string): void {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  document.body.appendChild(a);
  a.click();
  a.remove();
  // Give the browser a moment to start the download before the blob goes away.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/**
 * POSTs the options and saves the PDF the server answers. A refusal comes back as an envelope (JSON) and
 * goes through the global error handling instead of being saved as a broken file.
 */
async function postDownload(path: string, body: unknown, fallbackName: string): Promise<boolean> {
  let res: Response;
  try {
    res = await fetch(`${FILTER_BASE}${path}`, {
      method: 'POST',
      credentials: 'same-origin',
      headers: { ...XHR_HEADER, 'Content-Type': 'application/json' },
      body: JSON.stringify(body),
    });
  } catch {
    handleApiError({ code: NETWORK_ERROR_CODE, message: NETWORK_ERROR_MESSAGE });
    return false;
  }
  const type = res.headers.get('content-type') ?? '';
  if (!res.ok || type.includes('application/json')) {
    const env: unknown = await res.json().catch(() => null);
    handleApiError(res.ok ? env : { code: res.status, data: env });
    return false;
  }
  saveBlob(await res.blob(), filenameOf(res.headers.get('content-disposition'), fallbackName));
  return true;
}

/** Every /filter call of the online answer card screens. */
export const acardApi = {
  design: (subjectId: number, templateId: number | null) =>
    callRoute(c.design, { params: { id: subjectId }, query: templateId ? { templateId } : {} }),
  list: (subjectId: number) => callRoute(c.list, { params: { id: subjectId } }),
  preview: (subjectId: number, body: CardOptionsInput, signal?: AbortSignal) =>
    callRoute(c.preview, { params: { id: subjectId }, body }, signal ? { signal } : {}),
  save: (subjectId: number, body: CardSaveInput) => callRoute(c.save, { params: { id: subjectId }, body }),
  /** spec POST /api/subject/{subjectId}/dtk/{dtkId}: the saved card laid out again from the structure as it is now */
  refresh: (subjectId: number, dtkId: number) => callRoute(c.refresh, { params: { id: subjectId, dtkId } }),
  remove: (subjectId: number, templateId: number) =>
    callRoute(templateContract.remove, { params: { id: subjectId, templateId } }),
  pdf: (subjectId: number, body: CardOptionsInput, name: string) =>
    postDownload(`/api/subject/${subjectId}/card/pdf`, body, name),
  savedPdf: (subjectId: number, templateId: number, name: string) =>
    downloadFile(`/api/subject/${subjectId}/card/${templateId}/pdf`, name),
  /** 个性化答题卡: one copy an examinee (of a class when given) with their 考号 printed as a barcode */
  personalPdf: (subjectId: number, templateId: number, name: string, classId?: number) =>
    downloadFile(
      `/api/subject/${subjectId}/card/${templateId}/personal-pdf${classId ? `?classId=${classId}` : ''}`,
      name,
    ),
};

export const acardKeys = {
  subject: (subjectId: number) => ['acard', subjectId] as const,
  design: (subjectId: number, templateId: number | null) =>
    ['acard', subjectId, 'design', templateId ?? 'new'] as const,
  list: (subjectId: number) => ['acard', subjectId, 'list'] as const,
  preview: (subjectId: number, key: string) => ['acard', subjectId, 'preview', key] as const,
};
