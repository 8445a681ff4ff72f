import { z } from 'zod';
import { text } from '../fields';
import {
  bindPhoneCodeRequest,
  bindPhoneLoginRequest,
  captchaImage,
  changePasswordRequest,
  changePwdLoginRequest,
  loginRequest,
  loginResponse,
  phone,
  resetPasswordQuery,
  resetToken,
  smsSent,
  userProfile,
  verifyMobileQuery,
} from '../auth';
import { defineRoute, noData } from '../route';
import {
  scanLoginCodeBody,
  scanLoginPoll,
  scanLoginPollBody,
  scanLoginQr,
  scanLoginRequestInfo,
} from '../scan-login';

/** Sign-in, sessions, the forgotten password and the account (spec §7 "Auth and account"). */
export const authContract = {
  login: defineRoute({
    method: 'POST',
    signIn: true,
    path: '/yue/user/login',
    access: 'public',
    body: loginRequest,
    response: loginResponse,
    // the picture captcha dialog (data: the captcha) warns unless the kind only asks for the captcha
    failures: [
      'pictureCaptchaRequired',
      'pictureCaptchaWrong',
      'loginWrong',
      'firstLoginPasswordChange',
      'bindPhoneRequired',
    ],
  }),
  changePwdLogin: defineRoute({
    method: 'POST',
    signIn: true,
    path: '/api/anno/user/changePwdLogin',
    access: 'public',
    body: changePwdLoginRequest,
    response: loginResponse,
    failures: ['bindPhoneRequired'],
  }),
  /** a code to the phone being bound (the bind ticket from the refused login) */
  bindPhoneCode: defineRoute({
    method: 'POST',
    signIn: true,
    path: '/api/anno/user/bindPhone/code',
    access: 'public',
    body: bindPhoneCodeRequest,
    response: smsSent,
    failures: ['bindPhoneTicketExpired'],
  }),
  /** the phone bound with its code, and the session started */
  bindPhoneLogin: defineRoute({
    method: 'POST',
    signIn: true,
    path: '/api/anno/user/bindPhone',
    access: 'public',
    body: bindPhoneLoginRequest,
    response: loginResponse,
    failures: ['bindPhoneTicketExpired'],
  }),
  logout: defineRoute({
    method: 'POST',
    signIn: true,
    path: '/api/user/logout',
    access: 'account.self',
    response: noData,
  }),
  userInfo: defineRoute({
    method: 'POST',
    reads: true,
    path: '/api/user/getUserInfo',
    access: 'account.self',
    response: userProfile,
  }),
  sendResetCode: defineRoute({
    method: 'GET',
    path: '/password/mobile/:phone',
    access: 'public',
    params: z.object({ phone }),
    response: smsSent,
  }),
  verifyMobile: defineRoute({
    method: 'GET',
    path: '/verify/mobile',
    access: 'public',
    query: verifyMobileQuery,
    response: resetToken,
  }),
  resetPassword: defineRoute({
    method: 'GET',
    path: '/password/reset',
    access: 'public',
    query: resetPasswordQuery,
    response: noData,
  }),
  refreshCaptcha: defineRoute({
    method: 'GET',
    path: '/cas/passport/captcha/refresh',
    access: 'public',
    query: z.object({ verifyKey: text().min(8).max(64).optional() }),
    response: captchaImage,
  }),
  changePassword: defineRoute({
    method: 'POST',
    path: '/api/account/password/change',
    access: 'account.self',
    body: changePasswordRequest,
    response: noData,
  }),
  /** 扫码登录, the PC: a new QR (a code in it, a ticket kept by the page) */
  scanLoginQr: defineRoute({
    method: 'POST',
    signIn: true,
    path: '/api/anno/scanLogin/qrcode',
    access: 'public',
    response: scanLoginQr,
  }),
  /** 扫码登录, the PC: whether the phone confirmed; the first answer after it starts the PC's session */
  scanLoginPoll: defineRoute({
    method: 'POST',
    signIn: true,
    path: '/api/anno/scanLogin/poll',
    access: 'public',
    body: scanLoginPollBody,
    response: scanLoginPoll,
  }),
  /** 扫码登录, the phone: which PC asks */
  scanLoginInfo: defineRoute({
    method: 'POST',
    signIn: true,
    path: '/api/scanLogin/info',
    access: 'account.self',
    body: scanLoginCodeBody,
    response: scanLoginRequestInfo,
    failures: ['scanLoginExpired', 'scanLoginUsed'],
  }),
  /** 扫码登录, the phone: 确认登录 */
  scanLoginConfirm: defineRoute({
    method: 'POST',
    signIn: true,
    path: '/api/scanLogin/confirm',
    access: 'account.self',
    body: scanLoginCodeBody,
    response: noData,
    failures: ['scanLoginExpired', 'scanLoginUsed'],
  }),
  /** 扫码登录, the phone: 取消登录 */
  scanLoginCancel: defineRoute({
    method: 'POST',
    signIn: true,
    path: '/api/scanLogin/cancel',
    access: 'account.self',
    body: scanLoginCodeBody,
    response: noData,
  }),
};
