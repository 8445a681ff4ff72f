import { homeContract, messageContract, type MessageSendBody } from '@yj/contracts';
import { callRoute } from '../../api/contract';

/** Where a person's message goes: an exam's staff, a block's markers, a school's teachers. */
export type MessageTarget =
  | { kind: 'exam'; examId: number }
  | { kind: 'block'; blockId: number }
  | { kind: 'school'; schoolId: number };

export const messagesApi = {
  unreadCount: () => callRoute(homeContract.unreadCount, {}),
  list: (page: number, size: number) => callRoute(homeContract.messages, { body: { page, size } }),
  markRead: (id: number) => callRoute(homeContract.markRead, { params: { id } }),
  view: (id: number) => callRoute(messageContract.view, { params: { id } }),
  confirm: (id: number) => callRoute(messageContract.confirm, { params: { id } }),
  remove: (id: number, sent: boolean) =>
    callRoute(messageContract.remove, { params: { id }, body: { sent } }),
  sent: (page: number, size: number) => callRoute(messageContract.sent, { body: { page, size } }),
  receipts: (id: number) => callRoute(messageContract.receipts, { params: { id } }),
  audiences: () => callRoute(messageContract.audiences, {}),
  send: (to: MessageTarget, body: MessageSendBody) => {
    switch (to.kind) {
      case 'exam':
        return callRoute(messageContract.sendExam, { params: { examId: to.examId }, body });
      case 'block':
        return callRoute(messageContract.sendBlock, { params: { blockId: to.blockId }, body });
      case 'school':
        return callRoute(messageContract.sendSchool, { params: { schoolId: to.schoolId }, body });
    }
  },
};
