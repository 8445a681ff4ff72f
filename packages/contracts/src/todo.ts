import { z } from 'zod';

/** Where a block's to-do is: its exam, subject and block. */
const todoBlock = z.object({
  examId: z.number(),
  examName: z.string(),
  subjectId: z.number(),
  subjectName: z.string(),
  blockId: z.number(),
  blockName: z.string(),
});

/** 待阅: a block the user marks in a subject being marked, with the papers they could claim now. */
export const todoMarking = todoBlock.extend({ left: z.number() });
export type TodoMarking = z.infer<typeof todoMarking>;

/** A block the user leads with 仲裁 or 问题卷 waiting. */
export const todoLeading = todoBlock.extend({ arbitration: z.number(), problems: z.number() });
export type TodoLeading = z.infer<typeof todoLeading>;

/**
 * What waits on an exam's manager in one subject: `scan` scanned but 扫描完成 not confirmed, `markingLeft`
 * nothing left to mark but 阅卷完成 not pressed, `publish` marking done and 成绩核查 clear, `blocked` marking done
 * and 成绩核查 lists `count` problems.
 */
export const todoManaging = z.object({
  examId: z.number(),
  examName: z.string(),
  subjectId: z.number(),
  subjectName: z.string(),
  kind: z.enum(['scan', 'markingLeft', 'publish', 'blocked']),
  count: z.number(),
});
export type TodoManaging = z.infer<typeof todoManaging>;

export const todoList = z.object({
  marking: z.array(todoMarking),
  leading: z.array(todoLeading),
  managing: z.array(todoManaging),
});
export type TodoList = z.infer<typeof todoList>;
