import { z } from 'zod';
import { idParam, text } from './fields';
import { pageQuery } from './envelope';

export const homeExamsQuery = pageQuery.extend({ keyword: text().trim().max(50).optional() });
export type HomeExamsQuery = z.infer<typeof homeExamsQuery>;

/** Exam types: single-school, joint, class quiz, online. */
export const ExamType = { single: 1, joint: 2, quiz: 3, online: 4 } as const;
export const EXAM_TYPE_LABELS: Record<number, string> = {
  1: '单校考试',
  2: '联考',
  3: '课堂小测',
  4: '在线考试',
};

export const homeExam = z.object({
  id: z.number(),
  name: z.string(),
  type: z.number(),
  gradeName: z.string().nullable(),
  schoolName: z.string().nullable(),
  startDate: z.string().nullable(),
  /** the user's exam roles (spec §3 role indices) */
  roles: z.array(z.number()),
});
export type HomeExam = z.infer<typeof homeExam>;

/** 站内消息 as its recipient sees it: a person's message (`user`) or one the platform sent (`system`). */
export const messageItem = z.object({
  id: z.number(),
  title: z.string(),
  content: z.string(),
  createdAt: z.string(),
  read: z.boolean(),
  kind: z.enum(['user', 'system']).default('user'),
  /** the sender asks every recipient to press 确认 (需确认) */
  needConfirm: z.boolean().default(false),
  confirmed: z.boolean().default(false),
  /** null for a system message */
  senderName: z.string().nullable().default(null),
});
export type MessageItem = z.infer<typeof messageItem>;

export const schoolStatistics = z.object({
  grades: z.number(),
  classes: z.number(),
  students: z.number(),
  teachers: z.number(),
  admins: z.number(),
});
export type SchoolStatistics = z.infer<typeof schoolStatistics>;
export const schoolIdBody = z.object({ schoolId: idParam() });

export interface Health {
  status: 'ok' | 'degraded';
  db: 'ok' | 'down';
  queue: { kind: 'memory' | 'redis'; state: 'ok' | 'down' };
  version: string;
}
