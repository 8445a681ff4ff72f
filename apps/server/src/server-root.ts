import fs from 'node:fs';
import path from 'node:path';

// The server runs from its sources (tsx: tests, development) or from the bundle `npm start` builds into
// apps/server/dist (no TypeScript loader thread: ~100 MB less memory). Paths to files that ship beside the
// code (migrations, worker entries, the repository root) are found from the server's own folder either way.

function findServerRoot(from: string): string {
  for (let d = from; ; d = path.dirname(d)) {
    const pkg = path.join(d, 'package.json');
    if (
      fs.existsSync(pkg) &&
      (JSON.parse(fs.readFileSync(pkg, 'utf8')) as { name?: string }).name === '@yj/server'
    )
      return d;
    if (d === path.dirname(d)) throw new Error(`apps/server not found above ${from}`);
  }
}

/** apps/server */
export const SERVER_ROOT = findServerRoot(import.meta.dirname);

/** true when running from the bundle in apps/server/dist */
export const BUNDLED = import.meta.url.endsWith('.mjs');

/** A worker thread's entry, given by its source path under apps/server/src (e.g. `modules/upload/pages.worker.ts`). */
export function workerEntry(source: string): string {
  const file = BUNDLED
    ? path.join(SERVER_ROOT, 'dist', path.basename(source).replace(/\.ts$/, '.mjs'))
    : path.join(SERVER_ROOT, 'src', source);
  return new URL(`file://${file}`).href;
}

/** The server runs TypeScript through tsx; worker threads need the same loader (also under vitest). */
export const workerExecArgv = (): string[] =>
  BUNDLED || process.execArgv.some((a) => a.includes('tsx'))
    ? process.execArgv
    : [...process.execArgv, '--import', 'tsx'];
