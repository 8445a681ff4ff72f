import { MessagesView } from '../../features/messages/MessagesView';

/** /book/messages: 消息中心 (spec §2 "other screens implied: messages"). */
export const Component = MessagesView;
