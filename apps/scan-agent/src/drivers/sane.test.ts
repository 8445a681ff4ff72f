import { chmod, readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { tempDir } from '../testing';
import { parseDevices, SaneDriver, saneInstalled } from './sane';

/**
 * A stand-in `scanimage` in `dir`: `-A` prints `listing`; a batch scan writes its arguments, one a line, to
 * args.txt and one page into the spool.
 */
async function fakeScanimage(dir: string, listing: string): Promise<string> {
  const bin = path.join(dir, 'scanimage');
  await writeFile(path.join(dir, 'listing.txt'), listing);
  await writeFile(
    bin,
    [
      '#!/bin/sh',
      `if [ "$1" = "-A" ]; then cat '${dir}/listing.txt'; exit 0; fi`,
      `for a in "$@"; do echo "$a" >> '${dir}/args.txt'; done`,
      'for a in "$@"; do case "$a" in --batch=*) f=$(printf "${a#--batch=}" 1); printf "page" > "$f";; esac; done',
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
    await d.start({ dpi: 200, colour: false, duplex: true });
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
});
