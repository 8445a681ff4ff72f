import { z } from 'zod';
import { idParam } from '../fields';
import {
  onlineSetting,
  onlineSettingSave,
  arrangePhotosRequest,
  photoParam,
  sitPhoto,
  onlineSubjectParam,
  portalOnlineList,
  reopenRequest,
  makeupSave,
  makeupWithdraw,
  saveAnswerRequest,
  saveAnswerResult,
  sitReceipt,
  sitterList,
  sitterQuery,
  sitView,
} from '../online';
import { defineRoute, noData } from '../route';

const setting = '/api/subject/:subjectId/online';
const STATE_FAILURES = ['subjectStateForbids'] as const;

/** 在线考试 of a subject, the school's side: setting, 发布 / 取消, who sits, 重新开放. */
export const onlineContract = {
  setting: defineRoute({
    method: 'GET',
    path: setting,
    access: 'subject.setting.edit',
    params: onlineSubjectParam,
    response: onlineSetting,
  }),
  save: defineRoute({
    method: 'POST',
    path: setting,
    access: 'subject.setting.edit',
    params: onlineSubjectParam,
    body: onlineSettingSave,
    response: onlineSetting,
    failures: STATE_FAILURES,
  }),
  launch: defineRoute({
    method: 'POST',
    path: `${setting}/launch`,
    access: 'subject.setting.edit',
    params: onlineSubjectParam,
    response: onlineSetting,
    failures: STATE_FAILURES,
  }),
  cancel: defineRoute({
    method: 'POST',
    path: `${setting}/cancel`,
    access: 'subject.setting.edit',
    params: onlineSubjectParam,
    response: onlineSetting,
    failures: STATE_FAILURES,
  }),
  sitters: defineRoute({
    method: 'GET',
    path: `${setting}/sitters`,
    access: 'exam.roster.read',
    params: onlineSubjectParam,
    query: sitterQuery,
    response: sitterList,
  }),
  reopen: defineRoute({
    method: 'POST',
    path: `${setting}/sitters/:examineeId/reopen`,
    access: 'subject.setting.edit',
    params: onlineSubjectParam.extend({ examineeId: idParam() }),
    body: reopenRequest,
    response: noData,
  }),
  /** 补考: a window of their own for examinees who did not sit (set or changed) */
  makeup: defineRoute({
    method: 'POST',
    path: `${setting}/makeup`,
    access: 'subject.setting.edit',
    params: onlineSubjectParam,
    body: makeupSave,
    response: noData,
  }),
  makeupWithdraw: defineRoute({
    method: 'POST',
    path: `${setting}/makeup/withdraw`,
    access: 'subject.setting.edit',
    params: onlineSubjectParam,
    body: makeupWithdraw,
    response: noData,
  }),
};

const sit = '/api/portal/online/:subjectId';
/** 学生端: the student's online exams, sitting one (start, save, leave, submit). */
export const portalOnlineContract = {
  list: defineRoute({
    method: 'GET',
    path: '/api/portal/online',
    access: 'portal.online',
    response: portalOnlineList,
  }),
  view: defineRoute({
    method: 'GET',
    path: sit,
    access: 'portal.online',
    params: onlineSubjectParam,
    response: sitView,
  }),
  start: defineRoute({
    method: 'POST',
    path: `${sit}/start`,
    access: 'portal.online',
    params: onlineSubjectParam,
    response: sitView,
  }),
  answer: defineRoute({
    method: 'POST',
    path: `${sit}/answer`,
    access: 'portal.online',
    params: onlineSubjectParam,
    body: saveAnswerRequest,
    response: saveAnswerResult,
    failures: ['onlineTimeUp'],
  }),
  leave: defineRoute({
    method: 'POST',
    path: `${sit}/leave`,
    access: 'portal.online',
    params: onlineSubjectParam,
    response: z.object({ leaveCount: z.number() }),
  }),
  /** the question's photos reordered and rotated (the upload and a photo's image are on Fastify's own routes) */
  arrangePhotos: defineRoute({
    method: 'POST',
    path: `${sit}/photos/arrange`,
    access: 'portal.online',
    params: onlineSubjectParam,
    body: arrangePhotosRequest,
    response: z.array(sitPhoto),
    failures: ['onlineTimeUp'],
  }),
  removePhoto: defineRoute({
    method: 'DELETE',
    path: `${sit}/photos/:photoId`,
    access: 'portal.online',
    params: photoParam,
    response: z.array(sitPhoto),
    failures: ['onlineTimeUp'],
  }),
  submit: defineRoute({
    method: 'POST',
    path: `${sit}/submit`,
    access: 'portal.online',
    params: onlineSubjectParam,
    response: sitReceipt,
  }),
};
