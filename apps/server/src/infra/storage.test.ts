import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { folderSyncer } from './folder-sync';
import { fsStorage, s3Storage, type Storage } from './storage';

function contract(name: string, make: () => Storage) {
  describe(name, () => {
    it('stores bytes under a key and gives them back; a missing key is null', async () => {
      const s = make();
      const bytes = Buffer.from([0, 1, 2, 250, 255]);
      await s.put('scans/2026/页 1.jpg', bytes);
      expect(await s.get('scans/2026/页 1.jpg')).toEqual(bytes);
      await s.put('scans/2026/页 1.jpg', Buffer.from('again'));
      expect((await s.get('scans/2026/页 1.jpg'))?.toString()).toBe('again');
      expect(await s.get('scans/none.jpg')).toBeNull();
      expect(await s.has('scans/2026/页 1.jpg')).toBe(true);
      expect(await s.has('scans/none.jpg')).toBe(false);
      expect(await s.has('scans/2026')).toBe(false);
    });
  });
}

const fsRoot = fs.mkdtempSync(path.join(os.tmpdir(), 'yj-fs-'));
contract('local folder storage', () => fsStorage(fsRoot));

describe('local folder storage keys', () => {
  it('refuses a key that climbs out of the folder', async () => {
    await expect(fsStorage(fsRoot).put('../escape.txt', Buffer.from('x'))).rejects.toThrow(
      /invalid storage key/,
    );
  });
});

/** A folder sync the test lets finish when it wants, recording which folders were synced when. */
function heldSyncs() {
  const calls: { dir: string; release: (err?: Error) => void }[] = [];
  const syncOnce = (dir: string) =>
    new Promise<void>((res, rej) => calls.push({ dir, release: (err) => (err ? rej(err) : res()) }));
  return { calls, syncOnce };
}
const tick = () => new Promise((r) => setImmediate(r));

describe('local folder storage durability', () => {
  it('acknowledges a put only after the folder holding its new name is synced, and the new folders above it', async () => {
    const held = heldSyncs();
    const root = fs.mkdtempSync(path.join(os.tmpdir(), 'yj-sync-'));
    const s = fsStorage(root, held.syncOnce);
    let done = false;
    const put = s.put('scan/7/ab/page.jpg', Buffer.from('x')).then(() => (done = true));
    while (held.calls.length < 4) await tick();
    // the sync comes after the rename: the file already stands under its name
    expect(fs.readFileSync(path.join(root, 'scan/7/ab/page.jpg'), 'utf8')).toBe('x');
    expect(held.calls.map((c) => path.relative(root, c.dir)).sort()).toEqual([
      '',
      'scan',
      'scan/7',
      'scan/7/ab',
    ]);
    for (const c of held.calls.slice(0, 3)) c.release();
    await tick();
    expect(done).toBe(false);
    held.calls[3]!.release();
    await put;
    // a folder already made lasting costs one sync of itself per put
    const again = s.put('scan/7/ab/page2.jpg', Buffer.from('y'));
    while (held.calls.length < 5) await tick();
    expect(path.relative(root, held.calls[4]!.dir)).toBe('scan/7/ab');
    held.calls[4]!.release();
    await again;
    // a failed sync fails the put: the upload is not acknowledged
    const failed = s.put('scan/7/ab/page3.jpg', Buffer.from('z'));
    while (held.calls.length < 6) await tick();
    held.calls[5]!.release(new Error('EIO'));
    await expect(failed).rejects.toThrow('EIO');
    // a derived file (a cut, made again when missing) is written whole but its folder is not synced
    await s.put('blocks/9/cut.jpg', Buffer.from('c'), { derived: true });
    expect(held.calls).toHaveLength(6);
    expect(fs.readFileSync(path.join(root, 'blocks/9/cut.jpg'), 'utf8')).toBe('c');
    fs.rmSync(root, { recursive: true, force: true });
  });

  it('shares folder syncs: calls during a sync wait for one next sync, which starts after it ends', async () => {
    const held = heldSyncs();
    const sync = folderSyncer(held.syncOnce);
    const order: string[] = [];
    const a = sync('/f').then(() => order.push('a'));
    const b = sync('/f').then(() => order.push('b'));
    const c = sync('/f').then(() => order.push('c'));
    const other = sync('/g').then(() => order.push('other'));
    await tick();
    expect(held.calls.map((x) => x.dir)).toEqual(['/f', '/g']); // b and c wait; another folder does not
    held.calls[0]!.release();
    await a;
    await tick();
    expect(held.calls.map((x) => x.dir)).toEqual(['/f', '/g', '/f']); // one sync for b and c together
    expect(order).toEqual(['a']);
    held.calls[2]!.release(new Error('EIO'));
    await expect(b).rejects.toThrow('EIO');
    await expect(c).rejects.toThrow('EIO');
    held.calls[1]!.release();
    await other;
    // the folder is idle again: the next call starts its own sync at once
    const d = sync('/f');
    await tick();
    expect(held.calls).toHaveLength(4);
    held.calls[3]!.release();
    await d;
  });
});

// A real S3 protocol peer (s3rver) on loopback, so the signing and paths are exercised for real.
const s3Dir = fs.mkdtempSync(path.join(os.tmpdir(), 'yj-s3-'));
let server: S3rver;
let endpoint = '';
beforeAll(async () => {
  server = new S3rver({
    port: 0,
    address: '127.0.0.1',
    directory: s3Dir,
    silent: true,
    configureBuckets: [{ name: 'yj-files', configs: [] }],
  });
  const addr = await server.run();
  endpoint = `http://127.0.0.1:${addr.port}`;
});
afterAll(async () => {
  await server.close();
  fs.rmSync(s3Dir, { recursive: true, force: true });
  fs.rmSync(fsRoot, { recursive: true, force: true });
});
contract('S3-compatible storage', () =>
  s3Storage({
    endpoint,
    region: 'us-east-1',
    bucket: 'yj-files',
    accessKeyId: 'S3RVER',
    secretAccessKey: 'S3RVER',
    forcePathStyle: true,
  }),
);

describe('S3 credentials', () => {
  it('fails loudly on a wrong secret instead of losing the file', async () => {
    const bad = s3Storage({
      endpoint,
      region: 'us-east-1',
      bucket: 'yj-files',
      accessKeyId: 'NOBODY',
      secretAccessKey: 'wrong',
      forcePathStyle: true,
    });
    await expect(bad.put('x.bin', Buffer.from('x'))).rejects.toThrow(/HTTP 403/);
    const noBucket = s3Storage({
      endpoint,
      region: 'us-east-1',
      bucket: 'no-such-bucket',
      accessKeyId: 'S3RVER',
      secretAccessKey: 'S3RVER',
      forcePathStyle: true,
    });
    await expect(noBucket.put('x.bin', Buffer.from('x'))).rejects.toThrow(/HTTP 404/);
    await expect(noBucket.get('x.bin')).rejects.toThrow(/NoSuchBucket/);
    await expect(noBucket.has('x.bin')).rejects.toThrow(/NoSuchBucket/);
  });
});
