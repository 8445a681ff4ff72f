// The machines of npm run bench:cluster on one machine (issue 35): each API process and the recognition worker
// in its own network namespace, joined to a bridge in the machine's own namespace, where the shared services
// listen on the bridge's address — PostgreSQL (the machine's, reached through a forwarder: it listens on
// 127.0.0.1 only), Redis, an S3-speaking object store (s3rver) — and nginx, the front, spreads HTTPS requests
// over the API hosts. Everything made here is undone by `teardown`, which the bench runs on every exit.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import pg from 'pg';

const root = path.resolve(import.meta.dirname, '../../..');

/** `ip …` and friends, failing loudly (the bench runs as root). */
export function sh(cmd: string, args: string[], okToFail = false): string {
  const r = spawnSync(cmd, args, { encoding: 'utf8' });
  if (r.status !== 0 && !okToFail)
    throw new Error(`${cmd} ${args.join(' ')}: ${r.stderr || r.error?.message || `exit ${r.status}`}`);
  return r.stdout;
}

export interface Net {
  bridge: string;
  /** the machine's side of the bridge: where the shared services listen */
  hostIp: string;
  /** name → its namespace and address */
  hosts: Map<string, { ns: string; ip: string }>;
}

/** A bridge and one namespace per host name, each with a veth into the bridge (names unique to this run). */
export function makeNet(names: string[]): Net {
  const tag = (process.pid % 10_000).toString(36);
  const subnet = `10.${200 + (process.pid % 50)}.${process.pid % 250}`;
  const net: Net = { bridge: `yjbr${tag}`, hostIp: `${subnet}.1`, hosts: new Map() };
  sh('ip', ['link', 'add', net.bridge, 'type', 'bridge']);
  sh('ip', ['addr', 'add', `${net.hostIp}/24`, 'dev', net.bridge]);
  sh('ip', ['link', 'set', net.bridge, 'up']);
  names.forEach((name, i) => {
    const ns = `yj-${name}-${tag}`;
    const ip = `${subnet}.${11 + i}`;
    const veth = `yjv${tag}${i}`;
    sh('ip', ['netns', 'add', ns]);
    net.hosts.set(name, { ns, ip });
    sh('ip', ['link', 'add', veth, 'type', 'veth', 'peer', 'name', 'eth0', 'netns', ns]);
    sh('ip', ['link', 'set', veth, 'master', net.bridge, 'up']);
    sh('ip', ['-n', ns, 'addr', 'add', `${ip}/24`, 'dev', 'eth0']);
    sh('ip', ['-n', ns, 'link', 'set', 'eth0', 'up']);
    sh('ip', ['-n', ns, 'link', 'set', 'lo', 'up']);
  });
  return net;
}

/** Removes the namespaces (their veths go with them) and the bridge; never throws. */
export function dropNet(net: Net): void {
  for (const { ns } of net.hosts.values()) sh('ip', ['netns', 'del', ns], true);
  sh('ip', ['link', 'del', net.bridge], true);
}

/** A TCP forwarder on `listenHost`: each connection piped to `to` (the machine's PostgreSQL on 127.0.0.1). */
export async function forwarder(
  listenHost: string,
  to: { host: string; port: number },
): Promise<{ port: number; close: () => void }> {
  const sockets = new Set<net.Socket>();
  const srv = net.createServer((a) => {
    const b = net.connect(to.port, to.host);
    for (const s of [a, b]) {
      sockets.add(s);
      s.on('close', () => sockets.delete(s));
      s.on('error', () => {
        a.destroy();
        b.destroy();
      });
    }
    a.pipe(b).pipe(a);
  });
  await new Promise<void>((res) => srv.listen(0, listenHost, res));
  return {
    port: (srv.address() as net.AddressInfo).port,
    close: () => {
      srv.close();
      for (const s of sockets) s.destroy();
    },
  };
}

/** A free TCP port on `host`. */
export async function portOn(host: string): Promise<number> {
  const srv = net.createServer();
  await new Promise<void>((res) => srv.listen(0, host, res));
  const { port } = srv.address() as net.AddressInfo;
  await new Promise((res) => srv.close(res));
  return port;
}

/** A process in a host's namespace (`ip netns exec` execs it: the child's pid is the process's own). */
export function spawnIn(
  ns: string | null,
  argv: string[],
  env: NodeJS.ProcessEnv,
  logFile: string,
): ChildProcess {
  const out = fs.openSync(logFile, 'a');
  const [cmd, args] = ns ? ['ip', ['netns', 'exec', ns, ...argv]] : [argv[0]!, argv.slice(1)];
  return spawn(cmd, args, { cwd: root, env, stdio: ['ignore', out, out] });
}

/** Redis for BullMQ, on the bridge only, with a password (protected mode refuses other hosts without), nothing on disk. */
export function startRedis(host: string, port: number, password: string, dir: string): ChildProcess {
  return spawnIn(
    null,
    [
      'redis-server',
      '--bind',
      host,
      '--port',
      String(port),
      '--requirepass',
      password,
      '--save',
      '',
      '--appendonly',
      'no',
      '--dir',
      dir,
    ],
    process.env,
    path.join(dir, 'redis.log'),
  );
}

export const S3 = { bucket: 'yj-bench', accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };

