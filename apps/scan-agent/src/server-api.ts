import { Code, ScanSource, type CardTemplate, type ScanUploadResult, type TemplateItem } from '@yj/contracts';
import { NETWORK_DOWN, NETWORK_PROBLEM, ScanCode, ScanError } from './codes';

/** The platform could not be reached, or answered with a server failure: retry later (code 80). */
export class NetworkError extends ScanError {
  constructor(message: string, cause?: unknown) {
    super(ScanCode.network, message);
    this.cause = cause;
  }
}

/** The session (yx_sid) is missing, unknown or expired: the web must sign in again. */
export class SessionError extends ScanError {
  constructor(code: number, message: string) {
    super(code, message);
  }
}

/** A page for the upload request. */
export interface UploadPage {
  name: string;
  bytes: Buffer;
  sha256: string;
}

/** Where the platform's routes live; the upload path is the same one the browser's 上传答题卡 uses. */
export const ServerRoutes = {
  templates: (subjectId: number) => `/filter/api/subject/${subjectId}/templates`,
  saveTemplate: (subjectId: number) => `/filter/api/subject/${subjectId}/template`,
  upload: (subjectId: number) => `/filter/api/subject/${subjectId}/answerCard`,
  picture: (subjectId: number, key: string) => `/filter/api/subject/${subjectId}/template/image/${key}`,
  version: '/filter/api/scan/version',
};

/** Calls to the platform server, each with the browser's session passed on as the yx_sid header. */
export class ServerApi {
  constructor(
    readonly baseUrl: string,
    private readonly fetchImpl: typeof fetch = fetch,
  ) {}

  private async call<T>(sid: string, path: string, init: RequestInit = {}, timeoutMs = 120_000): Promise<T> {
    let res: Response;
    try {
      res = await this.fetchImpl(`${this.baseUrl}${path}`, {
        ...init,
        headers: { ...(init.headers as Record<string, string>), yx_sid: sid },
        signal: AbortSignal.timeout(timeoutMs),
      });
    } catch (e) {
      throw new NetworkError(NETWORK_DOWN, e);
    }
    if (res.status >= 500 || res.status === 408 || res.status === 429)
      throw new NetworkError(`${NETWORK_PROBLEM}（HTTP ${res.status}）`);
    let body: { code?: number; message?: string; data?: unknown };
    try {
      body = (await res.json()) as typeof body;
    } catch (e) {
      // A proxy's error page, or the connection cut mid-answer.
      throw new NetworkError(`${NETWORK_PROBLEM}（HTTP ${res.status}）`, e);
    }
    if (body.code === Code.notLoggedIn || body.code === Code.sessionExpired)
      throw new SessionError(body.code, body.message ?? '登录已过期，请重新登录');
    if (body.code !== 0)
      throw new ScanError(ScanCode.fail, body.message ?? '服务器拒绝了请求', body.data ?? null);
    return body.data as T;
  }

  /** api/scan/version: the current scan client's version and where to download it; asked briefly (5 s). */
  currentVersion(sid: string): Promise<{ version: number; download: string }> {
    return this.call(sid, ServerRoutes.version, {}, 5_000);
  }

  /** The subject's saved card templates (the first is the one scans are recognised with). */
  templates(sid: string, subjectId: number): Promise<TemplateItem[]> {
    return this.call(sid, ServerRoutes.templates(subjectId));
  }

  /**
   * A template page's picture (the printed blank the template was drawn on, a JPEG): recognition reads how dark
   * an empty bubble is from it, as the server's does. A file, not a JSON answer: any failure is a NetworkError
   * or a refusal, and the caller recognises without it.
   */
  async picture(sid: string, subjectId: number, key: string): Promise<Buffer> {
    let res: Response;
    try {
      res = await this.fetchImpl(`${this.baseUrl}${ServerRoutes.picture(subjectId, key)}`, {
        headers: { yx_sid: sid },
        signal: AbortSignal.timeout(120_000),
      });
    } catch (e) {
      throw new NetworkError(NETWORK_DOWN, e);
    }
    if (!res.ok || !(res.headers.get('content-type') ?? '').startsWith('image/'))
      throw new ScanError(ScanCode.fail, `答题卡图片无法取得（HTTP ${res.status}）`);
    return Buffer.from(await res.arrayBuffer());
  }

  /** Saves a template for the subject on the platform (uploadTemplateToKs). */
  saveTemplate(
    sid: string,
    subjectId: number,
    body: CardTemplate,
    meta: Record<string, unknown> = {},
  ): Promise<TemplateItem> {
    return this.call(sid, ServerRoutes.saveTemplate(subjectId), {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ ...meta, body }),
    });
  }

  /**
   * Uploads pages in order as one multipart request. The content hashes go along (field `sha256`, one per
   * page, in order); the server hashes the content itself and stores a page it already has only once.
   * With `batchId` the pages continue that server batch (the server refuses one that is not this user's,
   * school's and source's); without it the server starts a new batch.
   */
  upload(
    sid: string,
    subjectId: number,
    schoolId: number | null,
    pages: UploadPage[],
    batchId: number | null = null,
  ): Promise<ScanUploadResult> {
    const form = new FormData();
    form.append('source', ScanSource.agent);
    if (schoolId !== null) form.append('schoolId', String(schoolId));
    if (batchId !== null) form.append('batchId', String(batchId));
    form.append('sha256', pages.map((p) => p.sha256).join(','));
    for (const p of pages) form.append('files', new Blob([new Uint8Array(p.bytes)]), p.name);
    return this.call(sid, ServerRoutes.upload(subjectId), { method: 'POST', body: form });
  }
}
