import { z } from 'zod';
import { id, idParam, text } from './fields';
import { password } from './password';
import { phone } from './auth';
import { markAnnotationShape } from './marking';

// 学生端 / 家长端 (issue 32, DESIGN.md §9): student and parent accounts, what they see of published results, and the
// school's 发布设置 of an exam.

export const xuehaoField = text().trim().min(1, '请输入学号').max(32, '学号不能超过 32 位');

// ---- the school's side: accounts, the handout sheet, resets ----

/** A student account's state as the school's list shows it. */
export const portalAccountState = z.enum(['none', 'initial', 'active', 'disabled']);
export type PortalAccountState = z.infer<typeof portalAccountState>;
export const PORTAL_ACCOUNT_STATE_LABELS: Record<PortalAccountState, string> = {
  none: '未开通',
  initial: '未首次登录',
  active: '已启用',
  disabled: '已停用',
};

export const portalAccountQuery = z.object({ classId: idParam().optional() });
export const portalAccountRow = z.object({
  studentId: z.number(),
  name: z.string(),
  xuehao: z.string(),
  classId: z.number(),
  className: z.string(),
  state: portalAccountState,
  parents: z.number(),
});
export type PortalAccountRow = z.infer<typeof portalAccountRow>;
export const portalAccountList = z.object({
  items: z.array(portalAccountRow),
  classes: z.array(z.object({ id: z.number(), name: z.string(), gradeName: z.string() })),
});
export type PortalAccountList = z.infer<typeof portalAccountList>;

/** 批量开通: every enrolled student of the classes (all classes when empty) without an account gets one. */
export const portalAccountCreate = z.object({ classIds: z.array(id()).max(500).default([]) });
export const portalAccountCreated = z.object({ created: z.number(), existing: z.number() });

/** 重置密码: a new initial password, to be changed at the next sign-in. */
export const portalPasswordReset = z.object({ password: z.string() });

// ---- 发布设置 ----

export const portalRankMode = z.enum(['none', 'band', 'rank']);
export type PortalRankMode = z.infer<typeof portalRankMode>;
export const PORTAL_RANK_MODE_LABELS: Record<PortalRankMode, string> = {
  none: '不显示排名',
  band: '只显示等级段',
  rank: '显示班级和年级排名',
};
export const publishSetting = z.object({
  rankMode: portalRankMode,
  /** class and grade averages and highest scores */
  showAverages: z.boolean(),
  /** the scanned paper with its marking */
  showPaper: z.boolean(),
  /** the objective answers with their keys */
  showAnswers: z.boolean(),
  openToParents: z.boolean(),
});
export type PublishSetting = z.infer<typeof publishSetting>;
/** Common practice: no rank; averages and the paper shown. */
export const PUBLISH_SETTING_DEFAULTS: PublishSetting = {
  rankMode: 'none',
  showAverages: true,
  showPaper: true,
  showAnswers: true,
  openToParents: true,
};

// ---- sign-in ----

export const portalSchoolQuery = z.object({ q: text().trim().min(2, '请至少输入 2 个字').max(50) });
export const portalSchools = z.array(z.object({ id: z.number(), name: z.string() }));
/** The school's exams with published results, newest first: to choose the exam whose 考号 signs in. */
export const portalSchoolExams = z.array(
  z.object({ id: z.number(), name: z.string(), date: z.string().nullable() }),
);
/** how many of a school's newest exams the 考号 sign-in offers */
export const PORTAL_LOGIN_EXAMS = 20;

const portalLoginBase = z.object({
  schoolId: id('请选择学校'),
  password: text().min(1, '请输入密码').max(128),
  verifyKey: text().max(64).optional(),
  captcha: text().max(16).optional(),
});
/** A student signs in by school + 学号, or by school + the 考号 of one of the school's exams (chosen). */
export const portalLoginRequest = z.union([
  portalLoginBase.extend({ xuehao: xuehaoField }),
  portalLoginBase.extend({
    examId: id('请选择考试'),
    kaohao: text().trim().min(1, '请输入考号').max(32, '考号不能超过 32 位'),
  }),
]);
export type PortalLoginRequest = z.infer<typeof portalLoginRequest>;