/** s3rver (an S3 protocol peer on files, as the storage test uses) in a process of its own. */
export function startS3(host: string, port: number, dir: string): ChildProcess {
  const code = `import S3rver from 's3rver';
await new S3rver({ address: ${JSON.stringify(host)}, port: ${port}, silent: true, directory: ${JSON.stringify(dir)},
  configureBuckets: [{ name: ${JSON.stringify(S3.bucket)} }] }).run();`;
  return spawnIn(
    null,
    [process.execPath, '--input-type=module', '-e', code],
    process.env,
    path.join(dir, '..', 's3rver.log'),
  );
}

/** A self-signed certificate for the front's HTTPS (a bureau uses its own; docs/DEPLOY.md). */
export function selfSigned(dir: string): { cert: string; key: string } {
  const cert = path.join(dir, 'front.crt');
  const key = path.join(dir, 'front.key');
  sh('openssl', [
    'req',
    '-x509',
    '-newkey',
    'rsa:2048',
    '-nodes',
    '-days',
    '2',
    '-subj',
    '/CN=yuejuan.local',
    '-keyout',
    key,
    '-out',
    cert,
  ]);
  return { cert, key };
}

/**
 * The front's configuration: docs/DEPLOY.md's nginx site with this run's addresses, plus what a foreground
 * nginx of an unprivileged folder needs (pid, logs, temp paths). A connection refused or timed out moves the
 * request to the next API host (nginx never resends a POST that reached a host: `non_idempotent` is not set).
 */
export function nginxConfig(o: {
  dir: string;
  listen: string;
  cert: string;
  key: string;
  upstreams: string[];
}): string {
  const temp = ['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi']
    .map((k) => `  ${k}_temp_path ${path.join(o.dir, `${k}-temp`)};`)
    .join('\n');
  return `worker_processes 1;
daemon off;
pid ${path.join(o.dir, 'nginx.pid')};
error_log ${path.join(o.dir, 'nginx-error.log')} warn;
events { worker_connections 4096; }
http {
  access_log off;
${temp}
  upstream yuejuan_api {
${o.upstreams.map((u) => `    server ${u} max_fails=1 fail_timeout=10s;`).join('\n')}
    keepalive 64;
  }
  server {
    listen ${o.listen} ssl;
    ssl_certificate ${o.cert};
    ssl_certificate_key ${o.key};
    ssl_protocols TLSv1.2 TLSv1.3;
    client_max_body_size 512m;
    location / {
      proxy_pass http://yuejuan_api;
      proxy_http_version 1.1;
      proxy_set_header Connection "";
      proxy_set_header Host $host;
      proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
      proxy_set_header X-Forwarded-Proto $scheme;
      proxy_next_upstream error timeout;
      proxy_connect_timeout 2s;
      proxy_read_timeout 120s;
      proxy_request_buffering off;
    }
  }
}
`;
}

/** nginx in the foreground on `conf`, after `nginx -t` accepts it. */
export function startNginx(dir: string, conf: string): ChildProcess {
  const file = path.join(dir, 'nginx.conf');
  fs.writeFileSync(file, conf);
  sh('nginx', ['-t', '-q', '-c', file, '-e', path.join(dir, 'nginx-error.log')]);
  return spawnIn(
    null,
    ['nginx', '-c', file, '-e', path.join(dir, 'nginx-error.log')],
    process.env,
    path.join(dir, 'nginx.out'),
  );
}

/** docs/DEPLOY.md "adding an API host": the new upstream list written, checked, and nginx told to reload. */
export function reloadNginx(dir: string, conf: string): void {
  const file = path.join(dir, 'nginx.conf');
  fs.writeFileSync(file, conf);
  const e = path.join(dir, 'nginx-error.log');
  sh('nginx', ['-t', '-q', '-c', file, '-e', e]);
  sh('nginx', ['-s', 'reload', '-c', file, '-e', e]);
}

/** The CPU seconds of a process so far, read now and again: a killed process keeps its last reading. */
export function cpuMeter(pids: () => number[]): { sample: () => void; total: () => number } {
  const last = new Map<number, number>();
  const sample = () => {
    for (const pid of pids()) {
      try {
        const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
        const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
        last.set(pid, (Number(f[11]) + Number(f[12])) / 100);
      } catch {
        // gone: its last reading stays
      }
    }
  };
  return { sample, total: () => [...last.values()].reduce((a, b) => a + b, 0) };
}

/** The backends serving `database`, their CPU read every second (a backend that ends keeps its last reading). */
export function pgMeter(url: string, database: string) {
  const pids = new Set<number>();
  const meter = cpuMeter(() => [...pids]);
  const c = new pg.Client({ connectionString: url });
  let timer: NodeJS.Timeout | null = null;
  const poll = async () => {
    const r = await c.query<{ pid: number }>(
      'select pid from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()',
      [database],
    );
    for (const row of r.rows) pids.add(row.pid);
    meter.sample();
  };
  return {
    async start() {
      await c.connect();
      await poll();
      const base = meter.total();
      timer = setInterval(() => void poll().catch(() => {}), 1000);
      return base;
    },
    async stop(): Promise<number> {
      if (timer) clearInterval(timer);
      await poll();
      await c.end();
      return meter.total();
    },
  };
}
