import { z } from 'zod';
import { SubjectStatus } from './exam';

// The subject lifecycle of DESIGN.md §3 as data: which operation each state allows and where it leads.
// The server refuses through it (当前科目状态不允许此操作); the web shows only the buttons it allows.

type Status = (typeof SubjectStatus)[keyof typeof SubjectStatus];
const S = SubjectStatus;
const BEFORE_PUBLISHED: Status[] = [S.setting, S.trial, S.trialPaused, S.reviewing, S.paused, S.done];

interface Rule {
  from: readonly Status[];
  /** the state the operation leads to; null: the state stays (an edit allowed in these states) */
  to: Status | null;
  label: string;
}

export const SUBJECT_OPERATIONS = {
  trialStart: { from: [S.setting], to: S.trial, label: '开始试评' },
  trialPause: { from: [S.trial], to: S.trialPaused, label: '暂停试评' },
  trialResume: { from: [S.trialPaused], to: S.trial, label: '继续试评' },
  trialRollback: { from: [S.trial, S.trialPaused], to: S.setting, label: '结束试评并回到设置' },
  reviewStart: { from: [S.setting, S.trial, S.trialPaused], to: S.reviewing, label: '开始阅卷' },
  reviewPause: { from: [S.reviewing], to: S.paused, label: '暂停' },
  reviewResume: { from: [S.paused], to: S.reviewing, label: '继续' },
  // a paused subject whose last papers were marked before the pause may be finished as it is
  reviewDone: { from: [S.reviewing, S.paused], to: S.done, label: '阅卷完成' },
  reviewDoneCancel: { from: [S.done], to: S.reviewing, label: '取消完成' },
  publish: { from: [S.done], to: S.published, label: '发布成绩' },
  publishCancel: { from: [S.published], to: S.done, label: '取消发布' },
  /** 先阅后扫: the scores written on the sheets are unified and published without marking on screen */
  xianyueTongfen: { from: [S.setting], to: S.published, label: '先阅后扫统分' },
  xianyueTongfenCancel: { from: [S.published], to: S.setting, label: '取消统分发布' },
  /**
   * 在线考试发布 / 取消 (issue 34): the window opens to the subject's examinees; cancelled while nobody has started.
   * Students answer while the subject has not reached 阅卷完成 (submitted answers join the marking pool as scans do).
   */
  onlineLaunch: { from: [S.setting], to: null, label: '在线考试发布' },
  onlineCancel: { from: [S.setting], to: null, label: '取消在线考试' },
  onlineSit: { from: [S.setting, S.trial, S.trialPaused, S.reviewing, S.paused], to: null, label: '在线作答' },
  /** template, questions and blocks */
  editSetting: { from: [S.setting], to: null, label: '修改题目、模板和题块' },
  /** answer keys and objective scoring (re-scored automatically later) */
  editAnswers: { from: BEFORE_PUBLISHED, to: null, label: '修改答案' },
  /** markers and leaders of the blocks: until the marks are final */
  assignMarkers: {
    from: [S.setting, S.trial, S.trialPaused, S.reviewing, S.paused],
    to: null,
    label: '修改阅卷分配',
  },
  /** claiming and submitting marks, 问题卷, arbitration */
  mark: { from: [S.reviewing], to: null, label: '阅卷' },
  /** trial marks (试评): markers mark the trial papers apart from real marking */
  trialMark: { from: [S.trial], to: null, label: '试评' },
  /** the leader's reference scores of trial papers and the 样卷 kept from them */
  trialReference: {
    from: [S.trial, S.trialPaused, S.reviewing, S.paused],
    to: null,
    label: '试评参考分与样卷',
  },
  /** 回评 and a leader's changes to submitted marks: until 阅卷完成 */
  changeMarks: { from: [S.reviewing, S.paused], to: null, label: '修改已阅分数' },
  /** 重置阅卷: a block's (or one marker's) marks discarded and marked again, until 阅卷完成 */
  resetMarks: { from: [S.reviewing, S.paused], to: null, label: '重置阅卷' },
  /** 成绩调整, 违纪 and recomputing: until the scores are published */
  adjustScores: { from: BEFORE_PUBLISHED, to: null, label: '调整成绩' },
  /** uploading, fixing exceptions, 扫描完成; papers scanned while marking join the task pool */
  scan: { from: BEFORE_PUBLISHED, to: null, label: '扫描答题卡' },
  /** 缺考登记 of a subject (who counts in its figures): until the scores are published */
  registerAbsence: { from: BEFORE_PUBLISHED, to: null, label: '登记缺考' },
  /** 成绩导入 of a subject not marked here: until the scores are published */
  importScores: { from: BEFORE_PUBLISHED, to: null, label: '导入成绩' },
  /**
   * removing an exam's examinees or changing their 试卷类型 (who counts, and which key scores them): refused
   * while any subject of the exam is published
   */
  editExaminees: { from: BEFORE_PUBLISHED, to: null, label: '删除考生或修改试卷类型' },
} as const satisfies Record<string, Rule>;

