import { z } from 'zod';
import { text } from './fields';

/** What a person writes to a group (send to an exam's staff, a block's markers, a school's teachers). */
export const messageSendBody = z.object({
  title: text().trim().min(1, '请填写标题').max(50, '标题不能超过 50 个字'),
  content: text().trim().min(1, '请填写内容').max(1000, '内容不能超过 1000 个字'),
  /** 需确认: every recipient is asked to press 确认, the sender sees who did */
  needConfirm: z.boolean().default(false),
});
export type MessageSendBody = z.infer<typeof messageSendBody>;

export const messageSent = z.object({ id: z.number(), recipients: z.number() });

/** A message the user sent, with how many read and confirmed it. */
export const sentMessageItem = z.object({
  id: z.number(),
  title: z.string(),
  content: z.string(),
  createdAt: z.string(),
  /** to whom, in words: 考试“…”的全体人员, 题块“…”的阅卷老师, 学校“…”的全体老师 */
  audience: z.string(),
  needConfirm: z.boolean(),
  recipients: z.number(),
  read: z.number(),
  confirmed: z.number(),
});
export type SentMessageItem = z.infer<typeof sentMessageItem>;

/** One recipient of a message the user sent: whether they read and confirmed it. */
export const messageReceiptRow = z.object({
  userId: z.number(),
  name: z.string(),
  readAt: z.string().nullable(),
  confirmedAt: z.string().nullable(),
});
export type MessageReceiptRow = z.infer<typeof messageReceiptRow>;

/** The groups the user may write to: only those their capabilities allow. */
export const messageAudiences = z.object({
  exams: z.array(z.object({ examId: z.number(), name: z.string() })),
  blocks: z.array(
    z.object({ blockId: z.number(), name: z.string(), subjectName: z.string(), examName: z.string() }),
  ),
  schools: z.array(z.object({ schoolId: z.number(), name: z.string() })),
});
export type MessageAudiences = z.infer<typeof messageAudiences>;
