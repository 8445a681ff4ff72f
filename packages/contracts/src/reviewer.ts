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

export interface ReviewerItem {
  userId: number;
  name: string;
  /** masked unless the viewer may see phones */
  phone: string | null;
  schoolId: number | null;
  schoolName: string | null;
  quota: number | null;
  classIds: number[];
}

export interface BlockAssignment {
  blockId: number;
  name: string;
  markCount: number;
  assignMode: z.infer<typeof assignMode>;
  /** the block's default quota of free claim */
  quota: number | null;
  /** joint exams: read back from the markers' school; null in a single-school exam */
  scale: MarkScale | null;
  markers: ReviewerItem[];
  leaders: ReviewerItem[];
}

export interface SubjectAssignment {
  subjectId: number;
  status: number;
  joint: boolean;
  /** live recognised papers, not absent: what an average split divides */
  papers: number;
  blocks: BlockAssignment[];
}

export interface ReviewerCandidate {
  userId: number;
  name: string;
  phone: string | null;
  schoolId: number | null;
  schoolName: string | null;
  /** already holds 阅卷老师 (4) / 题组长 (6) in this subject */
  reviewer: boolean;
  leader: boolean;
}

export interface DivideClass {
  id: number;
  name: string;
  schoolName: string;
  examinees: number;
}
export interface DivideView {
  blockId: number;
  name: string;
  assignMode: z.infer<typeof assignMode>;
  classes: DivideClass[];
  markers: ReviewerItem[];
  groups: Array<{ classIds: number[]; userIds: number[] }>;
}

/** exam/{examId}/all_setting_task: every subject's blocks with their marker and leader counts. */
export interface ExamAssignmentSubject {
  subjectId: number;
  name: string;
  status: number;
  blocks: Array<{ blockId: number; name: string; markers: number; leaders: number; assignMode: string }>;
  /** names of blocks without markers: marking cannot start */
  withoutMarkers: string[];
}

export interface AssignImportResult {
  blocks: number;
  markers: number;
  leaders: number;
  rolesAdded: number;
}
