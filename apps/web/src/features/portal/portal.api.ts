import {
  PORTAL_BLOCK_IMAGE_PATH,
  PORTAL_PAGE_IMAGE_PATH,
  portalAdminContract as a,
  portalContract as c,
  type ParentLoginRequest,
  type PortalLoginRequest,
  type PublishSetting,
} from '@yj/contracts';
import { FILTER_BASE } from '../../api/constants';
import { callRoute } from '../../api/contract';

const who = (studentId: number | undefined) => (studentId ? { studentId } : {});

/** 学生端 / 家长端 calls (issue 32), and the school's 学生账号 and 发布设置. */
export const portalApi = {
  schools: (q: string) => callRoute(c.schools, { query: { q } }),
  loginInfo: (school?: number) => callRoute(c.loginInfo, { query: { school } }),
  schoolExams: (schoolId: number) => callRoute(c.schoolExams, { params: { schoolId } }),
  login: (body: PortalLoginRequest) => callRoute(c.login, { body }),
  parentSms: (phone: string) => callRoute(c.parentSms, { body: { phone } }),
  parentLogin: (body: ParentLoginRequest) => callRoute(c.parentLogin, { body }),
  me: () => callRoute(c.me, {}),
  logout: () => callRoute(c.logout, {}),
  password: (newPassword: string, oldPassword?: string) =>
    callRoute(c.password, { body: { newPassword, ...(oldPassword ? { oldPassword } : {}) } }),
  bind: (body: { name: string; xuehao: string; bindingCode: string }) => callRoute(c.bind, { body }),
  unbind: (studentId: number) => callRoute(c.unbind, { params: { studentId } }),
  exams: (studentId?: number) => callRoute(c.exams, { query: who(studentId) }),
  trend: (studentId?: number) => callRoute(c.trend, { query: who(studentId) }),
  exam: (examId: number, studentId?: number) =>
    callRoute(c.exam, { params: { examId }, query: who(studentId) }),
  subject: (subjectId: number, studentId?: number) =>
    callRoute(c.subject, { params: { subjectId }, query: who(studentId) }),

  schoolQr: (schoolId: number) => callRoute(a.schoolQr, { params: { schoolId } }),
  accounts: (schoolId: number, classId?: number) =>
    callRoute(a.accounts, { params: { schoolId }, query: classId ? { classId } : {} }),
  createAccounts: (schoolId: number, classIds: number[]) =>
    callRoute(a.createAccounts, { params: { schoolId }, body: { classIds } }),
  resetPassword: (schoolId: number, studentId: number) =>
    callRoute(a.resetPassword, { params: { schoolId, studentId } }),
  setting: (examId: number) => callRoute(a.setting, { params: { examId } }),
  saveSetting: (examId: number, body: PublishSetting) =>
    callRoute(a.saveSetting, { params: { examId }, body }),
};

const studentQuery = (studentId: number | undefined) => (studentId ? `?studentId=${studentId}` : '');

/** The picture of a 题块 of the student's paper (the marking is drawn over it on screen). */
export const blockImageUrl = (subjectId: number, blockId: number, studentId?: number) =>
  `${FILTER_BASE}${PORTAL_BLOCK_IMAGE_PATH.replace(':subjectId', String(subjectId)).replace(
    ':blockId',
    String(blockId),
  )}${studentQuery(studentId)}`;

/** A scanned page of the student's paper. */
export const pageImageUrl = (subjectId: number, pageId: number, studentId?: number) =>
  `${FILTER_BASE}${PORTAL_PAGE_IMAGE_PATH.replace(':subjectId', String(subjectId)).replace(
    ':pageId',
    String(pageId),
  )}${studentQuery(studentId)}`;
