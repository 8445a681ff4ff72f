import { z } from 'zod';
import { CAPABILITY_TABLE, type Capability } from './capabilities';
import { text } from './fields';
import { password } from './password';

/** Mainland mobile number. */
export const phone = z.string().regex(/^1[3-9]\d{9}$/, '手机号格式不正确');

export const loginRequest = z.object({
  /** phone number or login name */
  account: text().trim().min(1, '请输入账号').max(64),
  password: text().min(1, '请输入密码').max(128),
  verifyKey: text().max(64).optional(),
  captcha: text().max(16).optional(),
});
export type LoginRequest = z.infer<typeof loginRequest>;

export const schoolRef = z.object({ id: z.number(), name: z.string() });
export type SchoolRef = z.infer<typeof schoolRef>;

/** The signed-in user (spec §3 Profile). Phone is masked. */
export const userProfile = z.object({
  id: z.number(),
  account: z.string(),
  name: z.string(),
  phone: z.string().nullable(),
  schoolId: z.number().nullable(),
  schoolName: z.string().nullable(),
  schools: z.array(schoolRef),
  /** coarse roles of the account: 'admin' | 'schoolAdmin' | 'teacher' */
  roles: z.array(z.string()),
  isSchoolAdmin: z.boolean(),
  isAdmin: z.boolean(),
  avatarUrl: z.string().nullable(),
  mustChangePassword: z.boolean(),
  /** the capabilities held on some school, exam or subject (heldCapabilities): the header offers a tool only then */
  held: z.array(z.enum(Object.keys(CAPABILITY_TABLE) as [Capability, ...Capability[]])),
});
export type UserProfile = z.infer<typeof userProfile>;

/**
 * POST /api/account/avatar/upload (a multipart upload, on Fastify's own registration): the answer's `data`,
 * which the web reads through this schema.
 */
export const avatarUploaded = z.object({ avatarUrl: z.string() });
export type AvatarUploaded = z.infer<typeof avatarUploaded>;

export const loginResponse = z.object({ token: z.string(), user: userProfile, gotoHfsURL: z.string() });
export type LoginResponse = z.infer<typeof loginResponse>;

/** data of a failed login that now needs the picture captcha (spec §8: a data url opens the dialog). */
export interface CaptchaChallenge {
  captchaType: 'picture';
  verifyKey: string;
  /** data:image/svg+xml;base64,... */
  url: string;
}

/** data of a login refused because the password must be changed first. */
export interface NeedChangePassword {
  needChangePwd: true;
  changeToken: string;
}

export const changePwdLoginRequest = z.object({
  changeToken: text().min(10).max(128),
  newPassword: password,
});
export type ChangePwdLoginRequest = z.infer<typeof changePwdLoginRequest>;

/** data of a login refused because the account has no phone (spec §8 captchaType bindPhone). */
export interface NeedBindPhone {
  captchaType: 'bindPhone';
  bindToken: string;
}
const bindToken = text().min(10).max(128);
const smsCode = z.string().regex(/^\d{6}$/, '验证码为 6 位数字');
export const bindPhoneCodeRequest = z.object({ bindToken, phone });
export const bindPhoneLoginRequest = z.object({ bindToken, phone, code: smsCode });
export type BindPhoneLoginRequest = z.infer<typeof bindPhoneLoginRequest>;

export const changePasswordRequest = z.object({
  oldPassword: text().min(1, '请输入原密码').max(128),
  newPassword: password,
});
export type ChangePasswordRequest = z.infer<typeof changePasswordRequest>;

export const verifyMobileQuery = z.object({ phone, code: smsCode });
export const resetPasswordQuery = z.object({ phone, resetToken: text().min(10).max(128), password });

export const smsSent = z.object({
  /** seconds the code stays valid */
  expiresIn: z.number(),
});
export type SmsSent = z.infer<typeof smsSent>;
export const resetToken = z.object({ resetToken: z.string() });
export type ResetToken = z.infer<typeof resetToken>;
/** the picture captcha: its key and a data url of the image */
export const captchaImage = z.object({ verifyKey: z.string(), url: z.string() });

/** System notice (spec §3): text and maxAge in hours. */
export const sysNotice = z.object({ text: z.string(), maxAge: z.number(), updatedAt: z.string() });
export type SysNotice = z.infer<typeof sysNotice>;
export const sysNoticeUpdate = z.object({
  text: text().trim().max(2000, '公告不能超过 2000 字'),
  maxAge: z
    .number()
    .int()
    .min(1, '有效期至少 1 小时')
    .max(24 * 365),
});
export type SysNoticeUpdate = z.infer<typeof sysNoticeUpdate>;

/** A customer-service link: an http(s) address, or empty for none. */
const serviceUrl = z
  .string()
  .trim()
  .max(500, '链接不能超过 500 个字符')
  .refine((v) => v === '' || /^https?:\/\/[^\s]+$/i.test(v), '请填写以 http:// 或 https:// 开头的链接');
/**
 * 在线客服 (spec §1: two web-chat entries, normal and VIP), set by the system administrator: the normal one for
 * every staff user, the VIP one for the schools' and bureaus' administrators (the service's customers).
 */
export const serviceLinks = z.object({ normal: z.string().nullable(), vip: z.string().nullable() });
export type ServiceLinks = z.infer<typeof serviceLinks>;
export const serviceLinksUpdate = z.object({ normal: serviceUrl, vip: serviceUrl });
export type ServiceLinksUpdate = z.infer<typeof serviceLinksUpdate>;

/** Largest avatar accepted, bytes. */
export const AVATAR_MAX_BYTES = 2 * 1024 * 1024;
