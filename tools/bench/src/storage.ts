// npm run bench:storage — what making an acknowledged upload survive a power cut costs a page. The product's
// local storage (infra/storage.ts) writes a temp file, datasyncs it, renames it and syncs the folder holding the
// new name (shared between puts of one folder: infra/folder-sync.ts). The yardstick, in the same run and on the
// same disk: the fastest durable write of the same bytes, one file written and datasynced under its final name
// (no temp file, no folder sync: a crash can leave half a file and a power cut can lose the name). Beside both,
// the product as it was before the folder sync. Pages are stored 8 at a time as scan ingest does, under keys
// spread over 256 folders as pageKey's hash prefix spreads them; slices interleave so the shared disk's noise
// falls on all three alike.
import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fsStorage, type Storage } from '../../../apps/server/src/infra/storage';

const PAGES = Number(process.env.BENCH_PAGES ?? 400);
const SLICES = 3;
const PAGE_BYTES = 250_000; // a 300 dpi A4 page as scanners send it

const keyOf = (i: number) => {
  const sha = createHash('sha256').update(`page ${i}`).digest('hex');
  return `scan/1/${sha.slice(0, 2)}/${sha}.jpg`;
};

/** The yardstick: the bytes written and datasynced under their final name, nothing else. */
function plainDurable(root: string): Pick<Storage, 'put'> {
  return {
    async put(key, body) {
      const full = path.join(root, key);
      await fs.mkdir(path.dirname(full), { recursive: true });
      const file = await fs.open(full, 'w');
      try {
        await file.writeFile(body);
        await file.datasync();
      } finally {
        await file.close();
      }
    },
  };
}

async function run(store: Pick<Storage, 'put'>, from: number, count: number, body: Buffer): Promise<number> {
  const t0 = performance.now();
  for (let i = from; i < from + count; i += 8)
    await Promise.all(
      Array.from({ length: Math.min(8, from + count - i) }, (_, k) => store.put(keyOf(i + k), body)),
    );
  return performance.now() - t0;
}

const body = randomBytes(PAGE_BYTES);
const base = await fs.mkdtemp(path.join(os.tmpdir(), 'yj-bench-storage-'));
const kinds = {
  yardstick: plainDurable(path.join(base, 'plain')),
  before: fsStorage(path.join(base, 'before'), async () => {}),
  product: fsStorage(path.join(base, 'product')),
};
const ms: Record<keyof typeof kinds, number> = { yardstick: 0, before: 0, product: 0 };
// first pass makes the 256 folders (the product syncs each new chain once); the measured passes are steady state
for (const store of Object.values(kinds)) await run(store, 0, 512, body);
const per = Math.ceil(PAGES / SLICES);
for (let s = 0; s < SLICES; s++)
  for (const [name, store] of Object.entries(kinds))
    ms[name as keyof typeof kinds] += await run(store, 1000 + s * per, per, body);
await fs.rm(base, { recursive: true, force: true });

const pages = per * SLICES;
const line = (name: string, total: number) =>
  `${name.padEnd(44)} ${(total / pages).toFixed(2).padStart(6)} ms/page  ${(ms.yardstick / total).toFixed(2)}× yardstick`;
console.log(
  `bench:storage — ${pages} pages of ${PAGE_BYTES / 1000} KB, 8 at a time, ${SLICES} interleaved slices, ${os.tmpdir()}`,
);
console.log(line('yardstick: write + datasync under its name', ms.yardstick));
console.log(line('before: temp file, datasync, rename', ms.before));
console.log(line('product: temp file, datasync, rename, folder', ms.product));
