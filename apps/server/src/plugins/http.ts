import type { FastifyReply, FastifyRequest } from 'fastify';
import { fail } from '../errors';
import type { Actor } from '../lib/actor';
import type { RequestMeta } from '../modules/auth/auth.service';
import { SESSION_COOKIE } from './auth';

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

/** yx_sid (HttpOnly) carries the session; schoolId is readable by the web (spec §4). */
export function setSessionCookies(
  reply: FastifyReply,
  req: FastifyRequest,
  token: string,
  schoolId: number | null,
  maxAgeMs: number,
) {
  const secure = req.protocol === 'https';
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
  what: string,
  tooBig: string,
): Promise<Buffer> {
  if (!req.isMultipart()) throw fail(`请上传${what}`);
  const file = await req.file({ limits: { fileSize: maxBytes, files: 1 } });
  if (!file) throw fail(`请上传${what}`);
  const body = await file.toBuffer().catch(() => null);
  if (!body || file.file.truncated) throw fail(tooBig);
  return body;
}
