import {
  authContract as c,
  avatarUploaded,
  type BindPhoneLoginRequest,
  type ChangePasswordRequest,
  type ChangePwdLoginRequest,
  type LoginRequest,
} from '@yj/contracts';
import { api } from '../../api/filter';
import { callRoute } from '../../api/contract';

/** Account calls of spec §7 "Auth and account". */
export const authApi = {
  login: (body: LoginRequest) => callRoute(c.login, { body }),
  changePwdLogin: (body: ChangePwdLoginRequest) => callRoute(c.changePwdLogin, { body }),
  bindPhoneCode: (body: { bindToken: string; phone: string }) => callRoute(c.bindPhoneCode, { body }),
  bindPhoneLogin: (body: BindPhoneLoginRequest) => callRoute(c.bindPhoneLogin, { body }),
  logout: () => callRoute(c.logout, {}),
  userInfo: () => callRoute(c.userInfo, {}),
  changePassword: (body: ChangePasswordRequest) => callRoute(c.changePassword, { body }),
  // a multipart upload: outside the route contracts (the server reads the file itself); its answer is read
  // through the contracts' schema instead of a cast
  uploadAvatar: async (file: File) => {
    const form = new FormData();
    form.append('file', file);
    return avatarUploaded.parse(await api.post('/api/account/avatar/upload', form));
  },
  sendResetCode: (phone: string) => callRoute(c.sendResetCode, { params: { phone } }),
  verifyMobile: (phone: string, code: string) => callRoute(c.verifyMobile, { query: { phone, code } }),
  resetPassword: (phone: string, resetToken: string, password: string) =>
    callRoute(c.resetPassword, { query: { phone, resetToken, password } }),
  scanLoginQr: () => callRoute(c.scanLoginQr, {}),
  scanLoginPoll: (ticket: string) => callRoute(c.scanLoginPoll, { body: { ticket } }),
  scanLoginInfo: (code: string) => callRoute(c.scanLoginInfo, { body: { code } }),
  scanLoginConfirm: (code: string) => callRoute(c.scanLoginConfirm, { body: { code } }),
  scanLoginCancel: (code: string) => callRoute(c.scanLoginCancel, { body: { code } }),
  refreshCaptcha: (verifyKey: string) => callRoute(c.refreshCaptcha, { query: { verifyKey } }),
};
