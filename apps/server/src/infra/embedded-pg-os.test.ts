import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { reachableBinaries } from './embedded-pg-os';

// As root the cluster runs as `postgres`; a checkout under a 0700 folder hides the binaries from that user.

const made: string[] = [];
afterAll(() => {
  for (const d of made) fs.rmSync(d, { recursive: true, force: true });
});

function fakePackage(): { initdb: string; pgCtl: string } {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'yj-bin-')); // 0700, owned by whoever runs the test
  made.push(root);
  fs.mkdirSync(path.join(root, 'native', 'bin'), { recursive: true });
  fs.mkdirSync(path.join(root, 'native', 'share'));
  const initdb = path.join(root, 'native', 'bin', 'initdb');
  const pgCtl = path.join(root, 'native', 'bin', 'pg_ctl');
  fs.writeFileSync(initdb, '#!/bin/sh\n', { mode: 0o755 });
  fs.writeFileSync(pgCtl, '#!/bin/sh\n', { mode: 0o755 });
  fs.writeFileSync(path.join(root, 'native', 'share', 'postgres.bki'), 'x');
  return { initdb, pgCtl };
}

describe('reachableBinaries', () => {
  it('runs a copy from the shared temporary folder when the checkout is closed to the cluster user', () => {
    const version = `0.0.0-test-${process.pid}-${Date.now()}`;
    const bin = { ...fakePackage(), major: '0', version };
    const other = { uid: (process.getuid?.() ?? 0) + 4242, name: 'postgres' };
    const got = reachableBinaries(bin, other);
    made.push(path.dirname(path.dirname(got.initdb)));
    expect(path.dirname(path.dirname(got.initdb))).toBe(
      path.join(os.tmpdir(), `yj-pg-${version}-${process.platform}-${process.arch}`),
    );
    expect(fs.existsSync(got.initdb) && fs.existsSync(got.pgCtl)).toBe(true);
    expect(fs.existsSync(path.join(path.dirname(got.initdb), '..', 'share', 'postgres.bki'))).toBe(true);
    expect(fs.statSync(path.dirname(path.dirname(got.initdb))).mode & 0o005).toBe(0o005);
    // the second start reuses the copy
    expect(reachableBinaries(bin, other)).toEqual(got);
  });

  it('keeps the installed binaries when the cluster user can reach them', () => {
    const bin = { ...fakePackage(), major: '0', version: 'x' };
    const self = { uid: process.getuid?.() ?? 0, name: 'me' };
    expect(reachableBinaries(bin, self)).toBe(bin);
  });
});
