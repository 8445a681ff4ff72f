import { z } from 'zod';
import { id, text } from './fields';
import { scoreBlocker } from './score';

// Publishing a subject's scores (spec §4 publish / cancel / delay publish, 先阅后扫 统分; §7 the scores family:
// release, batch release, delay publish) and 违纪 marks (DESIGN.md §6).

/** GET /api/subject/:id/score/release: where the subject stands and what the user may do. */
export const publishState = z.object({
  subjectId: z.number(),
  name: z.string(),
  status: z.number(),
  /** 定时发布: when the server publishes by itself; null when none is set */
  publishAt: z.string().nullable(),
  /** published by 先阅后扫统分 (cancelled with cancelXianyueTongfen, not 取消发布) */
  tongfen: z.boolean(),
  /** the sheets carry 打分栏 scores: 先阅后扫统分 is offered */
  xianyue: z.boolean(),
});
export type PublishState = z.infer<typeof publishState>;

/** POST /api/subject/:id/score/delayPublish: a time (ISO, later than now) or null to clear it. */
export const delayPublishBody = z.object({
  publishAt: z.iso.datetime({ offset: true, message: '时间格式无效' }).nullable(),
});
export type DelayPublishBody = z.infer<typeof delayPublishBody>;

/** At most this many subjects in one batch release (an exam has a handful). */
export const MAX_BATCH_RELEASE = 50;
/** POST /api/exam/:examId/score/batchRelease */
export const batchReleaseBody = z.object({
  subjectIds: z
    .array(id('科目编号无效'))
    .min(1, '请选择要发布的科目')
    .max(MAX_BATCH_RELEASE, `一次最多发布 ${MAX_BATCH_RELEASE} 个科目`),
});
export type BatchReleaseBody = z.infer<typeof batchReleaseBody>;

/** One subject of a batch release: published, or refused with the reason (and the blockers when the check failed). */
export const batchReleaseItem = z.object({
  subjectId: z.number(),
  name: z.string(),
  ok: z.boolean(),
  message: z.string(),
  blockers: z.array(scoreBlocker),
});
export type BatchReleaseItem = z.infer<typeof batchReleaseItem>;

/** One row of the exam's release screen (GET /api/exam/:examId/score/release). */
export const examReleaseRow = publishState.extend({
  blockers: z.array(scoreBlocker),
  /** the user may publish and cancel this subject (score.publish) */
  canPublish: z.boolean(),
});
export type ExamReleaseRow = z.infer<typeof examReleaseRow>;

/** POST /api/subject/:id/score/irregular: mark an examinee 违纪 (the subject scores 0) with the reason. */
export const irregularBody = z.object({
  examineeId: id('考生编号无效'),
  reason: text().trim().min(1, '请填写违纪原因').max(200, '违纪原因不能超过 200 字'),
});
export type IrregularBody = z.infer<typeof irregularBody>;

/** POST /api/subject/:id/score/irregular/cancel */
export const irregularCancelBody = z.object({ examineeId: id('考生编号无效') });

/** One row of GET /api/subject/:id/score/irregulars */
export const irregularItem = z.object({
  examineeId: z.number(),
  kaohao: z.string(),
  name: z.string(),
  className: z.string(),
  reason: z.string(),
  userName: z.string().nullable(),
  at: z.string().nullable(),
});
export type IrregularItem = z.infer<typeof irregularItem>;
