import { appendFile, mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { tempDir } from '../testing';
import { FolderDriver } from './folder';

let dir: Awaited<ReturnType<typeof tempDir>>;
let jpeg: Buffer;
beforeEach(async () => {
  dir = await tempDir();
  await mkdir(path.join(dir.dir, 'in'));
  jpeg = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#eee' } })
    .jpeg()
    .toBuffer();
});
afterEach(() => dir.remove());

const file = (name: string) => path.join(dir.dir, 'in', name);

describe('folder driver', () => {
  it('hands files on in scan order once they hold still, skipping temporary names and other files', async () => {
    const d = new FolderDriver(path.join(dir.dir, 'in'));
    for (const n of [
      'scan_10.jpg',
      'scan_2.jpg',
      'scan_1.jpg',
      '.scan_3.jpg',
      'scan_4.jpg.part',
      'notes.txt',
    ])
      await writeFile(file(n), jpeg);
    // First look: just seen, not yet known to be finished.
    expect(await d.poll()).toEqual([]);
    const got = await d.poll();
    expect(got.map((g) => g.name)).toEqual(['scan_1.jpg', 'scan_2.jpg', 'scan_10.jpg']);
    expect(got[0]!.bytes.equals(jpeg)).toBe(true);
    // Taken once only.
    expect(await d.poll()).toEqual([]);
    // A file seen later comes after the earlier ones, whatever its name.
    await writeFile(file('scan_0.jpg'), jpeg);
    await d.poll();
    expect((await d.poll()).map((g) => g.name)).toEqual(['scan_0.jpg']);
  });

  it('waits for a file still being written, and a later file does not overtake it', async () => {
    const d = new FolderDriver(path.join(dir.dir, 'in'));
    const half = Math.floor(jpeg.length / 2);
    await writeFile(file('p1.jpg'), jpeg.subarray(0, half));
    await writeFile(file('p2.jpg'), jpeg);
    expect(await d.poll()).toEqual([]);
    // Same size twice, but a JPEG without its end marker is not finished: nothing, not even p2.
    expect(await d.poll()).toEqual([]);
    expect(await d.poll()).toEqual([]);
    await appendFile(file('p1.jpg'), jpeg.subarray(half));
    // The size moved: it has to hold still once more.
    expect(await d.poll()).toEqual([]);
    const got = await d.poll();
    expect(got.map((g) => g.name)).toEqual(['p1.jpg', 'p2.jpg']);
    expect(got[0]!.bytes.equals(jpeg)).toBe(true);
  });

  it('lets a file that stays broken through after a while, so one bad file cannot hold the batch up', async () => {
    const d = new FolderDriver(path.join(dir.dir, 'in'), { giveUpPolls: 3 });
    await writeFile(file('a.jpg'), jpeg.subarray(0, 100));
    await writeFile(file('b.jpg'), jpeg);
    for (let i = 0; i < 3; i++) expect(await d.poll()).toEqual([]);
    expect((await d.poll()).map((g) => g.name)).toEqual(['a.jpg', 'b.jpg']);
  });

  it('takes a reused name again once the old file was cleared away', async () => {
    const d = new FolderDriver(path.join(dir.dir, 'in'));
    await writeFile(file('scan_1.png'), await sharp(jpeg).png().toBuffer());
    await d.poll();
    expect(await d.poll()).toHaveLength(1);
    await import('node:fs/promises').then((fs) => fs.rm(file('scan_1.png')));
    expect(await d.poll()).toEqual([]);
    await writeFile(file('scan_1.png'), await sharp(jpeg).rotate(90).png().toBuffer());
    await d.poll();
    expect(await d.poll()).toHaveLength(1);
  });
});
