import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { clusterDir, LOCATION_FILE, reachableBinaries } from './embedded-pg-os';

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

describe('clusterDir', () => {
  const temp = (mode: number): string => {
    const d = fs.mkdtempSync(path.join(os.tmpdir(), 'yj-loc-'));
    fs.chmodSync(d, mode);
    made.push(d);
    return d;
  };
  const uid = process.getuid?.() ?? 0;
  const gid = process.getgid?.() ?? 0;
  /** a user that is not the folders' owner, as `postgres` is for root's folders */
  const other = { uid: uid + 4242, gid, name: 'postgres' };

  it('is DATA_DIR/pg for a normal user, and for root where the cluster user can walk down to it', () => {
    const data = path.join(temp(0o755), 'data');
    fs.mkdirSync(data);
    expect(clusterDir(data, null)).toBe(path.join(data, 'pg'));
    expect(clusterDir(data, other)).toBe(path.join(data, 'pg'));
    expect(fs.existsSync(path.join(data, LOCATION_FILE))).toBe(false);
  });

  it.runIf(uid === 0)(
    'keeps a new cluster of root under a 0700 folder in a folder of its own, recorded in DATA_DIR',
    () => {
      const home = temp(0o755);
      const closed = temp(0o700);
      const data = path.join(closed, 'clone', 'data');
      fs.mkdirSync(data, { recursive: true });
      const dir = clusterDir(data, other, home);
      expect(path.dirname(path.dirname(dir))).toBe(home);
      expect(path.basename(dir)).toBe('pg');
      expect(fs.statSync(path.dirname(dir)).uid).toBe(other.uid);
      expect(fs.readFileSync(path.join(data, LOCATION_FILE), 'utf8').trim()).toBe(dir);
      expect(fs.statSync(closed).mode & 0o777).toBe(0o700);
      // read back from DATA_DIR on every later start (backup, restore, upgrade), wherever home is then
      expect(clusterDir(data, other, temp(0o755))).toBe(dir);
      // another DATA_DIR gets another folder
      const second = path.join(closed, 'clone2', 'data');
      fs.mkdirSync(second, { recursive: true });
      expect(path.dirname(clusterDir(second, other, home))).not.toBe(path.dirname(dir));
    },
  );

  it.runIf(uid === 0)('never moves an existing cluster: a blocked one stays where it is', () => {
    const data = path.join(temp(0o700), 'data');
    fs.mkdirSync(path.join(data, 'pg'), { recursive: true });
    fs.writeFileSync(path.join(data, 'pg', 'PG_VERSION'), '18\n');
    expect(clusterDir(data, other, temp(0o755))).toBe(path.join(data, 'pg'));
    expect(fs.existsSync(path.join(data, LOCATION_FILE))).toBe(false);
  });
});
