import { uiApi } from '../app/ui-bridge';
import { askPhoneCode, askPictureCaptcha, type CaptchaAnswer } from '../features/captcha/captcha-store';
import { classifyError, type ErrorAction } from './classify-error';
import { MESSAGE_DIALOG_WIDTH } from './constants';
import { endSession } from './session';
import { showErrorList } from './error-list';

/** What a caller can do with the answer of a captcha dialog: usually resend the refused call. */
export interface ErrorHooks {
  onCaptcha?: (answer: CaptchaAnswer) => void;
  onPhoneCode?: (code: string) => void;
}

function alert(title: string, text: string): void {
  const ui = uiApi();
  if (!ui) {
    console.error(`${title} ${text}`);
    return;
  }
  ui.modal.error({ title, content: text, width: MESSAGE_DIALOG_WIDTH, okText: '知道了' });
}

/**
 * The global error handling of spec §8. Every failed query and mutation passes through here unless
 * it opted out (meta.silent) to show the failure inline. Returns the decided action for callers.
 */
export function handleApiError(error: unknown, hooks: ErrorHooks = {}): ErrorAction {
  const action = classifyError(error);
  switch (action.kind) {
    case 'silent':
      break;
    case 'session':
      endSession();
      break;
    case 'fieldErrors':
      showErrorList(action.errors);
      break;
    case 'smsQuota':
      alert('提示', action.text);
      break;
    case 'pictureCaptcha':
      if (hooks.onCaptcha) {
        const { onCaptcha } = hooks;
        void askPictureCaptcha(action.text, action.url, action.verifyKey, action.warn).then(
          (a) => a && onCaptcha(a),
        );
      } else alert('出错了', action.text);
      break;
    case 'phoneCaptcha':
      if (hooks.onPhoneCode) {
        const { onPhoneCode } = hooks;
        void askPhoneCode(action.text, action.data).then((code) => code && onPhoneCode(code));
      } else alert('出错了', action.text);
      break;
    case 'maintenance': {
      // one notice at a time (several calls may be refused at once): the banner stays, this one goes
      const ui = uiApi();
      if (ui) void ui.message.warning({ content: action.text, key: 'env-flag', duration: 4 });
      else console.error(action.text);
      break;
    }
    case 'alert':
      alert(action.title, action.traceId ? `${action.text}（错误编号：${action.traceId}）` : action.text);
      break;
  }
  return action;
}
