import { execFile, spawn } from 'node:child_process';
import { mkdir, readdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { ScanCode, ScanError, SCAN_MESSAGES } from '../codes';
import {
  naturalOrder,
  type DriverStatus,
  type ScanDriver,
  type ScannedImage,
  type ScanOptions,
} from './driver';
import { doubleFeedArgs, feederArgs, optionChoices } from './feeder';
import { FolderDriver } from './folder';
import { scanEnd, scanEndMessage, type ScanEnd } from './scan-end';

const NO_DUPLEX =
  '扫描仪不支持双面扫描：双面答题卡请换用双面扫描仪；单面答题卡请在扫描设置中关闭“双面”后再扫描';

const run = promisify(execFile);

/** Why `scanimage` could not be asked: not installed, or no scanner answering. */
const missingWhy = (e: unknown): string =>
  (e as NodeJS.ErrnoException).code === 'ENOENT' ? '扫描驱动未安装或扫描仪未连接' : SCAN_MESSAGES[10];

/** Whether SANE's `scanimage` is installed; never throws. */
export async function saneInstalled(bin = 'scanimage'): Promise<boolean> {
  try {
    await run(bin, ['--version'], { timeout: 10_000 });
    return true;
  } catch {
    return false;
  }
}

/** Device names of `scanimage -L` output ("device `epson2:libusb:001:004' is a …"). */
export function parseDevices(out: string): string[] {
  return [...out.matchAll(/device [`'‘]([^'’]+)['’]/g)].map((m) => m[1]!);
}

/**
 * SANE `scanimage`: a batch scan writes one PNG per sheet into a spool folder, which is watched like any
 * scan-to-folder output (PNG, so a page still being written is told apart by its missing end chunk).
 */
export class SaneDriver implements ScanDriver {
  readonly kind = 'sane' as const;
  private readonly spool: FolderDriver;
  private busy = false;
  /** `scanimage -L` takes seconds on USB: the web polls the status, so a recent answer is reused */
  private last: { at: number; status: DriverStatus } | null = null;
  /** 双张检测 as the last batch scan set it (an operator who turned it on must know when the scanner cannot) */
  private doubleFeed: DriverStatus['doubleFeed'];
  /** the batch scan running: its file prefix, whether two-sided, how many of its pages were handed on */
  private run: { prefix: string; duplex: boolean; handed: number } | null = null;
  /** the last page of an odd count of a two-sided scan, waiting for its other side */
  private held: ScannedImage | null = null;

  constructor(
    private readonly spoolDir: string,
    private readonly bin = 'scanimage',
  ) {
    this.spool = new FolderDriver(spoolDir);
  }

  async status(): Promise<DriverStatus> {
    const sensor = this.doubleFeed ? { doubleFeed: this.doubleFeed } : {};
    if (this.busy)
      return { available: true, code: ScanCode.inUse, message: SCAN_MESSAGES[11], device: null, ...sensor };
    if (!this.last || Date.now() - this.last.at >= 15_000)
      this.last = { at: Date.now(), status: await this.probe() };
    return { ...this.last.status, ...sensor };
  }

  private async probe(): Promise<DriverStatus> {
    const none = (message: string): DriverStatus => ({
      available: false,
      code: ScanCode.noScanner,
      message,
      device: null,
    });
    let out: string;
    try {
      out = (await run(this.bin, ['-L'], { timeout: 30_000 })).stdout;
    } catch (e) {
      return none(missingWhy(e));
    }
    const [device] = parseDevices(out);
    if (!device) return none(SCAN_MESSAGES[10]);
    return { available: true, code: ScanCode.ok, message: SCAN_MESSAGES[0], device };
  }

  /**
   * Spooled pages, removed from the spool once handed on (the agent keeps its own copy). While a two-sided scan
   * runs its pages go on in whole sheets: the front of a sheet waits for its back, so a scan stopped between the
   * two never hands on a front alone (`start`).
   */
  async poll(limit = Infinity): Promise<ScannedImage[]> {
    const taken = await this.spool.poll(limit);
    for (const img of taken) await rm(path.join(this.spoolDir, img.name), { force: true });
    const out = this.held ? [this.held, ...taken] : taken;
    this.held = null;
    if (this.run?.duplex && (this.run.handed + out.length) % 2 === 1) this.held = out.pop() ?? null;
    if (this.run) this.run.handed += out.length;
    return out;
  }

  /**
   * After a two-sided scan stopped mid-pile (a jam, a double feed, the cover): an odd count of pages kept means
   * the last is the front of the sheet that stopped it, its back never scanned. Handed on, it would pair with the
   * next page — the same sheet's front again, when the operator feeds the pile again from that sheet, and then
   * every following paper a sheet's back with the next sheet's front, each read as one student's, silently. It is
   * moved to `set-aside/` beside the spool (kept, never handed on); the rest go on. Answers whether one was.
   */
  private async setAsideLoneFront(prefix: string, handed: number): Promise<boolean> {
    const left = (await readdir(this.spoolDir).catch(() => [] as string[]))
      .filter((n) => n.startsWith(prefix))
      .sort(naturalOrder);
    const kept = handed + (this.held ? 1 : 0) + left.length;
    if (kept % 2 === 0) return false;
    const aside = path.join(path.dirname(this.spoolDir), 'set-aside');
    await mkdir(aside, { recursive: true });
    const last = left.at(-1);
    if (last) await rename(path.join(this.spoolDir, last), path.join(aside, last));
    else if (this.held) await writeFile(path.join(aside, this.held.name), this.held.bytes);
    if (!last) this.held = null;
    return true;
  }

  private args(opts: ScanOptions): string[] {
    return ['--format=png', `--resolution=${opts.dpi}`, `--mode=${opts.colour ? 'Color' : 'Gray'}`];
  }

  /** Runs scanimage to its end; rejects only when it cannot be run at all. */
  private async exec(args: string[]): Promise<ScanEnd> {
    if (this.busy) throw new ScanError(ScanCode.inUse);
    this.busy = true;
    try {
      return await new Promise<ScanEnd>((resolve, reject) => {
        const child = spawn(this.bin, args, { stdio: ['ignore', 'ignore', 'pipe'] });
        let err = '';
        child.stderr.on('data', (b: Buffer) => (err += b.toString()));
        child.on('error', (e) =>
          reject(new ScanError(ScanCode.noScanner, `扫描驱动未安装或扫描仪未连接（${e.message}）`)),
        );
        child.on('close', (code) => resolve(scanEnd(code, err)));
      });
    } finally {
      this.busy = false;
    }
  }

  /**
   * Scans every sheet in the feeder into the spool folder, one or both sides as `opts.duplex` says (feeder.ts): a
   * device that cannot scan both sides is refused before a sheet moves. With `opts.doubleFeed` its double-feed
   * sensor, where it has one, stops the scan on two sheets fed as one. Only the feeder running empty ends the
   * batch quietly: a jam, a double feed or an open cover stops it with what to do (the pages before it are kept).
   */
  async start(opts: ScanOptions): Promise<void> {
    const listing = await this.listing();
    const feeder = feederArgs(listing, opts.duplex === true);
    if (!feeder) throw new ScanError(ScanCode.scanFailed, NO_DUPLEX);
    await mkdir(this.spoolDir, { recursive: true });
    // A run prefix keeps names unique and in scan order across runs (digits sort as numbers).
    const prefix = `scan-${Date.now()}-`;
    const sensor = opts.doubleFeed ? doubleFeedArgs(listing) : [];
    this.doubleFeed = !opts.doubleFeed ? 'off' : sensor.length ? 'on' : 'none';
    const run = { prefix, duplex: opts.duplex === true, handed: 0 };
    this.run = run;
    try {
      const end = await this.exec([
        ...this.args(opts),
        ...feeder,
        ...sensor,
        `--batch=${path.join(this.spoolDir, `${prefix}%05d.png`)}`,
      ]);
      if (end.kind === 'done') return;
      const lone = run.duplex && (await this.setAsideLoneFront(prefix, run.handed));
      throw new ScanError(ScanCode.scanFailed, scanEndMessage(end, lone));
    } finally {
      this.run = null;
    }
  }

  /** The device's options as `scanimage -A` lists them. */
  private async listing(): Promise<string> {
    if (this.busy) throw new ScanError(ScanCode.inUse);
    try {
      return (await run(this.bin, ['-A'], { timeout: 30_000 })).stdout;
    } catch (e) {
      throw new ScanError(ScanCode.noScanner, missingWhy(e));
    }
  }

  /**
   * One sheet, straight to the caller (never into the page flow): the blank card of a template. Taken from where a
   * batch is, the feeder, one side: left to the device's default, a flatbed-and-feeder scanner (hpaio, epson2:
   * [Flatbed]) scanned its empty glass while the card waited in the feeder. With nothing in the feeder, such a
   * scanner's glass is scanned instead (the card laid on it); a feeder-only one answers null (nothing to scan).
   */
  async scanOne(opts: ScanOptions): Promise<ScannedImage | null> {
    const listing = await this.listing();
    const feeder = feederArgs(listing, false) ?? [];
    const fromFeeder = await this.takeOne([...this.args(opts), ...feeder]);
    if (fromFeeder) return fromFeeder;
    const flatbed = optionChoices(listing, 'source')?.find((s) => /flatbed/i.test(s));
    if (!flatbed || !feeder.some((a) => a.startsWith('--source='))) return null;
    return this.takeOne([...this.args(opts), `--source=${flatbed}`]);
  }

  /** One image with `args`, or null when the device gave none (its feeder empty). */
  private async takeOne(args: string[]): Promise<ScannedImage | null> {
    const dir = path.join(path.dirname(this.spoolDir), 'template-scan');
    await mkdir(dir, { recursive: true });
    const file = path.join(dir, `template-${process.pid}.png`);
    await rm(file, { force: true });
    const end = await this.exec([...args, `--output-file=${file}`]);
    // without --batch an empty feeder ends as status 7 with no count, which scanEnd takes for a finished batch:
    // the missing (or empty) file is what tells
    if (end.kind !== 'done' && end.kind !== 'empty')
      throw new ScanError(ScanCode.scanFailed, scanEndMessage(end));
    const bytes = await readFile(file).catch(() => null);
    await rm(file, { force: true });
    return end.kind === 'done' && bytes && bytes.length > 0 ? { name: path.basename(file), bytes } : null;
  }

  async close(): Promise<void> {}
}
