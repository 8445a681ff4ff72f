import { randomBytes } from 'node:crypto';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { Code, type FieldError } from '@yj/contracts';
import { AppError } from '../errors';

/** Short random id that ties a 500 on the user's screen to the log line. */
export const newTraceId = (): string => randomBytes(8).toString('hex');

function fieldErrors(err: FastifyError): FieldError[] {
  if (!hasZodFastifySchemaValidationErrors(err)) return [];
  return err.validation.map((v) => ({
    field: v.instancePath.replace(/^\//, '').replaceAll('/', '.') || (err.validationContext ?? 'body'),
    message: v.message ?? '不合法',
  }));
}

/** The one error handler: every failure becomes the {code, message, data} envelope of DESIGN.md §7. */
export function registerEnvelope(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    if (error instanceof AppError) {
      const body: Record<string, unknown> = { code: error.code, message: error.message, data: error.data };
      if (error.code === Code.smsQuota) body.errCode = Code.smsQuota;
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
    request.log.error({ err: error, traceId }, 'unhandled error');
    return reply
      .status(500)
      .send({ code: Code.fail, message: '服务器内部错误，请稍后重试', data: null, traceId });
  });
}
