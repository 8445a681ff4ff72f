import { createRequire } from 'node:module';
import type * as BullMQ from 'bullmq';
import type * as IORedis from 'ioredis';

// bullmq and ioredis hold ~30 MB once loaded: a server without REDIS_URL (the school PC) never loads them.
// Loaded synchronously on first use because the queue and the rate limiter are built synchronously.
const load = createRequire(import.meta.url);

export function bullmq(): typeof BullMQ {
  return load('bullmq') as typeof BullMQ;
}

export function ioredis(): typeof IORedis {
  return load('ioredis') as typeof IORedis;
}
