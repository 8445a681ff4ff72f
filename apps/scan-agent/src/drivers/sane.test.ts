import { chmod, readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { tempDir } from '../testing';
import { parseDevices, SaneDriver, saneInstalled } from './sane';

/**
 * A stand-in `scanimage` in `dir`: `-A` prints `listing`; a scan writes its arguments, one a line, to args.txt
 * and `end.pages` pages into the spool (a batch: each ending as a PNG does, so the spool takes it once two looks
 * agree) or one into its output file (a single scan), then ends as scanimage would (what it prints, its status). With `end.paperAt`, paper lies only there: a scan from another
 * source finds none and ends as an empty feeder does.
 */
async function fakeScanimage(
  dir: string,
  listing: string,
  end: { pages: number; status: number; says: string; paperAt?: string; lingerS?: number } = {
    pages: 1,
    status: 0,
    says: '',
  },
): Promise<string> {
  const bin = path.join(dir, 'scanimage');
  await writeFile(path.join(dir, 'listing.txt'), listing);
  await writeFile(path.join(dir, 'says.txt'), end.says);
  const noPaper = end.paperAt
    ? `case " $* " in *" --source=${end.paperAt} "*) ;; *) echo 'scanimage: sane_start: Document feeder out of documents' >&2; exit 7;; esac`
    : '';
  await writeFile(
    bin,
    [
      '#!/bin/sh',
      `if [ "$1" = "-A" ]; then cat '${dir}/listing.txt'; exit 0; fi`,
      `for a in "$@"; do echo "$a" >> '${dir}/args.txt'; done`,
      noPaper,
      `for a in "$@"; do case "$a" in --batch=*) for i in $(seq 1 ${end.pages}); do f=$(printf "\${a#--batch=}" $i); printf "page$i\\111\\105\\116\\104\\256\\102\\140\\202" > "$f"; done;; esac; done`,
      `for a in "$@"; do case "$a" in --output-file=*) [ ${end.pages} -gt 0 ] && printf "sheet" > "\${a#--output-file=}";; esac; done`,
      `cat '${dir}/says.txt' >&2`,
      // the scanner still busy after its last page (a jam being reported): the agent polls meanwhile
      end.lingerS ? `sleep ${end.lingerS}` : '',
      `exit ${end.status}`,
    ].join('\n'),
  );
  await chmod(bin, 0o755);
  return bin;
}

describe('SANE driver', () => {
  it('reads device names from scanimage -L', () => {
    const out =
      "device `epson2:libusb:001:004' is a Epson DS-530 flatbed scanner\ndevice `fujitsu:fi-7160:1' is a FUJITSU fi-7160 scanner\n";
    expect(parseDevices(out)).toEqual(['epson2:libusb:001:004', 'fujitsu:fi-7160:1']);
    expect(parseDevices('No scanners were identified.')).toEqual([]);
  });

  it('reports "driver not installed" (code 10) instead of failing when scanimage is absent', async () => {
    const dir = await tempDir();
    const d = new SaneDriver(dir.dir, 'scanimage-not-installed-here');
    expect(await saneInstalled('scanimage-not-installed-here')).toBe(false);
    expect(await d.status()).toEqual({
      available: false,
      code: 10,
      message: '扫描驱动未安装或扫描仪未连接',
      device: null,
    });
    await expect(d.start({ dpi: 200, colour: false })).rejects.toMatchObject({ code: 10 });
    expect(await d.poll()).toEqual([]);
    await dir.remove();
  });

  it('tells the scanner to scan both sides when the agent is set to 双面, and one side when not', async () => {
    const dir = await tempDir();
    const bin = await fakeScanimage(dir.dir, '    --source ADF Front|ADF Back|ADF Duplex [ADF Front]\n');
    const spool = path.join(dir.dir, 'spool');
    const d = new SaneDriver(spool, bin);
    await d.start({ dpi: 200, colour: false, duplex: true, doubleFeed: true });
    // no sensor the agent can set: said, so the operator does not count on it
    expect((await d.status()).doubleFeed).toBe('none');
    const args = () => readFile(path.join(dir.dir, 'args.txt'), 'utf8').then((t) => t.trim().split('\n'));
    expect(await args()).toEqual(expect.arrayContaining(['--source=ADF Duplex', '--mode=Gray']));
    expect(await readdir(spool)).toHaveLength(1);
    await writeFile(path.join(dir.dir, 'args.txt'), '');
    await d.start({ dpi: 200, colour: false, duplex: false });
    expect(await args()).toContain('--source=ADF Front');
    await dir.remove();
  });

  it('refuses a 双面 scan on a scanner that cannot scan both sides, before a sheet moves', async () => {
    const dir = await tempDir();
    const bin = await fakeScanimage(dir.dir, '    --source Flatbed|Transparency Adapter [Flatbed]\n');
    const d = new SaneDriver(path.join(dir.dir, 'spool'), bin);
    await expect(d.start({ dpi: 200, colour: false, duplex: true })).rejects.toMatchObject({
      code: 92,
      message: expect.stringContaining('扫描仪不支持双面扫描'),
    });
    expect(await readFile(path.join(dir.dir, 'args.txt'), 'utf8').catch(() => null)).toBeNull();
    await dir.remove();
  });

  it('stops on a jam or a double feed mid-pile with what to do, keeping the pages before it', async () => {
    const dir = await tempDir();
    const says = [
      'Scanned page 2. (scanner status = 6)',
      'scanimage: sane_read: Document feeder jammed',
      'Batch terminated, 2 pages scanned',
    ].join('\n');
    const bin = await fakeScanimage(
      dir.dir,
      [
        '    --source ADF Front|ADF Back|ADF Duplex [ADF Front]',
        '    --df-action Default|Continue|Stop [Default]',
      ].join('\n'),
      { pages: 2, status: 6, says },
    );
    const spool = path.join(dir.dir, 'spool');
    const d = new SaneDriver(spool, bin);
    await expect(d.start({ dpi: 200, colour: false, duplex: true, doubleFeed: true })).rejects.toMatchObject({
      code: 92,
      message: expect.stringContaining('检测到双张进纸，扫描已停止：此前扫描的 2 页已保存'),
    });
    const args = await readFile(path.join(dir.dir, 'args.txt'), 'utf8');
    expect(args).toContain('--df-action=Stop');
    expect(await readdir(spool)).toHaveLength(2);
    expect((await d.status()).doubleFeed).toBe('on');

    // 双张检测 off (stickers tripping the sensor): the sensor is left as the device has it
    await writeFile(path.join(dir.dir, 'args.txt'), '');
    await d.start({ dpi: 200, colour: false, duplex: true, doubleFeed: false }).catch(() => undefined);
    expect(await readFile(path.join(dir.dir, 'args.txt'), 'utf8')).not.toContain('--df-action');
    expect((await d.status()).doubleFeed).toBe('off');
    await dir.remove();
  });

  it('sets aside the front of the sheet a two-sided scan stopped on, so it never pairs with the next page', async () => {
    const says = [
      'Scanned page 3. (scanner status = 6)',
      'scanimage: sane_read: Document feeder jammed',
      'Batch terminated, 3 pages scanned',
    ].join('\n');
    const listing = '    --source ADF Front|ADF Back|ADF Duplex [ADF Front]\n';
    const names = (xs: { name: string }[]) => xs.map((x) => x.name.replace(/^scan-\d+-/, ''));
    // the pages still in the spool when the scan stops
    let dir = await tempDir();
    let d = new SaneDriver(
      path.join(dir.dir, 'spool'),
      await fakeScanimage(dir.dir, listing, { pages: 3, status: 6, says }),
    );
    await expect(d.start({ dpi: 200, colour: false, duplex: true })).rejects.toMatchObject({
      message: expect.stringContaining('此前扫描的 2 页已保存（最后一张只扫到正面'),
    });
    let out = [...(await d.poll()), ...(await d.poll())];
    expect(names(out)).toEqual(['00001.png', '00002.png']);
    expect((await readdir(path.join(dir.dir, 'set-aside'))).map((n) => n.replace(/^scan-\d+-/, ''))).toEqual([
      '00003.png',
    ]);
    await dir.remove();

    // taken while the scanner was still busy: the third page waited for a back that never came
    dir = await tempDir();
    d = new SaneDriver(
      path.join(dir.dir, 'spool'),
      await fakeScanimage(dir.dir, listing, { pages: 3, status: 6, says, lingerS: 3 }),
    );
    const scanning = d.start({ dpi: 200, colour: false, duplex: true }).catch((e: Error) => e);
    out = [];
    for (let i = 0; i < 40 && out.length < 2; i++) {
      await new Promise((r) => setTimeout(r, 50));
      out.push(...(await d.poll()));
    }
    expect(names(out)).toEqual(['00001.png', '00002.png']);
    expect(((await scanning) as Error).message).toContain('这一张须重新扫描');
    expect(await d.poll()).toEqual([]);
    expect(await readdir(path.join(dir.dir, 'set-aside'))).toHaveLength(1);
    await dir.remove();

    // one-sided, or a whole sheet kept: nothing set aside
    dir = await tempDir();
    d = new SaneDriver(
      path.join(dir.dir, 'spool'),
      await fakeScanimage(dir.dir, listing, { pages: 3, status: 6, says }),
    );
    await expect(d.start({ dpi: 200, colour: false, duplex: false })).rejects.toMatchObject({
      message: expect.stringContaining('此前扫描的 3 页已保存，'),
    });
    out = [...(await d.poll()), ...(await d.poll())];
    expect(out).toHaveLength(3);
    expect(await readdir(path.join(dir.dir, 'set-aside')).catch(() => null)).toBeNull();
    await dir.remove();
  });

  it('says the feeder is empty when nothing was scanned', async () => {
    const dir = await tempDir();
    const says = 'scanimage: sane_start: Document feeder out of documents\nBatch terminated, 0 pages scanned';
    const bin = await fakeScanimage(dir.dir, '    --source ADF Front|ADF Duplex [ADF Front]\n', {
      pages: 0,
      status: 7,
      says,
    });
    const d = new SaneDriver(path.join(dir.dir, 'spool'), bin);
    await expect(d.start({ dpi: 200, colour: false, duplex: true })).rejects.toMatchObject({
      code: 92,
      message: '进纸器中没有答卷：请放入答卷后再点开始扫描',
    });
    await dir.remove();
  });

  it('takes a template sheet from the feeder, or from the glass when the feeder is empty', async () => {
    const dir = await tempDir();
    const listing = '    --source Flatbed|ADF|Duplex [Flatbed]\n';
    const args = () => readFile(path.join(dir.dir, 'args.txt'), 'utf8').then((t) => t.trim().split('\n'));
    // the card in the feeder of a flatbed-and-feeder scanner (default: its glass)
    let d = new SaneDriver(
      path.join(dir.dir, 'spool'),
      await fakeScanimage(dir.dir, listing, { pages: 1, status: 0, says: '', paperAt: 'ADF' }),
    );
    expect((await d.scanOne({ dpi: 200, colour: false }))?.bytes.toString()).toBe('sheet');
    expect(await args()).toContain('--source=ADF');
    // the card on its glass: the feeder is empty, the glass is scanned
    await writeFile(path.join(dir.dir, 'args.txt'), '');
    d = new SaneDriver(
      path.join(dir.dir, 'spool'),
      await fakeScanimage(dir.dir, listing, { pages: 1, status: 0, says: '', paperAt: 'Flatbed' }),
    );
    expect((await d.scanOne({ dpi: 200, colour: false }))?.bytes.toString()).toBe('sheet');
    expect(await args()).toEqual(expect.arrayContaining(['--source=ADF', '--source=Flatbed']));
    // a feeder-only scanner with nothing in it: no picture, no glass to fall back on
    await writeFile(path.join(dir.dir, 'args.txt'), '');
    d = new SaneDriver(
      path.join(dir.dir, 'spool'),
      await fakeScanimage(dir.dir, '    --source ADF Front|ADF Back|ADF Duplex [ADF Front]\n', {
        pages: 1,
        status: 0,
        says: '',
        paperAt: 'nowhere',
      }),
    );
    expect(await d.scanOne({ dpi: 200, colour: false })).toBeNull();
    expect((await args()).filter((a) => a.startsWith('--source='))).toEqual(['--source=ADF Front']);
    await dir.remove();
  });
});
