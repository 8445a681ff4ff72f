import { z } from 'zod';
import { idParam } from '../fields';
import { pageQuery } from '../envelope';
import { serviceLinks, serviceLinksUpdate, sysNotice, sysNoticeUpdate } from '../auth';
import { homeExam, homeExamsQuery, messageItem } from '../home';
import { defineRoute, noData, paged } from '../route';

/** The home page: the user's exams, messages and the system notice. */
export const homeContract = {
  exams: defineRoute({
    method: 'POST',
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
  /** what the system administrator must know of how this install runs (e.g. reset codes only in the log) */
  systemWarnings: defineRoute({
    method: 'GET',
    path: '/api/admin/system/warnings',
    access: 'system.manage',
    response: z.array(z.object({ kind: z.enum(['smsToLog']), message: z.string() })),
  }),
};
