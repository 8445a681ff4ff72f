import { z } from 'zod';
import { id, idParam, int, intParam, text } from './fields';

// 在线考试 (issue 34): a subject answered in the browser instead of on paper. The school sets a window, a duration
// and each question's content; launches it (a lifecycle operation); its examinees sit it on 学生端.

/** How a subject is sat: on paper (scanned) or online (answered in the browser). */
export const SubjectMode = { paper: 'paper', online: 'online' } as const;
export const subjectMode = z.enum(['paper', 'online']);
export type SubjectModeValue = z.infer<typeof subjectMode>;

/** An online exam's own state beside the subject's: set up, launched (students may sit it), cancelled. */
export const onlineState = z.enum(['draft', 'launched', 'cancelled']);
export type OnlineState = z.infer<typeof onlineState>;

/** Where one examinee is in the exam. */
export const sitterState = z.enum(['notStarted', 'inProgress', 'submitted']);
export type SitterState = z.infer<typeof sitterState>;

/** The longest written answer kept (characters). */
export const ONLINE_ANSWER_MAX = 20000;

const content = text().max(10000, '题干不能超过 10000 字');
/** A question's content: text with math ($…$, $$…$$, \( \), \[ \]) and, for an objective one, each option's text. */
export const onlineQuestionContent = z.object({
  no: text().min(1).max(20),
  content,
  optionTexts: z.array(text().max(2000, '选项不能超过 2000 字')).max(26),
});
export type OnlineQuestionContent = z.infer<typeof onlineQuestionContent>;

const when = z.iso.datetime({ offset: true, message: '时间格式无效' });
/** A duration of sitting, in whole minutes. */
const minutes = z
  .number()
  .int('时长须为整数分钟')
  .min(1, '时长至少 1 分钟')
  .max(600, '时长不能超过 600 分钟');
/**
 * 在线考试设置 saved by the school: the mode, the window, the duration and the questions' content. A paper subject
 * may save its content alone (what its 补考 examinees read online): no window nor duration, each 补考 has its own.
 */
export const onlineSettingSave = z
  .object({
    mode: subjectMode,
    startsAt: when.nullable(),
    endsAt: when.nullable(),
    durationMin: minutes.nullable(),
    /** 题序打乱: each student sees the questions in an order of their own (within the 选择题 and within the 解答题) */
    shuffleQuestions: z.boolean().default(false),
    /** 选项打乱: each student sees the options of single and multiple choice in an order of their own */
    shuffleOptions: z.boolean().default(false),
    contents: z.array(onlineQuestionContent).max(500),
  })
  .refine((b) => b.mode === 'paper' || !!(b.startsAt && b.endsAt && b.durationMin), {
    message: '请设置考试时间段和考试时长',
    path: ['startsAt'],
  });
export type OnlineSettingSave = z.infer<typeof onlineSettingSave>;

/** One question as the setting shows it: the structure's kind, options and full marks, with its content. */
export const onlineSettingQuestion = onlineQuestionContent.extend({
  kind: z.string(),
  options: z.number(),
  score: z.number(),
});
export const onlineSetting = z.object({
  subjectId: z.number(),
  mode: subjectMode,
  state: onlineState,
  startsAt: z.string().nullable(),
  endsAt: z.string().nullable(),
  durationMin: z.number().nullable(),
  shuffleQuestions: z.boolean(),
  shuffleOptions: z.boolean(),
  launchedAt: z.string().nullable(),
  /** the subject's lifecycle allows 在线考试发布 / 取消 now */
  canLaunch: z.boolean(),
  canCancel: z.boolean(),
  /** 重新开放 is possible: marking has not started (a later hand-in could outgrow the 题块's regions set at 开始阅卷) */
  canReopen: z.boolean(),
  /**
   * 补考 can be given or changed: marking not started (as 重新开放), and an online subject launched; a paper
   * subject's absent examinees sit online (their papers marked with the scanned ones)
   */
  canMakeup: z.boolean(),
  questions: z.array(onlineSettingQuestion),
});
export type OnlineSetting = z.infer<typeof onlineSetting>;

/** The school's list of who sits: state, times, pages left, score of the objective part. */
export const sitterQuery = z.object({
  state: sitterState.optional(),
  /** only those with a 补考 window */
  makeup: z.enum(['1']).optional(),
  /** only those without a scanned paper of the subject (a paper subject's 补考 is for them) */
  unscanned: z.enum(['1']).optional(),
  q: text().max(50).optional(),
  page: intParam(1).default(1),
  size: intParam(1, 200).default(50),
});
export const sitterRow = z.object({
  examineeId: z.number(),
  name: z.string(),
  kaohao: z.string(),
  className: z.string(),
  state: sitterState,
  startedAt: z.string().nullable(),
  deadline: z.string().nullable(),
  submittedAt: z.string().nullable(),
  /** manual (交卷) or timeout (到时自动交卷) */
  submitKind: z.string().nullable(),
  /** times the student left the exam page (a sign, not an accusation) */
  leaveCount: z.number(),
  answered: z.number(),
  objectiveScore: z.number().nullable(),
  /** the examinee's own 补考 window, when one is given (their sitting is in it instead of the exam's) */
  makeup: z.object({ startsAt: z.string(), endsAt: z.string(), durationMin: z.number() }).nullable(),
  /** a scanned (not online) paper of the subject is there: no 补考 for them */
  scanned: z.boolean(),
  /** 缺考 is registered for them in the subject */
  absent: z.boolean(),
});
export type SitterRow = z.infer<typeof sitterRow>;
export const sitterList = z.object({
  items: z.array(sitterRow),
  total: z.number(),
  counts: z.object({
    notStarted: z.number(),
    inProgress: z.number(),
    submitted: z.number(),
    /** those with a 补考 window (counted in their state too) */
    makeup: z.number(),
  }),
});
export type SitterList = z.infer<typeof sitterList>;

