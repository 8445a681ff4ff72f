import { randomBytes } from 'node:crypto';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { Code, type FieldError } from '@yj/contracts';
import { AppError } from '../errors';

/** Short random id that ties a 500 on the user's screen to the log line. */
export const newTraceId = (): string => randomBytes(8).toString('hex');

/** Field errors answered at most: a list of 100,000 bad items needs no 100,000 messages to be fixed. */
const MAX_FIELD_ERRORS = 20;

function fieldErrors(err: FastifyError): FieldError[] {
  if (!hasZodFastifySchemaValidationErrors(err)) return [];
  return err.validation.slice(0, MAX_FIELD_ERRORS).map((v) => ({
    field: v.instancePath.replace(/^\//, '').replaceAll('/', '.') || (err.validationContext ?? 'body'),
    message: v.message ?? '不合法',
  }));
}

/**
 * Errors the router raises before any route runs (a path segment over maxParamLength, a malformed
 * percent-escape): Fastify's own body would echo the URL back, so they answer the envelope too.
 */
export function frameworkErrors(error: FastifyError, _request: FastifyRequest, reply: FastifyReply) {
  if (error.code === 'FST_ERR_MAX_PARAM_LENGTH') {
    return reply.status(414).send({ code: Code.fail, message: '请求地址过长', data: null });
  }
  if (error.code === 'FST_ERR_BAD_URL') {
    return reply.status(400).send({ code: Code.fail, message: '请求地址无效', data: null });
  }
  return reply.status(500).send({ code: Code.fail, message: '服务器内部错误，请稍后重试', data: null });
}

/** Message of a multipart body that ended mid-part (a dropped connection, a cancelled upload). */
export const BROKEN_UPLOAD = '上传中断，请重新上传';

/** The multipart parser's ways of saying the body stopped before its closing boundary. */
export function isBrokenUpload(err: { code?: string; message?: string }): boolean {
  return (
    err.code === 'FST_MP_PREMATURE_CLOSE' ||
    err.message === 'Unexpected end of multipart data' ||
    (err.message ?? '').endsWith('terminated early due to unexpected end of multipart data')
  );
}

/**
 * PostgreSQL's SQLSTATE class 22 (data exception: a number out of range, a NUL in text, text that is no
 * number) means the input reached the database unchecked. Schemas are the place to refuse it; this is the
 * last line of defence, so such a slip is a parameter error for the user and a warning in the log, not a 500.
 * Drizzle wraps the driver's error, so the code may sit on `cause`.
 */
function isDataException(error: unknown): boolean {
  for (let e = error, depth = 0; e && typeof e === 'object' && depth < 3; depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && /^22[0-9A-Z]{3}$/.test(code)) return true;
    e = (e as { cause?: unknown }).cause;
  }
  return false;
}

/** The one error handler: every failure becomes the {code, message, data} envelope of DESIGN.md §7. */
export function registerEnvelope(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    if (error instanceof AppError) {
      const body: Record<string, unknown> = { code: error.code, message: error.message, data: error.data };
      if (error.errCode !== undefined) body.errCode = error.errCode;
      else if (error.code === Code.smsQuota) body.errCode = Code.smsQuota;
      return reply.status(error.status).send(body);
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const data = fieldErrors(error);
      const first = data[0];
      const message = first ? `参数错误：${first.field} ${first.message}` : '参数错误';
      return reply.status(200).send({ code: Code.fail, message, data });
    }
    if (error.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || error.code === 'FST_ERR_CTP_EMPTY_JSON_BODY') {
      return reply.status(200).send({
        code: Code.fail,
        message: '请求内容不是合法的 JSON',
        data: [{ field: 'body', message: '不是合法的 JSON' }],
      });
    }
    if (isBrokenUpload(error)) {
      return reply.status(400).send({ code: Code.fail, message: BROKEN_UPLOAD, data: null });
    }
    if (error.statusCode === 413 || error.code === 'FST_REQ_FILE_TOO_LARGE') {
      return reply.status(413).send({ code: Code.fail, message: '上传内容过大', data: null });
    }
    if (error.statusCode === 429) {
      return reply.status(429).send({ code: Code.fail, message: '操作过于频繁，请稍后再试', data: null });
    }
    if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      return reply.status(error.statusCode).send({ code: Code.fail, message: '请求无效', data: null });
    }
    const traceId = String(request.id);
    if (isDataException(error)) {
      request.log.warn({ err: error, traceId }, 'input refused by the database: a schema lets it through');
      return reply.status(200).send({ code: Code.fail, message: '参数错误', data: [] });
    }
    request.log.error({ err: error, traceId }, 'unhandled error');
    return reply
      .status(500)
      .send({ code: Code.fail, message: '服务器内部错误，请稍后重试', data: null, traceId });
  });
}