export type SubjectOperation = keyof typeof SUBJECT_OPERATIONS;
export const subjectOperations = Object.keys(SUBJECT_OPERATIONS) as SubjectOperation[];

/** Whether a subject in `status` may undergo `op`. */
export function allows(status: number, op: SubjectOperation): boolean {
  return (SUBJECT_OPERATIONS[op].from as readonly number[]).includes(status);
}

/** The state after `op`, or null when the state does not allow it. An edit leaves the state as it is. */
export function next(status: number, op: SubjectOperation): number | null {
  if (!allows(status, op)) return null;
  return SUBJECT_OPERATIONS[op].to ?? status;
}

/** The Chinese name of an operation (button text, audit log). */
export const operationLabel = (op: SubjectOperation): string => SUBJECT_OPERATIONS[op].label;

/** The operations that change the state and that `status` allows, in the table's order. */
export const transitionsFrom = (status: number): SubjectOperation[] =>
  subjectOperations.filter((op) => SUBJECT_OPERATIONS[op].to !== null && allows(status, op));

/** The marking transitions the startReviewManage screen offers (trial and publishing live elsewhere). */
export const REVIEW_OPERATIONS = [
  'reviewStart',
  'reviewPause',
  'reviewResume',
  'reviewDone',
  'reviewDoneCancel',
] as const satisfies readonly SubjectOperation[];
export type ReviewOperation = (typeof REVIEW_OPERATIONS)[number];

/** Why 开始阅卷 is refused: each reason with its count (the refusal's `data`). */
export const ReviewStartProblemKind = {
  /** schools whose 扫描完成 is not confirmed (the manager may start anyway) */
  scanUnfinished: 'scanUnfinished',
  noQuestions: 'noQuestions',
  questionNoBlock: 'questionNoBlock',
  blockNoRegion: 'blockNoRegion',
  blockNoMarker: 'blockNoMarker',
  /** papers an open 定位 / 考号 exception leaves without an image to mark */
  paperNoImage: 'paperNoImage',
  /** objective questions a template reads with another kind, option count or labels than 题目设置 scores */
  templateMismatch: 'templateMismatch',
} as const;
export type ReviewStartProblemKindValue =
  (typeof ReviewStartProblemKind)[keyof typeof ReviewStartProblemKind];
export interface ReviewStartProblem {
  kind: ReviewStartProblemKindValue;
  message: string;
  count: number;
}
/** The only reason `force` overrides. */
export const OVERRIDABLE_START_PROBLEMS: readonly ReviewStartProblemKindValue[] = ['scanUnfinished'];

export const reviewStartQuery = z.object({
  /** 1: start although some schools have not confirmed 扫描完成 */
  force: z.enum(['0', '1']).optional(),
});

/** What is left before 阅卷完成 (review/done/check). */
export const reviewDoneCheck = z.object({
  unmarked: z.number(),
  arbitration: z.number(),
  problems: z.number(),
});
export type ReviewDoneCheck = z.infer<typeof reviewDoneCheck>;

/** The answer of every review transition. */
export const reviewTransitionResult = z.object({ subjectId: z.number(), status: z.number() });
export type ReviewTransitionResult = z.infer<typeof reviewTransitionResult>;

const when = z.iso.datetime({ offset: true, message: '时间格式无效' }).nullable().optional();
/** review/schedule: set a start or end time (ISO), or null to clear it; a field left out stays as it is. */
// (a body naming neither is refused by the service, after the capability check)
export const reviewSchedule = z.object({ startAt: when, endAt: when });
export type ReviewScheduleInput = z.infer<typeof reviewSchedule>;
export const reviewScheduleResult = z.object({
  reviewStartAt: z.string().nullable(),
  reviewEndAt: z.string().nullable(),
});
export type ReviewScheduleResult = z.infer<typeof reviewScheduleResult>;

/** One row of exam/{examId}/startReviewManage. */
export const reviewManageSubject = reviewScheduleResult.extend({
  subjectId: z.number(),
  name: z.string(),
  status: z.number(),
  /** the user may start, pause and finish this subject's marking (subject.setting.edit) */
  canManage: z.boolean(),
});
export type ReviewManageSubject = z.infer<typeof reviewManageSubject>;
