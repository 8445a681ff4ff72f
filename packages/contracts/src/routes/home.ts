import { z } from 'zod';
import { idParam } from '../fields';
import { pageQuery } from '../envelope';
import { serviceLinks, serviceLinksUpdate, sysNotice, sysNoticeUpdate } from '../auth';
import { envFlagAnswer, envFlagUpdate } from '../env-flag';
import { homeExam, homeExamsQuery, messageItem } from '../home';
import { defineRoute, noData, paged } from '../route';

/** The home page: the user's exams, messages and the system notice. */
export const homeContract = {
  exams: defineRoute({
    method: 'POST',
    reads: true,
    path: '/api/home/exams',
    access: 'home.read',
    body: homeExamsQuery,
    response: paged(homeExam),
  }),
  unreadCount: defineRoute({
    method: 'GET',
    path: '/api/message/unread/count',
    access: 'account.self',
    response: z.object({ count: z.number() }),
  }),
  messages: defineRoute({
    method: 'POST',
    reads: true,
    path: '/api/message/list',
    access: 'account.self',
    body: pageQuery,
    response: paged(messageItem),
  }),
  markRead: defineRoute({
    method: 'POST',
    path: '/api/message/:id/read',
    access: 'account.self',
    params: z.object({ id: idParam() }),
    response: noData,
  }),
  /** null when no notice is shown */
  notice: defineRoute({
    method: 'GET',
    path: '/api/anno/getSysNotice',
    access: 'public',
    response: sysNotice.nullable(),
  }),
  /** publishing an empty text withdraws the notice: the answer is then null */
  saveNotice: defineRoute({
    method: 'POST',
    path: '/api/admin/sysNotice',
    access: 'notice.edit',
    body: sysNoticeUpdate,
    response: sysNotice.nullable(),
  }),
  /** 在线客服 links as this user sees them (VIP for administrators of a school or bureau); null where none is set */
  serviceLinks: defineRoute({
    method: 'GET',
    path: '/api/help/serviceLinks',
    access: 'account.self',
    response: serviceLinks,
  }),
  /** the system administrator sets both links (all of them: an empty one removes it) */
  editServiceLinks: defineRoute({
    method: 'GET',
    path: '/api/admin/serviceLinks',
    access: 'notice.edit',
    response: serviceLinks,
  }),
  saveServiceLinks: defineRoute({
    method: 'POST',
    path: '/api/admin/serviceLinks',
    access: 'notice.edit',
    body: serviceLinksUpdate,
    response: serviceLinks,
  }),
  /** 系统维护: the flag, or an empty object (env-flag.ts); read by everyone, signed in or not, at start and every minute */
  envFlag: defineRoute({
    method: 'GET',
    path: '/api/anno/envFlag',
    access: 'public',
    response: envFlagAnswer,
  }),
  /** the system administrator sets (or replaces) the flag: from the next call on, the platform is in maintenance */
  setEnvFlag: defineRoute({
    method: 'POST',
    path: '/api/admin/envFlag',
    access: 'notice.edit',
    body: envFlagUpdate,
    response: envFlagAnswer,
  }),
  /** the system administrator ends the maintenance: the answer is the empty object */
  clearEnvFlag: defineRoute({
    method: 'POST',
    path: '/api/admin/envFlag/clear',
    access: 'notice.edit',
    response: envFlagAnswer,
  }),
  /** what the system administrator must know of how this install runs (e.g. reset codes only in the log) */
  systemWarnings: defineRoute({
    method: 'GET',
    path: '/api/admin/system/warnings',
    access: 'system.manage',
    response: z.array(z.object({ kind: z.enum(['smsToLog']), message: z.string() })),
  }),
};
