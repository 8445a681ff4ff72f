import type {
  ChangePasswordRequest,
  ChangePwdLoginRequest,
  LoginRequest,
  LoginResponse,
  ResetToken,
  SmsSent,
  UserProfile,
} from '@yj/contracts';
import { api } from '../../api/filter';

/** Account calls of spec §7 "Auth and account". */
export const authApi = {
  login: (body: LoginRequest) => api.post<LoginResponse>('/yue/user/login', body),
  changePwdLogin: (body: ChangePwdLoginRequest) =>
    api.post<LoginResponse>('/api/anno/user/changePwdLogin', body),
  logout: () => api.post<unknown>('/api/user/logout'),
  userInfo: () => api.post<UserProfile>('/api/user/getUserInfo', {}),
  changePassword: (body: ChangePasswordRequest) => api.post<unknown>('/api/account/password/change', body),
  uploadAvatar: (file: File) => {
    const form = new FormData();
    form.append('file', file);
    return api.post<{ avatarUrl: string }>('/api/account/avatar/upload', form);
  },
  sendResetCode: (phone: string) =>
    api.get<SmsSent>('/password/mobile/:phone', undefined, { params: { phone } }),
  verifyMobile: (phone: string, code: string) => api.get<ResetToken>('/verify/mobile', { phone, code }),
  resetPassword: (phone: string, resetToken: string, password: string) =>
    api.get<unknown>('/password/reset', { phone, resetToken, password }),
  refreshCaptcha: (verifyKey: string) =>
    api.get<{ verifyKey: string; url: string }>('/cas/passport/captcha/refresh', { verifyKey }),
};
