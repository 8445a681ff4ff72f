import { chmod, mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { CardTemplateSchema, type CardTemplate } from '@yj/contracts';
import type { BarcodeReader } from '@yj/omr';
import { BlankPictures } from './blanks';
import { ScanCode, ScanError, SCAN_MESSAGES } from './codes';
import type { ScanDriver, ScannedImage } from './drivers';
import { Journal, type BatchEntry } from './journal';
import { PageFiles, pageExt, sha256 } from './pages';
import { checkPage, type LocalCheck } from './recognize';
import { expandScanned } from './split';
import type { ServerApi } from './server-api';
import { loadSettings, saveSettings, type ScannerSettings, type ScannerSettingsPatchValue } from './settings';
import { ScanStore, type PageState } from './store';
import { Uploader } from './upload';

export interface AgentDeps {
  dataDir: string;
  driver: ScanDriver;
  api: ServerApi;
  /** zxing reader for page QR codes and barcode exam numbers; without it those are not read locally */
  reader?: BarcodeReader;
  /** a session to start with (otherwise the last one a /sm call brought, kept in the data dir) */
  session?: string | null;
}

/** Last problem of a background step, shown by getScannerStatus; null when all went well. */
export interface Problem {
  code: number;
  message: string;
  at: string;
}

/**
 * The scan agent's state and steps: pages come in from the driver, are stored and journalled, checked
 * locally against the subject's card, and uploaded in scan order. Every step is an explicit call
 * (`tick`), so tests drive it without timers and `main.ts` repeats it.
 */
export class ScanAgent {
  readonly uploader: Uploader;
  readonly files: PageFiles;
  /** the printed blanks of the cards (template pictures), recognised with as on the server */
  private readonly blanks: BlankPictures;
  private readonly templates = new Map<number, CardTemplate>();
  private ticking: Promise<void> | null = null;
  /** subjects whose template fetch failed this round: not asked again until the next round */
  private readonly missed = new Set<number>();
  scanProblem: Problem | null = null;
  private driverFailed = false;
  /** why the last template fetch failed (offline, signed out), reported while pages wait for a template */
  templateProblem: Problem | null = null;

  private constructor(
    readonly deps: AgentDeps,
    readonly journal: Journal,
    readonly store: ScanStore,
    public settings: ScannerSettings,
    public session: string | null,
  ) {
    this.files = new PageFiles(path.join(deps.dataDir, 'pages'));
    this.blanks = new BlankPictures(path.join(deps.dataDir, 'templates'), (subjectId, key) =>
      this.session ? deps.api.picture(this.session, subjectId, key) : null,
    );
    this.uploader = new Uploader(this);
  }

  /** Opens the data dir: replays the journal, loads settings and the kept session. */
  static async open(deps: AgentDeps): Promise<ScanAgent> {
    await mkdir(deps.dataDir, { recursive: true });
    const { journal, entries } = await Journal.open(deps.dataDir);
    const settings = await loadSettings(deps.dataDir);
    const kept = await readFile(path.join(deps.dataDir, 'session'), 'utf8').catch(() => '');
    return new ScanAgent(
      deps,
      journal,
      new ScanStore(entries),
      settings,
      deps.session || kept.trim() || null,
    );
  }

  async close(): Promise<void> {
    await this.ticking;
    await this.journal.close();
    await this.deps.driver.close();
  }

  /** Remembers the browser's session (the yx_sid header of the latest /sm call) for background uploads. */
  async useSession(sid: string): Promise<void> {
    if (sid === this.session) return;
    this.session = sid;
    const file = path.join(this.deps.dataDir, 'session');
    await writeFile(file, sid, { mode: 0o600 });
    await chmod(file, 0o600).catch(() => {});
  }

  async updateSettings(patch: ScannerSettingsPatchValue): Promise<ScannerSettings> {
    const next = { ...this.settings, ...patch };
    if (next.subjectId !== this.settings.subjectId && next.subjectId) this.templates.delete(next.subjectId);
    this.settings = next;
    await saveSettings(this.deps.dataDir, next);
    return next;
  }

  private templateFile(subjectId: number): string {
    return path.join(this.deps.dataDir, 'templates', `${subjectId}.json`);
  }

  /** Keeps a template for local checks (from the server, or uploaded through uploadTemplateToKs). */
  async keepTemplate(subjectId: number, card: CardTemplate): Promise<void> {
    this.templates.set(subjectId, card);
    await mkdir(path.dirname(this.templateFile(subjectId)), { recursive: true });
    await writeFile(this.templateFile(subjectId), JSON.stringify(card));
  }

  /**
   * The subject's card: fetched from the server when there is a session (its first template is the one the
   * server recognises with), else the copy kept in the data dir; null when neither has one.
   */
  async templateFor(subjectId: number): Promise<CardTemplate | null> {
    const cached = this.templates.get(subjectId);
    if (cached) return cached;
    if (this.session && !this.missed.has(subjectId)) {
      try {
        const [first] = await this.deps.api.templates(this.session, subjectId);
        this.templateProblem = null;
        if (first) {
          await this.keepTemplate(subjectId, first.body);
          return first.body;
        }
      } catch (e) {
        // offline: fall back to the kept copy; the upload step reports the problem if there is none
        this.missed.add(subjectId);
        const code = e instanceof ScanError ? e.code : ScanCode.fail;
        this.templateProblem = { code, message: (e as Error).message, at: new Date().toISOString() };
      }
    }
    try {
      const card = CardTemplateSchema.parse(JSON.parse(await readFile(this.templateFile(subjectId), 'utf8')));
      this.templates.set(subjectId, card);
      return card;
    } catch {
      return null;
    }
  }

  /** The batch new pages go into: the last one if it is for the same subject and school, else a new one. */
  private async currentBatch(): Promise<BatchEntry | null> {
    const { subjectId, schoolId } = this.settings;
    if (!subjectId) return null;
    const last = this.store.batches.get(this.store.nextBatchId() - 1);
    if (last && last.subjectId === subjectId && last.schoolId === schoolId) return last;
    const b: BatchEntry = {
      t: 'batch',
      id: this.store.nextBatchId(),
      subjectId,
      schoolId,
      at: new Date().toISOString(),
    };
    await this.journal.append(b);
    this.store.apply(b);
    return b;
  }

  /**
   * Stores and journals scanned images in order, a multi-page TIFF or PDF page by page; the same content
   * scanned again for the subject is skipped.
   */
  async ingest(images: ScannedImage[]): Promise<PageState[]> {
    const out: PageState[] = [];
    const { pages, refused } = await expandScanned(images);
    if (refused.length > 0)
      this.scanProblem = {
        code: ScanCode.scanFailed,
        message: refused.join('；'),
        at: new Date().toISOString(),
      };
    for (const img of pages) {
      const batch = await this.currentBatch();
      if (!batch) break;
      const hash = sha256(img.bytes);
      if (this.store.known(batch.id, hash)) continue;
      const seq = this.store.nextSeq();
      const file = `${String(seq).padStart(6, '0')}-${hash.slice(0, 12)}.${pageExt(img.name, img.bytes)}`;
      await this.files.put(file, img.bytes);
      const entry = {
        t: 'page',
        seq,
        batch: batch.id,
        sha256: hash,
        file,
        name: img.name,
        at: new Date().toISOString(),
      } as const;
      await this.journal.append(entry);
      this.store.apply(entry);
      out.push(this.store.page(seq)!);
    }
    return out;
  }

  /** Checks a page locally with packages/omr; a page of a subject without a template waits (null). */
  async recognise(p: PageState): Promise<LocalCheck | null> {
    if (p.check) return p.check;
    const subjectId = this.store.batches.get(p.batch)?.subjectId;
    const card = subjectId ? await this.templateFor(subjectId) : null;
    if (!card || !subjectId) return null;
    let check: LocalCheck;
    try {
      const blanks = await this.blanks.of(subjectId, card);
      check = await checkPage(await this.files.get(p.file), card, this.deps.reader, blanks);
    } catch (e) {
      const reason = `${SCAN_MESSAGES[ScanCode.internal]}：${(e as Error).message}`;
      check = {
        status: 'exception',
        pageIndex: null,
        examNumber: null,
        anchor: reason,
        kaohao: null,
        exceptions: [],
      };
    }
    await this.journal.append({ t: 'recognised', seq: p.seq, check });
    this.store.apply({ t: 'recognised', seq: p.seq, check });
    return check;
  }

  /** Takes new images from the driver (only once a subject is chosen: until then they wait where they are). */
  async pollDriver(): Promise<PageState[]> {
    if (!this.settings.subjectId) return [];
    try {
      const images = await this.deps.driver.poll();
      // A driver failure clears once the driver answers again; a refused file stays shown until new pages come.
      if (this.driverFailed || images.length > 0) this.scanProblem = null;
      this.driverFailed = false;
      return await this.ingest(images);
    } catch (e) {
      this.driverFailed = true;
      this.scanProblem = {
        code: ScanCode.scanFailed,
        message: `${SCAN_MESSAGES[92]}（${(e as Error).message}）`,
        at: new Date().toISOString(),
      };
      return [];
    }
  }

  /** One round: take new pages, check them, upload what is ready. Re-entrant calls share the running round. */
  tick(): Promise<void> {
    if (this.ticking) return this.ticking;
    this.ticking = (async () => {
      this.missed.clear();
      this.blanks.newRound();
      await this.pollDriver();
      for (const p of this.store.pending()) await this.recognise(p);
      await this.uploader.drain();
    })().finally(() => {
      this.ticking = null;
    });
    return this.ticking;
  }
}
