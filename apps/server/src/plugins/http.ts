import type { FastifyReply, FastifyRequest } from 'fastify';
import type { RequestMeta } from '../modules/auth/auth.service';
import { SESSION_COOKIE } from './auth';

/** The success envelope. */
export const ok = <T>(data: T): { code: 0; message: string; data: T } => ({ code: 0, message: 'success', data });

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
export function setSessionCookies(reply: FastifyReply, req: FastifyRequest, token: string, schoolId: number | null, maxAgeMs: number) {
  const secure = req.protocol === 'https';
  const maxAge = Math.floor(maxAgeMs / 1000);
  reply.setCookie(SESSION_COOKIE, token, { path: '/', httpOnly: true, sameSite: 'lax', secure, maxAge });
  if (schoolId !== null) reply.setCookie('schoolId', String(schoolId), { path: '/', sameSite: 'lax', secure, maxAge });
}

export function clearSessionCookies(reply: FastifyReply) {
  reply.clearCookie(SESSION_COOKIE, { path: '/' });
  reply.clearCookie('schoolId', { path: '/' });
}