export const parentSmsRequest = z.object({ phone });
export const parentLoginRequest = z.union([
  z.object({ phone, code: z.string().regex(/^\d{6}$/, '验证码为 6 位数字') }),
  z.object({
    phone,
    password: text().min(1, '请输入密码').max(128),
    verifyKey: text().max(64).optional(),
    captcha: text().max(16).optional(),
  }),
]);
export type ParentLoginRequest = z.infer<typeof parentLoginRequest>;

// ---- the signed-in student or parent ----

export const portalChild = z.object({
  studentId: z.number(),
  name: z.string(),
  xuehao: z.string(),
  className: z.string(),
  schoolName: z.string(),
});
export type PortalChild = z.infer<typeof portalChild>;
export const portalMe = z.object({
  kind: z.enum(['student', 'parent']),
  name: z.string(),
  /** the parent's phone, masked */
  phone: z.string().nullable(),
  /** the student themselves, or the parent's bound children */
  children: z.array(portalChild),
  /** a parent who signed in by SMS and never set a password sets one without the old */
  hasPassword: z.boolean(),
});
export type PortalMe = z.infer<typeof portalMe>;

export const portalPasswordChange = z.object({
  oldPassword: text().max(128).optional(),
  newPassword: password,
});

export const bindChildRequest = z.object({
  name: text().trim().min(1, '请输入孩子姓名').max(50),
  xuehao: xuehaoField,
  bindingCode: text().trim().min(4, '请输入绑定码').max(16),
});
/** at most two parents a child */
export const MAX_PARENTS_PER_CHILD = 2;

// ---- results ----

/** Whose results: a student's own (may be left out), or one of a parent's children. */
export const portalWho = z.object({ studentId: idParam().optional() });

export const portalExamItem = z.object({
  examId: z.number(),
  name: z.string(),
  date: z.string().nullable(),
  total: z.number().nullable(),
  fullScore: z.number(),
  subjects: z.number(),
});
export const portalExamList = z.array(portalExamItem);
export type PortalExamItem = z.infer<typeof portalExamItem>;

/** How the student stands among others: numbers shown only as the exam's 发布设置 allows. */
export const portalStanding = z.object({
  classAvg: z.number().nullable().optional(),
  gradeAvg: z.number().nullable().optional(),
  classMax: z.number().nullable().optional(),
  gradeMax: z.number().nullable().optional(),
  classRank: z.number().nullable().optional(),
  gradeRank: z.number().nullable().optional(),
  /** '前 10%' …, when the school shows a band instead of a rank */
  band: z.string().nullable().optional(),
  /** a 联考: the same figures among the examinees of all its schools (the grade ones are the own school's) */
  unionAvg: z.number().nullable().optional(),
  unionMax: z.number().nullable().optional(),
  unionRank: z.number().nullable().optional(),
  /** how many of the 联考 have a score: the rank's "of n" */
  unionCount: z.number().optional(),
  unionBand: z.string().nullable().optional(),
});
export const portalSubjectResult = z.object({
  subjectId: z.number(),
  name: z.string(),
  score: z.number().nullable(),
  fullScore: z.number(),
  absent: z.boolean(),
  /** 等级: A–E by the share of full marks */
  level: z.string().nullable(),
  standing: portalStanding,
});
export const portalExamDetail = z.object({
  examId: z.number(),
  name: z.string(),
  date: z.string().nullable(),
  student: z.object({ name: z.string(), className: z.string() }),
  /** a 联考 of several schools: the standings carry the figures among all of them */
  joint: z.boolean(),
  setting: publishSetting.omit({ openToParents: true }),
  total: z.object({
    score: z.number().nullable(),
    fullScore: z.number(),
    level: z.string().nullable(),
    standing: portalStanding,
  }),
  subjects: z.array(portalSubjectResult),
});
export type PortalExamDetail = z.infer<typeof portalExamDetail>;

