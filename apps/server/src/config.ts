import path from 'node:path';
import { z } from 'zod';
import { passwordProblem } from '@yj/contracts';
import type { S3Options } from './infra/storage';
import { SERVER_ROOT } from './server-root';

const bool = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((v) => v === 'true' || v === '1' || v === 'yes');

const envSchema = z.object({
  PORT: z.coerce.number().int().min(1).max(65535).default(8080),
  HOST: z.string().min(1).default('0.0.0.0'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, '须以 postgres:// 或 postgresql:// 开头')
    .optional(),
  REDIS_URL: z
    .string()
    .regex(/^rediss?:\/\//, '须以 redis:// 或 rediss:// 开头')
    .optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** auto: seed the demo school on the embedded database only */
  DEMO_DATA: z.enum(['auto', 'true', 'false']).default('auto'),
  /** the password rule, with the demo accounts' names (admin, the 138… phones) as the account */
  DEMO_PASSWORD: z
    .string()
    .superRefine((v, ctx) => {
      const problem = passwordProblem(v, ['admin', '13800000']);
      if (problem) ctx.addIssue({ code: 'custom', message: problem });
    })
    .optional(),
  SESSION_IDLE_HOURS: z.coerce
    .number()
    .int()
    .min(1)
    .max(24 * 90)
    .default(168),
  /** however active, a session ends this many days after sign-in */
  SESSION_MAX_DAYS: z.coerce.number().int().min(1).max(365).default(30),
  /**
   * a session and its grants are reused this long by the process that read them (0: read on every request);
   * a sign-out or any change through this process forgets them at once, another process within this time
   */
  SESSION_CACHE_MS: z.coerce.number().int().min(0).max(10_000).default(2_000),
  /**
   * 系统维护: how often each process reads the flag again (a flag set or cleared through another process reaches
   * this one within this time; through this one, at once); 0: only at start and on its own changes
   */
  ENV_FLAG_REFRESH_MS: z.coerce.number().int().min(0).max(60_000).default(5_000),
  TRUST_PROXY: bool.default(false),
  WEB_DIST: z.string().min(1).default(''),
  /**
   * JPEG decode of scanned pages: unset, native libjpeg-turbo where it loads (WebAssembly elsewhere); wasm always
   * WebAssembly. Read where pages are decoded (@yj/omr jpeg.ts, in every thread); checked here so a typo stops
   * the start instead of being ignored.
   */
  YJ_JPEG_DECODER: z.enum(['native', 'wasm']).optional(),
  /** log: codes are written to the server log (no SMS gateway configured) */
  SMS_PROVIDER: z.enum(['log']).default('log'),
  /** S3-compatible object store for uploaded files; all four of endpoint, bucket and keys, or none */
  S3_ENDPOINT: z.url({ message: '须为 http(s):// 地址' }).optional(),
  S3_REGION: z.string().min(1).default('us-east-1'),
  S3_BUCKET: z.string().min(3).optional(),
  S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  S3_FORCE_PATH_STYLE: bool.default(true),
  SMS_DAILY_LIMIT: z.coerce.number().int().min(1).max(100).default(5),
  /** sign-in, captcha and SMS calls per minute per client address */
  LOGIN_RATE_LIMIT: z.coerce.number().int().min(1).max(100_000).default(30),
});

export type Env = z.infer<typeof envSchema>;

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  redisUrl: string | undefined;
  logLevel: Env['LOG_LEVEL'];
  seedDemo: boolean;
  demoPassword: string | undefined;
  sessionIdleMs: number;
  sessionMaxMs: number;
  sessionCacheMs: number;
  envFlagRefreshMs: number;
  trustProxy: boolean;
  webDist: string;
  smsProvider: Env['SMS_PROVIDER'];
  smsDailyLimit: number;
  loginRateLimit: number;
  s3: S3Options | null;
}

export class ConfigError extends Error {}

const repoRoot = path.resolve(SERVER_ROOT, '../..');

/** Reads and validates process.env once; the only place that touches it. Throws ConfigError with every bad variable named. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`配置错误 (environment variables):\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  const s3Vars = [e.S3_ENDPOINT, e.S3_BUCKET, e.S3_ACCESS_KEY_ID, e.S3_SECRET_ACCESS_KEY];
  if (s3Vars.some(Boolean) && !s3Vars.every(Boolean)) {
    throw new ConfigError(
      '配置错误 (environment variables):\n  S3_*: S3_ENDPOINT、S3_BUCKET、S3_ACCESS_KEY_ID、S3_SECRET_ACCESS_KEY 须同时设置',
    );
  }
  const dataDir = path.resolve(e.DATA_DIR);
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir,
    databaseUrl: e.DATABASE_URL,
    redisUrl: e.REDIS_URL,
    logLevel: e.LOG_LEVEL,
    seedDemo: e.DEMO_DATA === 'auto' ? !e.DATABASE_URL : e.DEMO_DATA === 'true',
    demoPassword: e.DEMO_PASSWORD,
    sessionIdleMs: e.SESSION_IDLE_HOURS * 3600_000,
    sessionMaxMs: e.SESSION_MAX_DAYS * 24 * 3600_000,
    sessionCacheMs: e.SESSION_CACHE_MS,
    envFlagRefreshMs: e.ENV_FLAG_REFRESH_MS,
    trustProxy: e.TRUST_PROXY,
    webDist: e.WEB_DIST ? path.resolve(e.WEB_DIST) : path.join(repoRoot, 'apps/web/dist'),
    smsProvider: e.SMS_PROVIDER,
    smsDailyLimit: e.SMS_DAILY_LIMIT,
    loginRateLimit: e.LOGIN_RATE_LIMIT,
    s3: e.S3_ENDPOINT
      ? {
          endpoint: e.S3_ENDPOINT,
          region: e.S3_REGION,
          bucket: e.S3_BUCKET!,
          accessKeyId: e.S3_ACCESS_KEY_ID!,
          secretAccessKey: e.S3_SECRET_ACCESS_KEY!,
          forcePathStyle: e.S3_FORCE_PATH_STYLE,
        }
      : null,
  };
}
