import { describe, expect, it } from 'vitest';
import { tempDir } from '../testing';
import { parseDevices, SaneDriver, saneInstalled } from './sane';

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
});