/** 重新开放: the student's window opened again for a reason (audited): more minutes from now. */
export const reopenRequest = z.object({
  reason: text().trim().min(2, '请填写重新开放的原因').max(200, '原因不能超过 200 字'),
  minutes: z.number().int().min(1, '至少 1 分钟').max(600, '不能超过 600 分钟'),
});
export type ReopenRequest = z.infer<typeof reopenRequest>;

/**
 * 补考: examinees who did not sit (no attempt) given their own window and duration (same as the exam's when
 * omitted; a paper subject's, which has no exam duration: the whole window); setting it again changes it. Allowed only before 开始阅卷, so their papers are marked with the rest
 * and the scores published once.
 */
export const makeupSave = z.object({
  examineeIds: z.array(id()).min(1, '请选择考生').max(500, '一次最多安排 500 名考生'),
  startsAt: when,
  endsAt: when,
  durationMin: minutes.nullable(),
});
export type MakeupSave = z.infer<typeof makeupSave>;
/** 撤销补考 of the examinees (none may have started). */
export const makeupWithdraw = z.object({
  examineeIds: z.array(id()).min(1, '请选择考生').max(500, '一次最多撤销 500 名考生'),
});
export type MakeupWithdraw = z.infer<typeof makeupWithdraw>;

// ——— 学生端 ———

/** An online exam in a student's list. */
export const portalOnlineItem = z.object({
  subjectId: z.number(),
  examName: z.string(),
  subjectName: z.string(),
  startsAt: z.string(),
  endsAt: z.string(),
  durationMin: z.number(),
  state: sitterState,
  /** the window is open now (and the student has not submitted) */
  open: z.boolean(),
  /** the window shown is the student's own 补考 window */
  makeup: z.boolean(),
});
export type PortalOnlineItem = z.infer<typeof portalOnlineItem>;
export const portalOnlineList = z.array(portalOnlineItem);

/** A question as the student sees it: no key. */
export const sitQuestion = z.object({
  no: z.string(),
  /** the number shown: the place in this student's order when the questions are shuffled, else `no` */
  label: z.string(),
  /**
   * the real letters of the options in the order shown (optionTexts are in that order too): the student's choice
   * is sent and kept as the real letter, so the key and scoring know nothing of the shuffle
   */
  letters: z.array(z.string()),
  kind: z.string(),
  score: z.number(),
  content: z.string(),
  optionTexts: z.array(z.string()),
  options: z.number(),
});
export type SitQuestion = z.infer<typeof sitQuestion>;
/** A saved answer: letters for an objective question ("AC"), text for a written one; `rev` the client's count. */
export const sitAnswer = z.object({ no: z.string(), value: z.string(), rev: z.number() });
export type SitAnswer = z.infer<typeof sitAnswer>;

export const sitReceipt = z.object({
  /** 回执号: the attempt's number and the time, shown to the student */
  receipt: z.string(),
  submittedAt: z.string(),
  submitKind: z.string(),
  answered: z.number(),
  total: z.number(),
});
export type SitReceipt = z.infer<typeof sitReceipt>;

/** Photos of written work on paper (issue 34): at most this many per question, each at most this many bytes. */
export const ONLINE_PHOTO_MAX = 6;
export const ONLINE_PHOTO_MAX_BYTES = 10 * 1024 * 1024;
/** A photo of a written question's answer, in its place; `rotation` clockwise, in quarter turns' degrees. */
export const sitPhoto = z.object({
  id: z.number(),
  no: z.string(),
  position: z.number(),
  rotation: z.number(),
});
export type SitPhoto = z.infer<typeof sitPhoto>;
/** 调整照片: the question's photos in their new order, each with its rotation (every photo of it, once). */
export const arrangePhotosRequest = z.object({
  no: text().min(1).max(20),
  photos: z
    .array(
      z.object({
        id: int(1),
        rotation: z.union([z.literal(0), z.literal(90), z.literal(180), z.literal(270)]),
      }),
    )
    .max(ONLINE_PHOTO_MAX),
});
export type ArrangePhotosRequest = z.infer<typeof arrangePhotosRequest>;
export const photoUploadParam = z.object({ subjectId: idParam(), no: text().min(1).max(20) });
export const photoParam = z.object({ subjectId: idParam(), photoId: idParam() });

export const sitView = z.object({
  subjectId: z.number(),
  examName: z.string(),
  subjectName: z.string(),
  durationMin: z.number(),
  endsAt: z.string(),
  state: sitterState,
  /** set once started: when the answers are taken (start + duration, never past the window's end) */
  deadline: z.string().nullable(),
  /** the server's clock, so the countdown does not trust the device's */
  now: z.string(),
  questions: z.array(sitQuestion),
  answers: z.array(sitAnswer),
  /** the photos of written answers, by question and position */
  photos: z.array(sitPhoto),
  receipt: sitReceipt.nullable(),
});
export type SitView = z.infer<typeof sitView>;

export const saveAnswerRequest = z.object({
  no: text().min(1).max(20),
  value: text().max(ONLINE_ANSWER_MAX, `作答不能超过 ${ONLINE_ANSWER_MAX} 字`),
  /** the client's revision of this answer: an older one arriving late is ignored (idempotent by question) */
  rev: int(0),
});
export const saveAnswerResult = z.object({ no: z.string(), rev: z.number() });

export const onlineSubjectParam = z.object({ subjectId: idParam() });
