import { randomUUID } from 'node:crypto';
import aws4 from 'aws4';
import fs from 'node:fs/promises';
import path from 'node:path';
import { folderSyncer } from './folder-sync';

export interface PutOptions {
  /**
   * A file made again from others when it is missing (a block's cut of a page, a crop): local storage skips the
   * folder sync, so a power cut may lose its name (it is cut again on first use) but never leaves it half written.
   */
  derived?: boolean;
}

/** Where uploaded files live. Keys are relative paths like "avatars/12-ab12.webp". */
export interface Storage {
  put(key: string, body: Buffer, opts?: PutOptions): Promise<void>;
  get(key: string): Promise<Buffer | null>;
  /** Whether a file is stored under the key, without reading it (cutting ahead asks this of 100,000s of cuts). */
  has(key: string): Promise<boolean>;
  /** Removes the file; a missing one is not an error (expiry sweeps may run twice). */
  remove(key: string): Promise<void>;
}

/**
 * Local folder storage; writes go to a temp file, reach the disk (datasync) and are then renamed, and the
 * folder holding the new name is synced too, so a crash or a power cut never leaves half a file and an
 * acknowledged upload is on disk under its name, not only in the page cache. `syncFolder` is for tests.
 */
export function fsStorage(root: string, syncFolder = folderSyncer()): Storage {
  const top = path.resolve(root);
  const resolve = (key: string): string => {
    const full = path.resolve(root, key);
    if (!full.startsWith(top + path.sep)) throw new Error(`invalid storage key: ${key}`);
    return full;
  };
  // folders whose own entry (and their parents', up to the root) this process has synced: a folder made by a
  // concurrent put is as new to this one, so every put syncs the chain once per folder, not only its maker
  const lasting = new Set<string>();
  const chainOf = (dir: string): string[] => {
    const chain = [dir];
    for (let d = dir; d !== top && d.startsWith(top + path.sep); d = path.dirname(d))
      chain.push(path.dirname(d));
    return chain;
  };
  return {
    async put(key, body, opts) {
      const full = resolve(key);
      const dir = path.dirname(full);
      await fs.mkdir(dir, { recursive: true });
      const tmp = `${full}.${randomUUID()}.tmp`;
      const file = await fs.open(tmp, 'w');
      try {
        await file.writeFile(body);
        await file.datasync();
      } finally {
        await file.close();
      }
      await fs.rename(tmp, full);
      if (opts?.derived) return;
      if (lasting.has(dir)) return syncFolder(dir);
      await Promise.all(chainOf(dir).map(syncFolder));
      if (lasting.size >= 10_000) lasting.clear(); // a long-lived server only syncs some chains again
      lasting.add(dir);
    },
    async get(key) {
      try {
        return await fs.readFile(resolve(key));
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw err;
      }
    },
    async has(key) {
      try {
        return (await fs.stat(resolve(key))).isFile();
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code === 'ENOENT') return false;
        throw err;
      }
    },
    async remove(key) {
      await fs.rm(resolve(key), { force: true });
    },
  };
}

export interface S3Options {
  endpoint: string;
  region: string;
  bucket: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** bucket in the path (MinIO and most self-hosted stores) rather than in the host name */
  forcePathStyle: boolean;
}

/** Any S3-compatible store (AWS, MinIO, OSS/COS in S3 mode), signed with SigV4; no SDK needed for put and get. */
export function s3Storage(o: S3Options): Storage {
  const base = new URL(o.endpoint);
  const target = (key: string) => {
    const path = key.split('/').map(encodeURIComponent).join('/');
    return o.forcePathStyle
      ? { host: base.host, path: `${base.pathname.replace(/\/$/, '')}/${o.bucket}/${path}` }
      : { host: `${o.bucket}.${base.host}`, path: `${base.pathname.replace(/\/$/, '')}/${path}` };
  };
  const send = async (method: 'GET' | 'HEAD' | 'PUT' | 'DELETE', key: string, body?: Buffer) => {
    const t = target(key);
    const signed = aws4.sign(
      {
        host: t.host,
        path: t.path,
        method,
        service: 's3',
        region: o.region,
        body,
        headers: body ? { 'content-type': 'application/octet-stream' } : {},
      },
      { accessKeyId: o.accessKeyId, secretAccessKey: o.secretAccessKey },
    );
    return fetch(`${base.protocol}//${t.host}${t.path}`, {
      method,
      headers: signed.headers as Record<string, string>,
      ...(body ? { body: new Uint8Array(body) } : {}),
    });
  };
  return {
    async put(key, body) {
      const res = await send('PUT', key, body);
      if (!res.ok) throw new Error(`S3 put ${key}: HTTP ${res.status} ${await res.text()}`);
    },
    async get(key) {
      const res = await send('GET', key);
      const text = res.ok ? '' : await res.text();
      // only a missing object is "not stored"; a missing bucket is a misconfiguration and must be loud
      if (res.status === 404 && !text.includes('NoSuchBucket')) return null;
      if (!res.ok) throw new Error(`S3 get ${key}: HTTP ${res.status} ${text}`);
      return Buffer.from(await res.arrayBuffer());
    },
    async has(key) {
      const res = await send('HEAD', key);
      if (res.ok) return true;
      // a HEAD answer has no body to tell a missing bucket from a missing object: ask with a GET then
      if (res.status !== 404) throw new Error(`S3 head ${key}: HTTP ${res.status}`);
      const text = await (await send('GET', key)).text();
      if (text.includes('NoSuchBucket')) throw new Error(`S3 head ${key}: HTTP 404 ${text}`);
      return false;
    },
    async remove(key) {
      const res = await send('DELETE', key);
      if (!res.ok && res.status !== 404)
        throw new Error(`S3 delete ${key}: HTTP ${res.status} ${await res.text()}`);
    },
  };
}
