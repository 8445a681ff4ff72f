import { randomBytes } from 'node:crypto';
import type { Duplex } from 'node:stream';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { Code, type FieldError, type FixedFailureKind } from '@yj/contracts';
import { AppError, fail } from '../errors';

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

/**
 * Errors Node's HTTP parser meets before Fastify sees a request (a request line or headers over 16 KB, a malformed
 * request, a timeout): Fastify would write its own English JSON on the socket, so the envelope is written here.
 */
export function clientErrorHandler(err: Error & { code?: string }, socket: Duplex): void {
  const [status, reason, message] =
    err.code === 'HPE_HEADER_OVERFLOW'
      ? [431, 'Request Header Fields Too Large', '请求地址或请求头过长']
      : err.code === 'ERR_HTTP_REQUEST_TIMEOUT'
        ? [408, 'Request Timeout', '请求超时，请重试']
        : [400, 'Bad Request', '请求无效'];
  // a reset or closed connection has nobody to answer
  if (err.code === 'ECONNRESET' || !socket.writable) {
    socket.destroy(err);
    return;
  }
  const body = JSON.stringify({ code: Code.fail, message, data: null });
  socket.end(
    `HTTP/1.1 ${status} ${reason}\r\nConnection: close\r\nContent-Type: application/json; charset=utf-8\r\n` +
      `Content-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`,
  );
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

/**
 * A unique index refused a row (SQLSTATE 23505): two identical requests at once (a double click) both passed the
 * service's check before either wrote. The refusal the service gives the second of two sequential requests, by
 * the index that said no: one table here, not a catch in every route. Null for any other error.
 */
const UNIQUE_REFUSALS: Record<string, FixedFailureKind> = {
  student_school_xuehao_uq: 'takenXuehao',
  user_phone_uq: 'takenPhone',
  // accounts are made under their phone number (teachers, administrators): the account index says no first
  user_account_uq: 'takenPhone',
  teacher_school_user_uq: 'takenTeacherInSchool',
  teacher_class_uq: 'takenTeacherClass',
  school_admin_uq: 'takenSchoolAdmin',
  school_code_uq: 'takenSchoolCode',
  examinee_exam_kaohao_uq: 'takenKaohao',
  examinee_exam_student_uq: 'takenExamineeStudent',
  question_subject_no_uq: 'takenQuestionNo',
  analysis_group_name_uq: 'takenGroupName',
};
function uniqueRefusal(error: unknown): AppError | null {
  for (let e = error, depth = 0; e && typeof e === 'object' && depth < 3; depth++) {
    const { code, constraint } = e as { code?: unknown; constraint?: unknown };
    if (code === '23505')
      return fail((typeof constraint === 'string' && UNIQUE_REFUSALS[constraint]) || 'takenMeanwhile');
    e = (e as { cause?: unknown }).cause;
  }
  return null;
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
    const taken = uniqueRefusal(error);
    if (taken) {
      request.log.info({ traceId }, `unique key taken by a request meanwhile: ${taken.message}`);
      return reply
        .status(200)
        .send({ code: taken.code, message: taken.message, data: null, errCode: taken.errCode });
    }
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