export const portalQuestion = z.object({
  no: z.string(),
  kind: z.string(),
  score: z.number().nullable(),
  fullScore: z.number(),
  /** objective: the student's choice and the key (when the school shows answers) */
  answer: z.string().nullable().optional(),
  key: z.string().nullable().optional(),
  /** the class's 得分率, 0–1 */
  classRate: z.number().nullable(),
});
export type PortalQuestion = z.infer<typeof portalQuestion>;
export const portalBlock = z.object({
  blockId: z.number(),
  name: z.string(),
  nos: z.array(z.string()),
  score: z.number().nullable(),
  fullScore: z.number(),
  /** the annotations the markers drew on the cut, in fractions of its width and height */
  marks: z.array(markAnnotationShape),
});
export type PortalBlock = z.infer<typeof portalBlock>;
export const portalSubjectDetail = z.object({
  subjectId: z.number(),
  examId: z.number(),
  examName: z.string(),
  name: z.string(),
  score: z.number().nullable(),
  fullScore: z.number(),
  absent: z.boolean(),
  showPaper: z.boolean(),
  questions: z.array(portalQuestion),
  blocks: z.array(portalBlock),
  /**
   * the scanned pages, in order (when the school shows the paper), with the marking drawn where it was made: the
   * markers' annotations and each 题块's final score, in the page image's pixels (through the page's registration)
   */
  pages: z.array(
    z.object({
      pageId: z.number(),
      position: z.number(),
      marks: z.array(markAnnotationShape),
      scores: z.array(
        z.object({ x: z.number(), y: z.number(), score: z.number().nullable(), fullScore: z.number() }),
      ),
    }),
  ),
  /** 错题: questions with points lost, most lost first */
  lost: z.array(portalQuestion.extend({ lost: z.number() })),
});
export type PortalSubjectDetail = z.infer<typeof portalSubjectDetail>;
export type PortalPage = PortalSubjectDetail['pages'][number];

// ---- across exams ----

/** One score in the trend: the share of full marks always; the grade rank or band as that exam's 发布设置 allows. */
export const portalTrendPoint = z.object({
  score: z.number().nullable(),
  fullScore: z.number(),
  /** score / full marks, 0–1; null when absent */
  rate: z.number().nullable(),
  gradeRank: z.number().nullable().optional(),
  band: z.string().nullable().optional(),
});
export type PortalTrendPoint = z.infer<typeof portalTrendPoint>;
/** The student's published exams, oldest first (the newest PORTAL_TREND_EXAMS), with the total and each subject. */
export const portalTrend = z.array(
  z.object({
    examId: z.number(),
    name: z.string(),
    date: z.string().nullable(),
    total: portalTrendPoint,
    subjects: z.array(portalTrendPoint.extend({ name: z.string() })),
  }),
);
export type PortalTrend = z.infer<typeof portalTrend>;
export const PORTAL_TREND_EXAMS = 12;

/** GET /api/portal/login-user-info: the school a printed QR names (null when none or unknown). */
export const portalLoginInfo = z.object({
  school: z.object({ id: z.number(), name: z.string() }).nullable(),
});
export type PortalLoginInfo = z.infer<typeof portalLoginInfo>;
export const portalLoginInfoQuery = z.object({ school: idParam().optional() });

/** GET /api/school/:schoolId/portal/qrcode: the QR a school prints or shows (学生 / 家长 sign-in of the school). */
export const portalSchoolQr = z.object({ schoolName: z.string(), url: z.string(), qr: z.string() });
export type PortalSchoolQr = z.infer<typeof portalSchoolQr>;
