import { ScanCode, SCAN_MESSAGES } from '../codes';

/**
 * How a batch `scanimage` ended, from its exit status and what it printed (sane-backends `frontend/scanimage.c`):
 * it exits with the SANE status that stopped it, except that a feeder running empty after at least one page is
 * 0 (older versions: 7, "Document feeder out of documents"), and it ends with "Batch terminated, N pages scanned"
 * counting the pages it kept (a page cut off is deleted, never kept half). Only the feeder running empty is the
 * normal end: a jam or a double feed (SANE status 6, "Document feeder jammed") stops the scan mid-pile, with the
 * rest of the sheets still in the feeder, and must never pass for a finished batch. Pure.
 */
export type ScanEnd =
  | { kind: 'done' }
  /** the feeder was empty: nothing scanned */
  | { kind: 'empty' }
  /** jammed, or two sheets fed as one (the scanner's double-feed sensor) */
  | { kind: 'jammed'; pages: number | null }
  | { kind: 'coverOpen'; pages: number | null }
  /** the device stopped answering mid-pile (a loose cable; epsonds also ends a double feed so) */
  | { kind: 'ioError'; pages: number | null }
  | { kind: 'failed'; detail: string };

/** SANE_Status values scanimage exits with. */
const JAMMED = 6;
const NO_DOCS = 7;
const COVER_OPEN = 8;
const IO_ERROR = 9;

export function scanEnd(exitCode: number | null, stderr: string): ScanEnd {
  const counted = /Batch terminated, (\d+) pages? scanned/i.exec(stderr);
  const pages = counted ? Number(counted[1]) : null;
  if (exitCode === JAMMED || /feeder jammed/i.test(stderr)) return { kind: 'jammed', pages };
  if (exitCode === COVER_OPEN || /cover is open/i.test(stderr)) return { kind: 'coverOpen', pages };
  if (exitCode === IO_ERROR || /Error during device I\/O/i.test(stderr)) return { kind: 'ioError', pages };
  if (exitCode === 0) return { kind: 'done' };
  if (exitCode === NO_DOCS || /out of documents|no more documents/i.test(stderr))
    // an older scanimage says nothing of the count: then the pages it took are what tells
    return pages === 0 ? { kind: 'empty' } : { kind: 'done' };
  const said = stderr.trim().split('\n').slice(-3).join(' ').slice(0, 200);
  // killed (the agent closing) or silent: say what is known rather than an empty pair of brackets
  return {
    kind: 'failed',
    detail: said || (exitCode === null ? '扫描程序被中断' : `扫描程序退出码 ${exitCode}`),
  };
}

const kept = (pages: number | null) => (pages ? `此前扫描的 ${pages} 页已保存，` : '');

/** The front of the sheet that stopped a two-sided scan, set aside (sane.ts): said, with the count it leaves. */
const lonely = (pages: number | null) =>
  `此前扫描的${pages === null ? '' : ` ${pages - 1} `}页已保存（最后一张只扫到正面，这一面已移出、不会上传，` +
  '这一张须重新扫描），';

/**
 * What the operator reads when a scan did not end by the feeder running empty; `lone`: the last page kept was the
 * front of the sheet that stopped it and was set aside.
 */
export function scanEndMessage(end: Exclude<ScanEnd, { kind: 'done' }>, lone = false): string {
  const before = (pages: number | null) => (lone ? lonely(pages) : kept(pages));
  switch (end.kind) {
    case 'empty':
      return '进纸器中没有答卷：请放入答卷后再点开始扫描';
    case 'jammed':
      return (
        `扫描仪卡纸或检测到双张进纸，扫描已停止：${before(end.pages)}请取出卡住或叠在一起的答卷，分开抚平后从这一张起` +
        '连同其后未扫描的答卷重新放入进纸器，再点开始扫描。答卷贴了条形码而反复报双张的，可在扫描设置中关闭“双张检测”'
      );
    case 'coverOpen':
      return `扫描仪盖板未关好，扫描已停止：${before(end.pages)}请关好盖板，从未扫描的答卷起重新放入进纸器，再点开始扫描`;
    case 'ioError':
      return (
        `扫描仪通信出错，扫描已停止：${before(end.pages)}请检查连接线和进纸器（有的扫描仪遇到双张进纸也这样停下），` +
        '从未扫描的答卷起重新放入进纸器，再点开始扫描'
      );
    case 'failed':
      return `${SCAN_MESSAGES[ScanCode.scanFailed]}（${end.detail}）`;
  }
}
