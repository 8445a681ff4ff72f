import type { NeedBindPhone, NeedChangePassword } from '@yj/contracts';
import { errorText } from '../../api/classify-error';
import { isRecord } from '../../api/errors';

/** What a refused login means for the login screen. */
export type LoginRefusal =
  | { kind: 'changePassword'; changeToken: string; text: string }
  | { kind: 'bindPhone'; bindToken: string; text: string }
  | { kind: 'captcha'; text: string }
  | { kind: 'error'; text: string };

function isNeedChange(data: unknown): data is NeedChangePassword {
  return isRecord(data) && data.needChangePwd === true && typeof data.changeToken === 'string';
}

function isNeedBind(data: unknown): data is NeedBindPhone {
  return isRecord(data) && data.captchaType === 'bindPhone' && typeof data.bindToken === 'string';
}

/** Sorts a rejected login: forced password change, phone to bind, captcha required, or a message to show inline. */
export function readLoginRefusal(e: unknown): LoginRefusal {
  if (!isRecord(e)) return { kind: 'error', text: '登录失败，请稍后重试' };
  // HTTP failures carry the envelope as data; business failures are the envelope.
  const env = 'message' in e || !isRecord(e.data) ? e : e.data;
  const text = errorText(env);
  if (isNeedChange(env.data)) return { kind: 'changePassword', changeToken: env.data.changeToken, text };
  if (isNeedBind(env.data)) return { kind: 'bindPhone', bindToken: env.data.bindToken, text };
  if (isRecord(env.data) && typeof env.data.url === 'string' && env.data.url.startsWith('data:'))
    return { kind: 'captcha', text };
  const traceId = typeof env.traceId === 'string' ? `（错误编号：${env.traceId}）` : '';
  return { kind: 'error', text: text + traceId };
}
