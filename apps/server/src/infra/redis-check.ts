import { sql } from 'drizzle-orm';
import { rowsOf, type Db } from './db';
import { ioredis } from './redis-lazy';

/** Redis refused this process at start (wrong password, nothing listening): the server stops with the reason. */
export class RedisUnavailableError extends Error {}

/** REDIS_URL as it may be printed: the password hidden. */
export function shownRedisUrl(url: string): string {
  try {
    const u = new URL(url);
    if (u.password) u.password = '***';
    return u.toString();
  } catch {
    return '(无法解析 / unparsable)';
  }
}

function reason(err: Error | undefined): { zh: string; en: string } {
  const text = `${(err as { code?: string } | undefined)?.code ?? ''} ${err?.message ?? ''}`;
  if (/WRONGPASS|NOAUTH|invalid password|invalid username-password|AUTH/i.test(text))
    return { zh: '认证失败（密码或用户名不对）', en: 'authentication failed (wrong password or user)' };
  return { zh: '无法连接（地址、端口或网络不通）', en: 'unreachable (host, port or network)' };
}

/**
 * Connects once to REDIS_URL and pings, giving up at once: BullMQ's own connections retry forever, so a refused
 * password or a wrong port would otherwise leave the server waiting, printing connection errors, never saying why.
 */
export async function checkRedis(url: string, timeoutMs = 5000): Promise<void> {
  const redis = new (ioredis().Redis)(url, {
    lazyConnect: true,
    connectTimeout: timeoutMs,
    maxRetriesPerRequest: 0,
    enableOfflineQueue: false,
    retryStrategy: () => null,
  });
  let last: Error | undefined;
  redis.on('error', (err: Error) => void (last = err));
  try {
    await redis.connect();
    await redis.ping();
  } catch (err) {
    const why = reason(last ?? (err as Error));
    throw new RedisUnavailableError(
      `Redis 不可用：REDIS_URL=${shownRedisUrl(url)} ${why.zh}。${(last ?? (err as Error)).message}\n` +
        `Redis unavailable: REDIS_URL=${shownRedisUrl(url)} ${why.en}.`,
    );
  } finally {
    redis.disconnect();
  }
}

/**
 * This installation's key in a shared Redis: the PostgreSQL cluster's system identifier (random at initdb) and
 * the database's oid. Every host of one installation reads the same; two installations never do, even two
 * databases of one cluster, or two fresh clusters that number their databases (and pages) alike. A database
 * restored elsewhere is a new installation: its unfinished pages are queued again at start (scan resume).
 */
export async function installationKey(db: Db): Promise<string> {
  const [d] = rowsOf<{ oid: string | number }>(
    await db.execute(sql`select oid::text as oid from pg_database where datname = current_database()`),
  );
  let cluster = '0';
  try {
    const [c] = rowsOf<{ id: string }>(
      await db.execute(sql`select system_identifier::text as id from pg_control_system()`),
    );
    cluster = c?.id ?? '0';
  } catch {
    // a managed PostgreSQL may refuse the control functions: the database oid alone then tells them apart
  }
  return `${cluster}-${d?.oid ?? '0'}`;
}
