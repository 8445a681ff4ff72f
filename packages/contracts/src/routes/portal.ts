import { z } from 'zod';
import { idParam } from '../fields';
import { loginResponse, smsSent } from '../auth';
import {
  bindChildRequest,
  parentLoginRequest,
  parentSmsRequest,
  portalAccountCreate,
  portalAccountCreated,
  portalAccountList,
  portalAccountQuery,
  portalExamDetail,
  portalExamList,
  portalLoginInfo,
  portalLoginInfoQuery,
  portalLoginRequest,
  portalMe,
  portalPasswordChange,
  portalPasswordReset,
  portalSchoolQr,
  portalSchoolQuery,
  portalSchoolExams,
  portalSchools,
  portalSubjectDetail,
  portalTrend,
  portalWho,
  publishSetting,
} from '../portal';
import { defineRoute, noData } from '../route';

const school = z.object({ schoolId: idParam() });
const accounts = '/api/school/:schoolId/portal/accounts';
const loginFailures = [
  'pictureCaptchaRequired',
  'pictureCaptchaWrong',
  'loginWrong',
  'firstLoginPasswordChange',
] as const;

/** 学生账号 of a school (its administrators), and 发布设置 of an exam (who may publish). */
export const portalAdminContract = {
  /** the QR of the school's 学生 / 家长 sign-in, to print or show (its teachers too: a 班主任 shows it at a meeting) */
  schoolQr: defineRoute({
    method: 'GET',
    path: '/api/school/:schoolId/portal/qrcode',
    access: 'school.read',
    params: school,
    response: portalSchoolQr,
  }),
  accounts: defineRoute({
    method: 'GET',
    path: accounts,
    access: 'school.manage',
    params: school,
    query: portalAccountQuery,
    response: portalAccountList,
  }),
  createAccounts: defineRoute({
    method: 'POST',
    path: accounts,
    access: 'school.manage',
    params: school,
    body: portalAccountCreate,
    response: portalAccountCreated,
  }),
  resetPassword: defineRoute({
    method: 'POST',
    path: `${accounts}/:studentId/reset`,
    access: 'school.manage',
    params: school.extend({ studentId: idParam() }),
    response: portalPasswordReset,
  }),
  setting: defineRoute({
    method: 'GET',
    path: '/api/exam/:examId/portal/setting',
    access: 'score.publish',
    params: z.object({ examId: idParam() }),
    response: publishSetting,
  }),
  saveSetting: defineRoute({
    method: 'POST',
    path: '/api/exam/:examId/portal/setting',
    access: 'score.publish',
    params: z.object({ examId: idParam() }),
    body: publishSetting,
    response: publishSetting,
  }),
};
/** The handout sheet (Excel, one sheet a class): a file, registered on Fastify's own route. */
export const PORTAL_SHEET_PATH = `${accounts}/sheet`;

/** 学生端 / 家长端: sign-in (public), the account, children, and the published results. */
export const portalContract = {
  /** the school a printed QR names, for the sign-in page */
  loginInfo: defineRoute({
    method: 'GET',
    path: '/api/portal/login-user-info',
    access: 'public',
    query: portalLoginInfoQuery,
    response: portalLoginInfo,
  }),
  schools: defineRoute({
    method: 'GET',
    path: '/api/portal/schools',
    access: 'public',
    query: portalSchoolQuery,
    response: portalSchools,
  }),
  schoolExams: defineRoute({
    method: 'GET',
    path: '/api/portal/schools/:schoolId/exams',
    access: 'public',
    params: school,
    response: portalSchoolExams,
  }),
  login: defineRoute({
    method: 'POST',
    signIn: true,
    path: '/api/portal/login',
    access: 'public',
    body: portalLoginRequest,
    response: loginResponse,
    failures: loginFailures,
  }),
  parentSms: defineRoute({
    method: 'POST',
    signIn: true,
    path: '/api/portal/parent/sms',
    access: 'public',
    body: parentSmsRequest,
    response: smsSent,
  }),
  parentLogin: defineRoute({
    method: 'POST',
    signIn: true,
    path: '/api/portal/parent/login',
    access: 'public',
    body: parentLoginRequest,
    response: loginResponse,
    failures: loginFailures,
  }),
  me: defineRoute({ method: 'GET', path: '/api/portal/me', access: 'portal.self', response: portalMe }),
  logout: defineRoute({
    method: 'POST',
    signIn: true,
    path: '/api/portal/logout',
    access: 'portal.self',
    response: noData,
  }),
  password: defineRoute({
    method: 'POST',
    path: '/api/portal/password',
    access: 'portal.self',
    body: portalPasswordChange,
    response: noData,
  }),
  bind: defineRoute({
    method: 'POST',
    path: '/api/portal/children',
    access: 'portal.children',
    body: bindChildRequest,
    response: portalMe,
  }),
  unbind: defineRoute({
    method: 'DELETE',
    path: '/api/portal/children/:studentId',
    access: 'portal.children',
    params: z.object({ studentId: idParam() }),
    response: portalMe,
  }),
  exams: defineRoute({
    method: 'GET',
    path: '/api/portal/exams',
    access: 'portal.results',
    query: portalWho,
    response: portalExamList,
  }),
  trend: defineRoute({
    method: 'GET',
    path: '/api/portal/trend',
    access: 'portal.results',
    query: portalWho,
    response: portalTrend,
  }),
  exam: defineRoute({
    method: 'GET',
    path: '/api/portal/exams/:examId',
    access: 'portal.results',
    params: z.object({ examId: idParam() }),
    query: portalWho,
    response: portalExamDetail,
  }),
  subject: defineRoute({
    method: 'GET',
    path: '/api/portal/subjects/:subjectId',
    access: 'portal.results',
    params: z.object({ subjectId: idParam() }),
    query: portalWho,
    response: portalSubjectDetail,
  }),
};
/** A block's cut with the marking, and a scanned page (JPEG files, on Fastify's own routes). */
export const PORTAL_BLOCK_IMAGE_PATH = '/api/portal/subjects/:subjectId/blocks/:blockId/image';
export const PORTAL_PAGE_IMAGE_PATH = '/api/portal/subjects/:subjectId/pages/:pageId/image';
