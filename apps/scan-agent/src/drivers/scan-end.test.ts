import { describe, expect, it } from 'vitest';
import { scanEnd, scanEndMessage } from './scan-end';

// What scanimage prints and exits with at the end of a batch (sane-backends frontend/scanimage.c).
const batch = (n: number) => `Batch terminated, ${n} page${n === 1 ? '' : 's'} scanned\n`;

describe('scanEnd', () => {
  it('ends quietly only when the feeder ran empty', () => {
    expect(scanEnd(0, `Scanning page 40\n${batch(40)}`)).toEqual({ kind: 'done' });
    // an older scanimage exits 7 once the feeder is empty, pages or not
    expect(scanEnd(7, 'scanimage: sane_start: Document feeder out of documents\n')).toEqual({ kind: 'done' });
    expect(scanEnd(7, `scanimage: sane_start: Document feeder out of documents\n${batch(0)}`)).toEqual({
      kind: 'empty',
    });
  });

  it('stops on a jam or a double feed, counting the pages kept', () => {
    const jam = `Scanned page 12. (scanner status = 6)\nscanimage: sane_read: Document feeder jammed\n${batch(12)}`;
    expect(scanEnd(6, jam)).toEqual({ kind: 'jammed', pages: 12 });
    expect(scanEnd(1, 'scanimage: sane_start: Document feeder jammed\n')).toEqual({
      kind: 'jammed',
      pages: null,
    });
    expect(scanEnd(8, `scanimage: sane_start: Scanner cover is open\n${batch(3)}`)).toEqual({
      kind: 'coverOpen',
      pages: 3,
    });
    expect(scanEnd(9, `scanimage: sane_read: Error during device I/O\n${batch(1)}`)).toEqual({
      kind: 'ioError',
      pages: 1,
    });
  });

  it('keeps the last words of any other failure', () => {
    expect(scanEnd(4, 'scanimage: setting of option --mode failed (Invalid argument)\n')).toEqual({
      kind: 'failed',
      detail: 'scanimage: setting of option --mode failed (Invalid argument)',
    });
    expect(scanEnd(null, '')).toEqual({ kind: 'failed', detail: '扫描程序被中断' });
  });

  it('tells the operator where to start again', () => {
    const m = scanEndMessage({ kind: 'jammed', pages: 12 });
    expect(m).toContain('双张进纸');
    expect(m).toContain('此前扫描的 12 页已保存');
    expect(m).toContain('从这一张起');
    expect(scanEndMessage({ kind: 'jammed', pages: null })).not.toContain('已保存');
    expect(scanEndMessage({ kind: 'empty' })).toBe('进纸器中没有答卷：请放入答卷后再点开始扫描');
  });

  it('says when the last page kept, a front without its back, was set aside', () => {
    expect(scanEndMessage({ kind: 'jammed', pages: 13 }, true)).toContain(
      '此前扫描的 12 页已保存（最后一张只扫到正面，这一面已移出、不会上传，这一张须重新扫描）',
    );
    expect(scanEndMessage({ kind: 'coverOpen', pages: null }, true)).toContain(
      '此前扫描的页已保存（最后一张只扫到正面',
    );
  });
});
