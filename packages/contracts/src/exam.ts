import { z } from 'zod';
import { id, int, text } from './fields';
import { pageQuery } from './envelope';

/** Subject lifecycle, DESIGN.md §3. */
export const SubjectStatus = {
  setting: 0,
  trial: 1,
  trialPaused: 2,
  reviewing: 3,
  paused: 4,
  done: 5,
  published: 6,
} as const;
export const SUBJECT_STATUS_LABELS: Record<number, string> = {
  0: '设置中',
  1: '试评中',
  2: '试评暂停',
  3: '阅卷中',
  4: '已暂停',
  5: '阅卷完成',
  6: '已发布',
};

const date = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, '日期格式应为 YYYY-MM-DD');
export const subjectInput = z.object({
  course: text().trim().min(1, '请选择学科').max(20),
  fullScore: z.number().positive('满分须大于 0').max(1000, '满分不能超过 1000'),
});
const subjects = z
  .array(subjectInput)
  .min(1, '至少添加一个科目')
  .max(20)
  .refine((s) => new Set(s.map((x) => x.course)).size === s.length, '科目不能重复');

export const examName = text().trim().min(2, '考试名称至少 2 个字').max(60, '考试名称不能超过 60 个字');

/** singleCreateExam step 1–2: basic information and subjects. */
export const singleExamCreate = z.object({
  schoolId: id(),
  name: examName,
  gradeId: id('请选择年级'),
  startDate: date,
  endDate: date.optional(),
  subjects,
});
export type SingleExamCreate = z.infer<typeof singleExamCreate>;

/** create/jointExam: schools chosen from the organisation tree, union managers. */
export const jointExamCreate = z.object({
  name: examName,
  gradeName: text().trim().min(1, '请填写年级').max(20),
  startDate: date,
  endDate: date.optional(),
  schoolIds: z.array(id()).min(2, '联考至少选择两所学校').max(500),
  subjects,
  unionManagerIds: z.array(id()).max(50).default([]),
});
export type JointExamCreate = z.infer<typeof jointExamCreate>;

export const examEdit = z.object({
  name: examName,
  startDate: date,
  endDate: date.nullable().optional(),
  subjects: z
    .array(subjectInput.extend({ id: id().optional() }))
    .min(1, '至少保留一个科目')
    .max(20)
    .refine((s) => new Set(s.map((x) => x.course)).size === s.length, '科目不能重复'),
});
export type ExamEdit = z.infer<typeof examEdit>;

export const examListQuery = pageQuery.extend({
  keyword: text().trim().max(50).optional(),
  gradeId: id().optional(),
  type: int(1, 4).optional(),
  dateFrom: date.optional(),
  dateTo: date.optional(),
  /** setting | reviewing | done | published: the exam's most advanced subject state */
  state: z.enum(['setting', 'reviewing', 'done', 'published']).optional(),
  schoolId: id().optional(),
  includeHidden: z.boolean().default(false),
});
export type ExamListQuery = z.infer<typeof examListQuery>;

export const subjectItem = z.object({
  id: z.number(),
  examId: z.number(),
  course: z.string(),
  name: z.string(),
  fullScore: z.number(),
  status: z.number(),
});
export type SubjectItem = z.infer<typeof subjectItem>;

export const examListItem = z.object({
  id: z.number(),
  name: z.string(),
  type: z.number(),
  gradeName: z.string().nullable(),
  schoolId: z.number().nullable(),
  schoolName: z.string().nullable(),
  startDate: z.string().nullable(),
  endDate: z.string().nullable(),
  hidden: z.boolean(),
  step: z.number(),
  subjects: z.array(subjectItem),
  examinees: z.number(),
  schools: z.number(),
  creatorName: z.string().nullable(),
});
export type ExamListItem = z.infer<typeof examListItem>;

/** A row of 校内考试 / 联考: the exam and whether the asker may manage it (编辑, 复制, 隐藏, 删除 shown only then). */
export const examListRow = examListItem.extend({ canManage: z.boolean() });
export type ExamListRow = z.infer<typeof examListRow>;

export const examDetail = examListItem.extend({
  gradeId: z.number().nullable(),
  schoolList: z.array(z.object({ id: z.number(), name: z.string(), examinees: z.number() })),
  /** what the signed-in user may do on this exam */
  can: z.object({
    manage: z.boolean(),
    viewPhones: z.boolean(),
    downloadScores: z.boolean(),
    /** the exam's examinees (exam.roster.read: 考生名单) */
    roster: z.boolean(),
    /**
     * score.publish on the exam as a whole: its 发布设置 (学生端), which holds for every subject. A subject's
     * manager publishes that subject (ExamReleaseRow.canPublish) but sets nothing for the other subjects.
     */
    publish: z.boolean(),
  }),
});
export type ExamDetail = z.infer<typeof examDetail>;

