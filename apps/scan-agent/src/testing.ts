import { mkdtemp, rm } from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { BarcodeReader } from '@yj/omr';
import { ScanAgent } from './agent';
import type { ScanDriver } from './drivers';
import { FolderDriver } from './drivers';
import { buildServer } from './server';
import { ServerApi } from './server-api';

// Helpers of the agent's tests (not used by the agent itself).

export const ORIGIN = 'http://localhost:8080';
export const SID = { yx_sid: 'test-session' };

/** A fresh temporary folder, removed by the returned function. */
export async function tempDir(): Promise<{ dir: string; remove: () => Promise<void> }> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'yj-agent-'));
  return { dir, remove: () => rm(dir, { recursive: true, force: true }) };
}

/** A local port nothing listens on: the server "unreachable". */
export async function closedPort(): Promise<number> {
  const s = net.createServer();
  await new Promise<void>((r) => s.listen(0, '127.0.0.1', r));
  const { port } = s.address() as net.AddressInfo;
  await new Promise<void>((r) => s.close(() => r()));
  return port;
}

/** An agent on `dataDir` (folder driver on dataDir/inbox unless given) and its /sm server. */
export async function openAgent(
  dataDir: string,
  opts: { serverUrl: string; driver?: ScanDriver; reader?: BarcodeReader; session?: string },
): Promise<{ agent: ScanAgent; app: FastifyInstance; close: () => Promise<void> }> {
  const agent = await ScanAgent.open({
    dataDir,
    driver: opts.driver ?? new FolderDriver(path.join(dataDir, 'inbox')),
    api: new ServerApi(opts.serverUrl),
    ...(opts.reader ? { reader: opts.reader } : {}),
    session: opts.session ?? null,
  });
  const app = buildServer(agent, { origins: [ORIGIN] });
  await app.ready();
  return {
    agent,
    app,
    close: async () => {
      await app.close();
      await agent.close();
    },
  };
}

/**
 * A TCP relay in front of the real server whose link can be cut: while cut, connections are dropped at
 * once, as when the scanning PC's network goes down.
 */
export async function cuttableLink(
  target: number,
): Promise<{ port: number; cut: (on: boolean) => void; close: () => Promise<void> }> {
  let down = false;
  const sockets = new Set<net.Socket>();
  const relay = net.createServer((client) => {
    if (down) return client.destroy();
    const upstream = net.connect(target, '127.0.0.1');
    for (const s of [client, upstream]) {
      sockets.add(s);
      s.on('close', () => sockets.delete(s));
      s.on('error', () => {});
    }
    client.pipe(upstream).pipe(client);
    client.on('close', () => upstream.destroy());
    upstream.on('close', () => client.destroy());
  });
  await new Promise<void>((r) => relay.listen(0, '127.0.0.1', r));
  return {
    port: (relay.address() as net.AddressInfo).port,
    cut(on) {
      down = on;
      if (on) for (const s of sockets) s.destroy();
    },
    close: () =>
      new Promise<void>((r) => {
        for (const s of sockets) s.destroy();
        relay.close(() => r());
      }),
  };
}
