import { type FixedFailureKind } from '@yj/contracts';
import { createWriteStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { AppError, fail, failStatus } from '../errors';
import type { Actor } from '../lib/actor';
import { workLimiter } from '../lib/work-limiter';
import type { RequestMeta } from '../modules/auth/auth.service';
import { SESSION_COOKIE } from './auth';
import { isBrokenUpload } from './envelope';

/** The success envelope. */
export const ok = <T>(data: T): { code: 0; message: string; data: T } => ({
  code: 0,
  message: 'success',
  data,
});

/** The signed-in user and address of a request, for services that audit what they change. */
export const actorOf = (req: FastifyRequest): Actor => ({ userId: authOf(req).userId, ip: req.ip ?? null });

export const metaOf = (req: FastifyRequest): RequestMeta => ({
  ip: req.ip ?? null,
  userAgent: req.headers['user-agent']?.slice(0, 300) ?? null,
});

/** The signed-in session of a route that requires one (the auth hook guarantees it). */
export function authOf(req: FastifyRequest) {
  if (!req.auth) throw new Error('route without session reached its handler');
  return req.auth;
}

/**
 * True when the browser reached us over HTTPS: directly, or through a TLS proxy that says so. Without
 * TRUST_PROXY req.protocol ignores the proxy's header, which left the session cookie without Secure behind
 * one. Believing the header for this alone is harmless: a plain-HTTP client that forges it only loses its
 * own cookie.
 */
function overHttps(req: FastifyRequest): boolean {
  if (req.protocol === 'https') return true;
  const xfp = req.headers['x-forwarded-proto'];
  const first = (Array.isArray(xfp) ? xfp[0] : xfp)?.split(',')[0]?.trim().toLowerCase();
  return first === 'https' || /(^|[;,\s])proto=https\b/i.test(req.headers.forwarded ?? '');
}

/** yx_sid (HttpOnly) carries the session; schoolId is readable by the web (spec §4). */
export function setSessionCookies(
  reply: FastifyReply,
  req: FastifyRequest,
  token: string,
  schoolId: number | null,
  maxAgeMs: number,
) {
  const secure = overHttps(req);
  const maxAge = Math.floor(maxAgeMs / 1000);
  reply.setCookie(SESSION_COOKIE, token, { path: '/', httpOnly: true, sameSite: 'lax', secure, maxAge });
  if (schoolId !== null)
    reply.setCookie('schoolId', String(schoolId), { path: '/', sameSite: 'lax', secure, maxAge });
}

export function clearSessionCookies(reply: FastifyReply) {
  reply.clearCookie(SESSION_COOKIE, { path: '/' });
  reply.clearCookie('schoolId', { path: '/' });
}

/** Reads the one uploaded file of a multipart request; refuses a missing file or one over the limit with `tooBig`. */
export async function readUpload(
  req: FastifyRequest,
  maxBytes: number,
  missing: FixedFailureKind,
  tooBig: FixedFailureKind,
): Promise<Buffer> {
  if (!req.isMultipart()) throw fail(missing);
  const file = await req.file({ limits: { fileSize: maxBytes, files: 1 } });
  if (!file) throw fail(missing);
  const body = await file.toBuffer().catch((err: Error) => {
    if (isBrokenUpload(err)) throw err;
    return null;
  });
  if (!body || file.file.truncated) throw fail(tooBig);
  return body;
}

/** Files of a multipart upload, streamed to a temporary folder as they arrive (never whole in memory). */
export interface SavedUpload {
  files: Array<{ name: string; path: string }>;
  fields: Record<string, string>;
  /** removes the temporary files: call when the request is done with them */
  cleanup(): Promise<void>;
}

export interface UploadLimits {
  files: number;
  fileBytes: number;
  totalBytes: number;
  /** failures for the sizes (too many files is uploadTooManyFiles) */
  fileTooBig: FixedFailureKind;
  totalTooBig: FixedFailureKind;
}

/** Reads the files (in order) and text fields of a multipart upload, each file streamed to disk. */
export async function saveUploads(req: FastifyRequest, limits: UploadLimits): Promise<SavedUpload> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'yj-upload-'));
  const cleanup = () => rm(dir, { recursive: true, force: true });
  const files: SavedUpload['files'] = [];
  const fields: Record<string, string> = {};
  let total = 0;
  try {
    for await (const part of req.parts({ limits: { files: limits.files, fileSize: limits.fileBytes } })) {
      if (part.type === 'field') {
        fields[part.fieldname] = String(part.value);
        continue;
      }
      const file = path.join(dir, String(files.length));
      part.file.on('data', (chunk: Buffer) => {
        total += chunk.length;
        if (total > limits.totalBytes) part.file.destroy(fail(limits.totalTooBig));
      });
      await pipeline(part.file, createWriteStream(file));
      if (part.file.truncated) throw fail(limits.fileTooBig);
      files.push({ name: part.filename || `${files.length + 1}`, path: file });
    }
    return { files, fields, cleanup };
  } catch (err) {
    await cleanup();
    const code = (err as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw fail(limits.fileTooBig);
    if (code === 'FST_FILES_LIMIT') throw fail('uploadTooManyFiles', { max: limits.files });
    throw err;
  }
}

/**
 * Heavy upload work (unpacking, rendering, decoding, storing pages) in the whole process: two at once, or one per
 * core on larger machines, and one per user; the rest wait. Bounds what uploads take of memory and CPU together.
 */
const heavyWork = workLimiter(Math.max(2, os.availableParallelism()), 1);

/** Runs `work` in the heavy-work limiter under the signed-in user; given up while waiting when `signal` aborts. */
export const heavy = <T>(req: FastifyRequest, work: () => Promise<T>, signal?: AbortSignal): Promise<T> =>
  heavyWork.run(authOf(req).userId, work, signal).catch((err: unknown) => {
    // left the line: nobody reads the answer, the error only unwinds the request
    if (signal?.aborted && !(err instanceof AppError)) throw failStatus('requestCancelled', 499);
    throw err;
  });

/**
 * Aborts when the client goes away before its answer is sent (a closed tab, a dropped connection): work done only
 * for that answer, such as rendering an uploaded PDF, stops there instead of running on for nobody.
 */
export function abandonedSignal(reply: FastifyReply): AbortSignal {
  const gone = new AbortController();
  reply.raw.once('close', () => {
    if (!reply.raw.writableFinished) gone.abort();
  });
  return gone.signal;
}
