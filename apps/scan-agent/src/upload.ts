import { Code, type ScanUploadResult } from '@yj/contracts';
import type { ScanAgent, Problem } from './agent';
import { ScanCode, ScanError, SCAN_MESSAGES } from './codes';
import { NetworkError, SessionError, type UploadPage } from './server-api';
import type { PageState } from './store';

/** A run of pages of one local batch sent in one request: whole papers, in scan order. */
export interface UploadUnit {
  batch: number;
  subjectId: number;
  schoolId: number | null;
  pages: PageState[];
}

/** What a drain did, and why it stopped. */
export interface DrainResult {
  uploaded: number;
  stopped: Problem | null;
}

/**
 * The durable upload queue: every journalled page not yet acknowledged, sent in scan order in requests
 * of whole papers (the server wants a multiple of the template's pages). A page is marked uploaded in the
 * journal only after the server acknowledged it; a crash between the two re-sends it on restart, and the
 * server, which keys pages by content hash, stores it once.
 */
export class Uploader {
  problem: Problem | null = null;
  /** batches with pages left over that do not fill a paper (and a later batch has started): 缺页 */
  readonly lackPage = new Set<number>();

  constructor(private readonly agent: ScanAgent) {}

  /** The next request to send, or null when nothing is ready. */
  async nextUnit(): Promise<UploadUnit | null> {
    const { store, settings } = this.agent;
    const pending = store.pending();
    const lastBatch = store.nextBatchId() - 1;
    this.lackPage.clear();
    for (const batchId of [...new Set(pending.map((p) => p.batch))]) {
      const batch = store.batches.get(batchId);
      if (!batch) continue;
      const card = await this.agent.templateFor(batch.subjectId);
      if (!card) continue;
      const per = card.pages.length;
      const pages = pending.filter((p) => p.batch === batchId);
      const whole = Math.floor(pages.length / per) * per;
      const cap = Math.max(per, Math.floor(settings.pagesPerUpload / per) * per);
      if (whole === 0) {
        // The open batch may still get the missing page; an earlier one will not.
        if (batchId !== lastBatch) this.lackPage.add(batchId);
        continue;
      }
      return {
        batch: batchId,
        subjectId: batch.subjectId,
        schoolId: batch.schoolId,
        pages: pages.slice(0, Math.min(whole, cap)),
      };
    }
    return null;
  }

  /** Nothing to send: fine, unless pages wait for a template that could not be had. */
  private waiting(): Problem | null {
    const { store } = this.agent;
    const stuck = store.pending().some((p) => !p.check);
    if (!stuck) return (this.problem = null);
    const t = this.agent.templateProblem;
    return t ? this.fail(t.code, t.message) : this.fail(ScanCode.noTemplate, SCAN_MESSAGES[12]);
  }

  private fail(code: number, message: string): Problem {
    this.problem = { code, message, at: new Date().toISOString() };
    return this.problem;
  }

  /**
   * Sends a unit into the server batch of its local batch: the first upload of a local batch starts a server
   * batch, the following ones continue it (known from the journal's uploaded lines, so also after a restart).
   * When the server refuses to continue it (another user's session, a batch it no longer takes), the pages
   * start a new server batch rather than stay queued; a refusal of the pages themselves comes back again.
   */
  private async send(session: string, unit: UploadUnit, pages: UploadPage[]): Promise<ScanUploadResult> {
    const { api } = this.agent.deps;
    const serverBatch = this.agent.store.serverBatches.get(unit.batch) ?? null;
    try {
      return await api.upload(session, unit.subjectId, unit.schoolId, pages, serverBatch);
    } catch (e) {
      const refused = e instanceof ScanError && !(e instanceof NetworkError) && !(e instanceof SessionError);
      if (serverBatch === null || !refused) throw e;
      return api.upload(session, unit.subjectId, unit.schoolId, pages);
    }
  }

  /** Sends ready units until none is left or one fails; a failure stops the drain (order is kept). */
  async drain(): Promise<DrainResult> {
    let uploaded = 0;
    for (;;) {
      const session = this.agent.session;
      if (!session) {
        if (this.agent.store.pending().length === 0) return { uploaded, stopped: (this.problem = null) };
        return {
          uploaded,
          stopped: this.fail(Code.notLoggedIn, '扫描客户端未登录：请在网页的扫描页面打开扫描客户端'),
        };
      }
      const unit = await this.nextUnit();
      if (!unit) return { uploaded, stopped: this.waiting() };
      for (const p of unit.pages) await this.agent.recognise(p);
      const pages: UploadPage[] = [];
      for (const p of unit.pages)
        pages.push({ name: p.name, sha256: p.sha256, bytes: await this.agent.files.get(p.file) });
      try {
        const res = await this.send(session, unit, pages);
        const entry = {
          t: 'uploaded',
          seqs: unit.pages.map((p) => p.seq),
          serverBatchId: res.batchId,
          accepted: res.accepted,
          duplicates: res.duplicates,
          at: new Date().toISOString(),
        } as const;
        await this.agent.journal.append(entry);
        this.agent.store.apply(entry);
        uploaded += unit.pages.length;
      } catch (e) {
        if (e instanceof NetworkError) return { uploaded, stopped: this.fail(ScanCode.network, e.message) };
        if (e instanceof SessionError) return { uploaded, stopped: this.fail(e.code, e.message) };
        const message = e instanceof ScanError ? e.message : (e as Error).message;
        return {
          uploaded,
          stopped: this.fail(ScanCode.fail, `文件上传失败：${message || SCAN_MESSAGES[1]}`),
        };
      }
    }
  }
}
