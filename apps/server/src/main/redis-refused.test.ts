import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';

// Issue 35: an API host given a Redis that refuses it (a wrong password) waited forever, printing EPIPE errors.
// Start-up now stops at once, before the database opens, with the reason in Chinese and English and a non-zero
// exit. The real entry point is started: the test's own timeout is the only limit.
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'yj-redis-refused-'));
const started: ChildProcess[] = [];
afterAll(() => {
  for (const c of started) if (c.exitCode === null) c.kill('SIGKILL');
  fs.rmSync(dataDir, { recursive: true, force: true });
});

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const srv = createServer().listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as { port: number };
      srv.close(() => resolve(port));
    });
  });
}

async function startWith(redisUrl: string): Promise<{ code: number | null; stderr: string }> {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(await freePort()),
    DATA_DIR: dataDir,
    REDIS_URL: redisUrl,
    LOG_LEVEL: 'warn',
    WEB_DIST: path.join(dataDir, 'no-web'),
  };
  delete env.DATABASE_URL;
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main/api.ts'], {
    cwd: root,
    env,
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  started.push(child);
  let stderr = '';
  child.stderr!.on('data', (b: Buffer) => void (stderr += b.toString()));
  const code = await new Promise<number | null>((done) => child.once('exit', (c) => done(c)));
  return { code, stderr };
}

const hasRedisServer = spawnSync('redis-server', ['--version']).status === 0;

describe('start-up with a Redis that refuses', () => {
  it('an unreachable port: exits non-zero naming REDIS_URL and why', async () => {
    const port = await freePort();
    const { code, stderr } = await startWith(`redis://127.0.0.1:${port}/0`);
    expect(code).not.toBe(0);
    expect(stderr).toContain(`REDIS_URL=redis://127.0.0.1:${port}/0`);
    expect(stderr).toContain('无法连接');
    expect(stderr).toContain('unreachable');
  }, 120_000);

  it.runIf(hasRedisServer)(
    'a wrong password: exits non-zero, says authentication failed, hides the password',
    async () => {
      const port = await freePort();
      const redis = spawn(
        'redis-server',
        [
          '--port',
          String(port),
          '--bind',
          '127.0.0.1',
          '--requirepass',
          'right-one',
          '--save',
          '',
          '--appendonly',
          'no',
        ],
        { stdio: ['ignore', 'pipe', 'ignore'] },
      );
      started.push(redis);
      await new Promise<void>((ready) => {
        let out = '';
        redis.stdout!.on('data', (b: Buffer) => {
          out += b.toString();
          if (out.includes('Ready to accept connections')) ready();
        });
      });
      const { code, stderr } = await startWith(`redis://:wrong-one@127.0.0.1:${port}/0`);
      expect(code).not.toBe(0);
      expect(stderr).toContain(`REDIS_URL=redis://:***@127.0.0.1:${port}/0`);
      expect(stderr).toContain('认证失败');
      expect(stderr).toContain('authentication failed');
      expect(stderr).not.toContain('wrong-one');
      redis.kill('SIGTERM');
    },
    120_000,
  );
});
