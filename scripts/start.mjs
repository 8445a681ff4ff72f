// npm start: build the web app and the server bundle when missing or older than their sources, then run the API server.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildServerIfNeeded } from './build-server.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dist = path.join(root, 'apps/web/dist/index.html');
// public/ too: a re-recorded help video (npm run help:videos) is copied into the build
const sources = [
  'apps/web/src',
  'apps/web/public',
  'apps/web/index.html',
  'apps/web/vite.config.ts',
  'packages/contracts/src',
];

function newest(p) {
  if (!fs.existsSync(p)) return 0;
  const st = fs.statSync(p);
  if (!st.isDirectory()) return st.mtimeMs;
  return Math.max(0, ...fs.readdirSync(p).map((f) => newest(path.join(p, f))));
}

const built = fs.existsSync(dist) ? fs.statSync(dist).mtimeMs : 0;
if (built < Math.max(...sources.map((s) => newest(path.join(root, s))))) {
  console.log('正在构建网页前端（首次启动约需半分钟）…');
  const r = spawnSync('npm', ['run', 'build', '-w', 'apps/web'], { cwd: root, stdio: 'inherit' });
  if (r.status !== 0) process.exit(r.status ?? 1);
}

// The server runs from its bundle (scripts/build-server.mjs): plain JavaScript, no TypeScript loader thread.
const entry = await buildServerIfNeeded();
const server = spawn(process.execPath, [entry], { cwd: root, stdio: 'inherit' });
for (const sig of ['SIGINT', 'SIGTERM']) process.on(sig, () => server.kill(sig));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 0 : 1)));
