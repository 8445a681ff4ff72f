import type { FieldError } from '@yj/contracts';
import { SESSION_CODES, SMS_QUOTA_CODE } from './constants';
import { failureOf, isCancelled, isRecord } from './errors';

export const SMS_QUOTA_TEXT = '该手机号今日验证码次数已用完，请明天再试';
export const DEFAULT_ERROR_TEXT = '操作未成功，请稍后重试';
/** HTTP 429 from the rate limiter, whose own message is English. */
export const TOO_FAST_TEXT = '操作过于频繁，请稍后再试';

/** What the global handler should do with a rejection (spec §8), decided without touching the UI. */
export type ErrorAction =
  | { kind: 'silent' }
  | { kind: 'session' }
  | { kind: 'fieldErrors'; errors: FieldError[] }
  | { kind: 'smsQuota'; text: string }
  | { kind: 'pictureCaptcha'; url: string; verifyKey: string; text: string; warn: boolean }
  | { kind: 'phoneCaptcha'; text: string; data: Record<string, unknown> }
  | { kind: 'alert'; title: string; text: string; traceId?: string }
  /** 系统维护 refused the call: the banner says why, a short notice says it again for the action just tried */
  | { kind: 'maintenance'; text: string };

const CHINESE = /[\u4e00-\u9fa5]/;

/** An HttpError (spec §8) is `{code: status, data: body}`: it alone has no message field. */
function httpStatusOf(e: Record<string, unknown>): number | undefined {
  return typeof e.code === 'number' && !('message' in e) ? e.code : undefined;
}

/** The envelope inside a rejection: the rejection itself, or for HTTP errors the body it carries. */
function envelopeOf(e: Record<string, unknown>): Record<string, unknown> {
  return httpStatusOf(e) !== undefined && isRecord(e.data) ? e.data : e;
}

function num(v: unknown): number | undefined {
  return typeof v === 'number' ? v : undefined;
}

function isFieldErrorList(v: unknown): v is FieldError[] {
  return Array.isArray(v) && v.length > 0 && v.every((x) => isRecord(x) && typeof x.message === 'string');
}

/** Chinese data text, else Chinese message text, else the default (spec §8). */
export function errorText(env: Record<string, unknown>): string {
  if (typeof env.data === 'string' && CHINESE.test(env.data)) return env.data;
  if (typeof env.message === 'string' && CHINESE.test(env.message)) return env.message;
  return DEFAULT_ERROR_TEXT;
}

export function classifyError(e: unknown): ErrorAction {
  if (!isRecord(e) || isCancelled(e)) return { kind: 'silent' };
  const httpStatus = httpStatusOf(e);
  const env = envelopeOf(e);
  const code = num(env.code);
  const subCode = num(env.errorCode) ?? num(env.errCode);
  if (code !== undefined && SESSION_CODES.includes(code)) return { kind: 'session' };
  if (code === 1 && subCode !== undefined && SESSION_CODES.includes(subCode)) return { kind: 'session' };
  if (isFieldErrorList(env.data)) return { kind: 'fieldErrors', errors: env.data };
  if (subCode === SMS_QUOTA_CODE || code === SMS_QUOTA_CODE)
    return { kind: 'smsQuota', text: SMS_QUOTA_TEXT };
  const data = isRecord(env.data) ? env.data : undefined;
  if (data && (data.captchaType === 'phoneCaptcha' || data.captchaType === 'bindPhone')) {
    return { kind: 'phoneCaptcha', text: errorText(env), data };
  }
  if (data && typeof data.url === 'string' && data.url.startsWith('data:')) {
    return {
      kind: 'pictureCaptcha',
      url: data.url,
      verifyKey: String(data.verifyKey ?? ''),
      text: errorText(env),
      // the text is worth a warning above the picture unless it only asks for the captcha
      warn: failureOf(env) !== 'pictureCaptchaRequired',
    };
  }
  const text =
    httpStatus === 429 && !CHINESE.test(String(env.message ?? '')) ? TOO_FAST_TEXT : errorText(env);
  // Spec §8 names this one refusal (当前科目状态不允许此操作); it is an expected state conflict, not a fault.
  // 系统维护's refusals are expected too: the banner across the top already says why.
  const failure = failureOf(env);
  if (failure === 'envFlagWritesPaused' || failure === 'envFlagClosed') return { kind: 'maintenance', text };
  if (failure === 'subjectStateForbids' || failure === 'subjectStateForbidsNamed')
    return { kind: 'alert', title: '提示', text };
  const traceId = typeof env.traceId === 'string' ? env.traceId : undefined;
  if (traceId) {
    const serverFault = (httpStatus ?? 0) >= 500 || (code ?? 0) >= 500;
    return { kind: 'alert', title: serverFault ? '出错了' : '提示', text, traceId };
  }
  return { kind: 'alert', title: '出错了', text };
}
