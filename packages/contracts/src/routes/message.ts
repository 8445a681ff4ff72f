import { z } from 'zod';
import { idParam } from '../fields';
import { pageQuery } from '../envelope';
import { messageItem } from '../home';
import {
  messageAudiences,
  messageReceiptRow,
  messageSendBody,
  messageSent,
  sentMessageItem,
} from '../message';
import { defineRoute, noData, paged } from '../route';

const id = z.object({ id: idParam() });

/**
 * 站内消息 (spec §7 "messages: list, view, send, confirm, delete, unread count"): list, unread count and read are
 * in homeContract; here a message opened, confirmed, deleted, and the sender's side. Everyone reads and deletes
 * only their own; sending checks the capability over the group written to.
 */
export const messageContract = {
  /** opens one of the user's messages (and marks it read) */
  view: defineRoute({
    method: 'GET',
    path: '/api/message/:id',
    access: 'account.self',
    params: id,
    response: messageItem,
  }),
  /** 需确认: the recipient confirms (once; again is a no-op) */
  confirm: defineRoute({
    method: 'POST',
    path: '/api/message/:id/confirm',
    access: 'account.self',
    params: id,
    response: noData,
  }),
  /** a received message leaves the user's list; a message the user sent is withdrawn from every recipient */
  remove: defineRoute({
    method: 'POST',
    path: '/api/message/:id/delete',
    access: 'account.self',
    params: id,
    body: z.object({ sent: z.boolean().default(false) }),
    response: noData,
  }),
  sent: defineRoute({
    method: 'POST',
    reads: true,
    path: '/api/message/sent',
    access: 'account.self',
    body: pageQuery,
    response: paged(sentMessageItem),
  }),
  /** who read and confirmed a message the user sent */
  receipts: defineRoute({
    method: 'GET',
    path: '/api/message/:id/receipts',
    access: 'account.self',
    params: id,
    response: z.array(messageReceiptRow),
  }),
  audiences: defineRoute({
    method: 'GET',
    path: '/api/message/audiences',
    access: 'account.self',
    response: messageAudiences,
  }),
  /** to every person with a role in the exam */
  sendExam: defineRoute({
    method: 'POST',
    path: '/api/message/send/exam/:examId',
    access: 'exam.manage',
    params: z.object({ examId: idParam() }),
    body: messageSendBody,
    response: messageSent,
    failures: ['messageNoRecipients'],
  }),
  /** to the markers and leaders of a block */
  sendBlock: defineRoute({
    method: 'POST',
    path: '/api/message/send/block/:blockId',
    access: 'subject.lead',
    params: z.object({ blockId: idParam() }),
    body: messageSendBody,
    response: messageSent,
    failures: ['messageNoRecipients'],
  }),
  /** to every teacher of a school */
  sendSchool: defineRoute({
    method: 'POST',
    path: '/api/message/send/school/:schoolId',
    access: 'school.manage',
    params: z.object({ schoolId: idParam() }),
    body: messageSendBody,
    response: messageSent,
    failures: ['messageNoRecipients'],
  }),
};
