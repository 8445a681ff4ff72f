import { z } from 'zod';
import { text } from '../fields';
import {
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

/** Sign-in, sessions, the forgotten password and the account (spec §7 "Auth and account"). */
export const authContract = {
  login: defineRoute({
    method: 'POST',
    path: '/yue/user/login',
    access: 'public',
    body: loginRequest,
    response: loginResponse,
    // the picture captcha dialog (data: the captcha) warns unless the kind only asks for the captcha
    failures: ['pictureCaptchaRequired', 'pictureCaptchaWrong', 'loginWrong', 'firstLoginPasswordChange'],
  }),
  changePwdLogin: defineRoute({
    method: 'POST',
    path: '/api/anno/user/changePwdLogin',
    access: 'public',
    body: changePwdLoginRequest,
    response: loginResponse,
  }),
  logout: defineRoute({ method: 'POST', path: '/api/user/logout', access: 'account.self', response: noData }),
  userInfo: defineRoute({
    method: 'POST',
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
};
