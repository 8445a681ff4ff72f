/** Exam role map by index, spec §3. */
export const ExamRole = {
  creator: 0,
  examManager: 1,
  scanner: 2,
  subjectManager: 3,
  reviewers: 4,
  unionManager: 5,
  leaders: 6,
  qualityPerson: 7,
  unionMonitor: 8,
  schoolManager: 9,
} as const;
export type ExamRoleValue = (typeof ExamRole)[keyof typeof ExamRole];

/** Chinese labels of the exam roles, in index order. */
export const EXAM_ROLE_LABELS: Record<ExamRoleValue, string> = {
  0: '考试创建者',
  1: '考试管理员',
  2: '扫描员',
  3: '学科负责人',
  4: '阅卷老师',
  5: '联考管理员',
  6: '题组长',
  7: '质检员',
  8: '联考监控员',
  9: '学校负责人',
};
