import { z } from 'zod';
import { pageQuery } from './envelope';

// 我的任务 (spec §2 task_info, offline/task): the long-running work a person started, from every place that runs
// it as a background job — exports (下载中心), recognition of an upload (识别答题卡), 智能辅助 detection runs —
// listed in one place with its progress, its result and, when it failed, what happened and what to do.

export const taskKind = z.enum(['export', 'recognition', 'intelligent']);
export type TaskKind = z.infer<typeof taskKind>;
export const TASK_KIND_LABELS: Record<TaskKind, string> = {
  export: '成绩导出',
  recognition: '答题卡识别',
  intelligent: '智能辅助',
};

export const taskStatus = z.enum(['queued', 'running', 'done', 'failed', 'expired']);
export type TaskStatus = z.infer<typeof taskStatus>;
export const TASK_STATUS_LABELS: Record<TaskStatus, string> = {
  queued: '排队中',
  running: '进行中',
  done: '已完成',
  failed: '失败',
  expired: '已过期',
};

/** Whose tasks: the person's own, or (a school's administrator, the system administrator) the school's. */
export const taskScope = z.enum(['mine', 'school']);
export type TaskScope = z.infer<typeof taskScope>;

/** GET /api/offline/task */
export const taskListQuery = pageQuery.extend({ scope: taskScope.default('mine') });
export type TaskListQuery = z.infer<typeof taskListQuery>;

export const taskItem = z.object({
  /** `<kind>-<id>`: unique across kinds */
  key: z.string(),
  kind: taskKind,
  /** the id of the task in its own kind (an export task, a scan batch, a detection run) */
  id: z.number(),
  /** what the task is, in a person's words: 小题分明细, 识别 120 页, 智能判空 · 第 13 题 */
  title: z.string(),
  examName: z.string(),
  subjectId: z.number().nullable(),
  subjectName: z.string().nullable(),
  userName: z.string(),
  status: taskStatus,
  /** 0…100 */
  progress: z.number(),
  /** how far or what it found: 已识别 80 / 120 页, 写入 320 行 */
  detail: z.string().nullable(),
  /** it finished with something to handle, or failed: what happened and what to do, in Chinese */
  problem: z.string().nullable(),
  /** an export whose file can be downloaded now (GET /api/download/:id/file) */
  downloadable: z.boolean(),
  /** where the result is handled in the product (the block of a detection run) */
  blockId: z.number().nullable(),
  createdAt: z.string(),
  finishedAt: z.string().nullable(),
  expiresAt: z.string().nullable(),
});
export type TaskItem = z.infer<typeof taskItem>;

/** GET /api/offline/task/count: the header's badge — the person's own tasks still queued or running. */
export const taskCount = z.object({ active: z.number() });
export type TaskCount = z.infer<typeof taskCount>;
