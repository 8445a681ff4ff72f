import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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
