import { z } from 'zod';
import { assignMode } from './block';
import { pageQuery } from './envelope';
import { id, int, text } from './fields';

// Who marks what (issue 13, spec §2 setting/task, setting/divide, exam/{examId}/all_setting_task).

/** A joint exam's marking scale: each school marks its own papers (the default), or anyone marks any. */
export const markScale = z.enum(['school', 'mixed']);
export type MarkScale = z.infer<typeof markScale>;
export const MARK_SCALE_LABELS: Record<MarkScale, string> = { school: '校内阅卷', mixed: '混合阅卷' };

/** Saving a block's markers (阅卷老师) and leaders (题组长); the quota applies to free claim. */
export const blockReviewersSave = z.object({
  markers: z
    .array(z.object({ userId: id(), quota: int(1, 1_000_000).nullable().optional() }))
    .max(500, '一个题块最多 500 位阅卷老师'),
  leaders: z.array(id()).max(100, '一个题块最多 100 位题组长'),
  assignMode: assignMode.optional(),
  /** joint exams only; left out: unchanged (a block without markers takes 校内阅卷) */
  scale: markScale.optional(),
});
export type BlockReviewersSave = z.infer<typeof blockReviewersSave>;

export const blockCopyInput = z.object({
  toBlockIds: z.array(id()).min(1, '请选择要复制到的题块').max(100),
});

export const candidateQuery = pageQuery.extend({ keyword: text().trim().max(30).optional() });

/** by-class distribution: each group's classes are marked by its markers; a class in one group only. */
export const divideSave = z.object({
  groups: z
    .array(
      z.object({
        classIds: z.array(id()).min(1, '每组至少选择一个班级').max(300),
        userIds: z.array(id()).min(1, '每组至少选择一位阅卷老师').max(500),
      }),
    )
    .max(200),
});
export type DivideSave = z.infer<typeof divideSave>;

export const reviewerItem = z.object({
  userId: z.number(),
  name: z.string(),
  /** masked unless the viewer may see phones */
  phone: z.string().nullable(),
  schoolId: z.number().nullable(),
  schoolName: z.string().nullable(),
  quota: z.number().nullable(),
  classIds: z.array(z.number()),
});
export type ReviewerItem = z.infer<typeof reviewerItem>;

export const blockAssignment = z.object({
  blockId: z.number(),
  name: z.string(),
  markCount: z.number(),
  assignMode: assignMode,
  /** the block's default quota of free claim */
  quota: z.number().nullable(),
  /** joint exams: read back from the markers' school; null in a single-school exam */
  scale: markScale.nullable(),
  markers: z.array(reviewerItem),
  leaders: z.array(reviewerItem),
});
export type BlockAssignment = z.infer<typeof blockAssignment>;

export const subjectAssignment = z.object({
  subjectId: z.number(),
  status: z.number(),
  joint: z.boolean(),
  /** live recognised papers, not absent: what an average split divides */
  papers: z.number(),
  blocks: z.array(blockAssignment),
});
export type SubjectAssignment = z.infer<typeof subjectAssignment>;

export const reviewerCandidate = z.object({
  userId: z.number(),
  name: z.string(),
  phone: z.string().nullable(),
  schoolId: z.number().nullable(),
  schoolName: z.string().nullable(),
  /** already holds 阅卷老师 (4) / 题组长 (6) in this subject */
  reviewer: z.boolean(),
  leader: z.boolean(),
});
export type ReviewerCandidate = z.infer<typeof reviewerCandidate>;

export const divideClass = z.object({
  id: z.number(),
  name: z.string(),
  schoolName: z.string(),
  examinees: z.number(),
});
export type DivideClass = z.infer<typeof divideClass>;
export const divideView = z.object({
  blockId: z.number(),
  name: z.string(),
  assignMode: assignMode,
  classes: z.array(divideClass),
  markers: z.array(reviewerItem),
  groups: z.array(z.object({ classIds: z.array(z.number()), userIds: z.array(z.number()) })),
});
export type DivideView = z.infer<typeof divideView>;

/** exam/{examId}/all_setting_task: every subject's blocks with their marker and leader counts. */
export const examAssignmentSubject = z.object({
  subjectId: z.number(),
  name: z.string(),
  status: z.number(),
  blocks: z.array(
    z.object({
      blockId: z.number(),
      name: z.string(),
      markers: z.number(),
      leaders: z.number(),
      assignMode: z.string(),
    }),
  ),
  /** names of blocks without markers: marking cannot start */
  withoutMarkers: z.array(z.string()),
});
export type ExamAssignmentSubject = z.infer<typeof examAssignmentSubject>;

export const assignImportResult = z.object({
  blocks: z.number(),
  markers: z.number(),
  leaders: z.number(),
  rolesAdded: z.number(),
});
export type AssignImportResult = z.infer<typeof assignImportResult>;
