// The server bundle `npm start` runs: apps/server/src (and the @yj packages it uses) bundled by esbuild into
// apps/server/dist, every npm package left external. Running plain JavaScript spares the TypeScript loader,
// which in Node 20 lives in its own thread with its own heap (~100 MB of the server's memory). Tests and the
// development commands still run the sources through tsx. Rebuilt when a source is newer than the bundle.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const server = path.join(root, 'apps/server');
const dist = path.join(server, 'dist');
const ENTRIES = [
  'src/main/api.ts',
  'src/modules/scan/recognition/recognize.worker.ts',
  'src/modules/upload/pages.worker.ts',
  'src/modules/scan/image/cut.worker.ts',
];
const SOURCES = ['apps/server/src', 'packages', 'scripts/build-server.mjs'];

function newest(p) {
  if (!fs.existsSync(p)) return 0;
  const st = fs.statSync(p);
  if (!st.isDirectory()) return st.mtimeMs;
  if (path.basename(p) === 'node_modules') return 0;
  return Math.max(0, ...fs.readdirSync(p).map((f) => newest(path.join(p, f))));
}

/** Builds the bundle when it is missing or older than a source; returns the entry to run. */
export async function buildServerIfNeeded() {
  const entry = path.join(dist, 'api.mjs');
  const built = ENTRIES.every((e) => fs.existsSync(path.join(dist, `${path.basename(e, '.ts')}.mjs`)))
    ? fs.statSync(entry).mtimeMs
    : 0;
  if (built >= Math.max(...SOURCES.map((s) => newest(path.join(root, s))))) return entry;
  const { build } = await import('esbuild');
  await build({
    // flat: dist/api.mjs, dist/recognize.worker.mjs … (server-root.ts finds the workers there)
    entryPoints: Object.fromEntries(ENTRIES.map((e) => [path.basename(e, '.ts'), path.join(server, e)])),
    outdir: dist,
    outExtension: { '.js': '.mjs' },
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    sourcemap: true,
    logLevel: 'warning',
    // Only our own code is bundled; npm packages load from node_modules as they do under tsx.
    plugins: [
      {
        name: 'external-packages',
        setup(b) {
          b.onResolve({ filter: /^[^./]/ }, (args) =>
            args.path.startsWith('@yj/') ? undefined : { path: args.path, external: true },
          );
        },
      },
    ],
  });
  return entry;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  console.log(await buildServerIfNeeded());
}
