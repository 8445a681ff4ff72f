import type { FastifyRequest } from 'fastify';

// The spec's reset call carries the new password in its query string (GET /password/reset?…&password=),
// and the verify call the SMS code: any parameter whose name looks secret is replaced before logging.
const SECRET_PARAM = /pass|pwd|token|code|captcha|key|secret|sid/i;
const HIDDEN = '***';

/** The URL as it may be logged: the path, and the query with secret-looking values replaced. */
export function redactUrl(url: string): string {
  const q = url.indexOf('?');
  if (q < 0) return url;
  const pairs = [...new URLSearchParams(url.slice(q + 1))].map(
    ([k, v]) => `${encodeURIComponent(k)}=${SECRET_PARAM.test(k) ? HIDDEN : encodeURIComponent(v)}`,
  );
  return `${url.slice(0, q)}?${pairs.join('&')}`;
}

/** pino serializers for Fastify's request log lines: Fastify's own shape, with the URL redacted. */
export const logSerializers = {
  req(req: FastifyRequest) {
    return {
      method: req.method,
      url: redactUrl(req.url),
      host: req.host,
      remoteAddress: req.ip,
      remotePort: req.socket?.remotePort,
    };
  },
};