/** GET /api/subject/{id}/detail: the subject (with the spec's `_id`), its exam and the exam's examinee count. */
export const subjectDetail = z.object({
  subjectInfo: subjectItem.extend({ _id: z.number() }),
  exam: z.object({ id: z.number(), name: z.string(), type: z.number() }),
  examinees: z.number(),
});
export type SubjectDetail = z.infer<typeof subjectDetail>;

/** Rules for generating kaohao (考号) when taking students into an exam. */
export const kaohaoRule = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('xuehao') }),
  z.object({
    kind: z.literal('classSeat'),
    prefix: z
      .string()
      .regex(/^\d{0,8}$/, '前缀只能是数字')
      .default(''),
    classDigits: int(1, 3).default(2),
    seatDigits: int(2, 3).default(2),
  }),
  z.object({
    kind: z.literal('sequence'),
    prefix: z
      .string()
      .regex(/^\d{0,8}$/, '前缀只能是数字')
      .default(''),
    digits: int(3, 8).default(4),
  }),
]);
export type KaohaoRule = z.infer<typeof kaohaoRule>;

export const examineeAdd = z.object({
  classIds: z.array(id()).min(1, '请选择班级').max(500),
  rule: kaohaoRule,
  /** students per exam room; 0 means rooms by class */
  roomSize: int(0, 200).default(30),
});
export type ExamineeAdd = z.infer<typeof examineeAdd>;

export const examineeListQuery = pageQuery.extend({
  keyword: text().trim().max(30).optional(),
  schoolId: id().optional(),
  classId: id().optional(),
  kaochang: text().trim().max(20).optional(),
  /** with subjectId: whether each examinee is absent in that subject */
  subjectId: id().optional(),
});
/** An exam's examinee list as asked: the server's query and the web's filter state are this one shape. */
export type ExamineeListQuery = z.infer<typeof examineeListQuery>;

export const examineeItem = z.object({
  id: z.number(),
  studentId: z.number(),
  name: z.string(),
  xuehao: z.string(),
  schoolName: z.string(),
  className: z.string(),
  kaohao: z.string(),
  kaochang: z.string().nullable(),
  seat: z.number().nullable(),
  paperType: z.enum(['A', 'B']).nullable(),
  absent: z.boolean().optional(),
});
export type ExamineeItem = z.infer<typeof examineeItem>;

export const examineeIds = z.object({
  ids: z.array(id()).min(1, '请选择考生').max(10_000, '一次最多选择 10000 名考生'),
});
export const paperTypeBody = examineeIds.extend({ paperType: z.enum(['A', 'B']).nullable() });
export const absentBody = examineeIds.extend({ absent: z.boolean() });

export const roleAdd = z.object({
  role: int(0, 9),
  userIds: z.array(id()).min(1, '请选择人员').max(500),
  subjectId: id().optional(),
  schoolId: id().optional(),
});
export type RoleAdd = z.infer<typeof roleAdd>;

export const staffItem = z.object({
  id: z.number(),
  userId: z.number(),
  name: z.string(),
  phone: z.string().nullable(),
  role: z.number(),
  subjectId: z.number().nullable(),
  subjectName: z.string().nullable(),
  schoolId: z.number().nullable(),
  schoolName: z.string().nullable(),
});
export type StaffItem = z.infer<typeof staffItem>;

/** GET /yue/api/subject/{id}/operation/permission */
export const operationPermission = z.object({
  subjectId: z.number(),
  status: z.number(),
  manageExam: z.boolean(),
  editSetting: z.boolean(),
  scan: z.boolean(),
  /** scan progress, exceptions and page images (scan.read): the 扫描与识别 screens */
  scanRead: z.boolean(),
  mark: z.boolean(),
  lead: z.boolean(),
  viewPhones: z.boolean(),
  downloadScores: z.boolean(),
  /** the subject's score screens (score.read) */
  scoreRead: z.boolean(),
  /**
   * students' own scores (score.students.read: 学生成绩): false for a teacher who teaches none of the exam's
   * classes, whom the server would refuse
   */
  studentScores: z.boolean(),
  /** the exam's examinees (exam.roster.read: 考生名单) */
  roster: z.boolean(),
  /** change a question's score by hand (score.adjust) */
  scoreAdjust: z.boolean(),
  /** see scores before they are published and the checks (score.unpublished.read) */
  scoreUnpublishedRead: z.boolean(),
  /** publish, delay and cancel publishing (score.publish) */
  scorePublish: z.boolean(),
  /** live marking progress and 质检 screens (marking.monitor) */
  monitor: z.boolean(),
});
export type OperationPermission = z.infer<typeof operationPermission>;

export const dynamicLogItem = z.object({
  id: z.number(),
  at: z.string(),
  userName: z.string().nullable(),
  action: z.string(),
  target: z.string().nullable(),
  detail: z.unknown(),
});
export type DynamicLogItem = z.infer<typeof dynamicLogItem>;
