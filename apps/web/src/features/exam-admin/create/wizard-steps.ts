/** The steps of singleCreateExam, numbered from 1 as the server's exam.step is. */
export const WIZARD_STEPS = [
  { title: '基本信息', description: '名称、年级、日期' },
  { title: '科目与满分', description: '各科满分，完成后建立考试' },
  { title: '考生', description: '按班级选入并编排考号' },
  { title: '人员', description: '学科负责人与阅卷老师' },
] as const;

export const FIRST_STEP = 1;
export const LAST_STEP = WIZARD_STEPS.length;

/** Where a created exam resumes: the server's step, but never before 考生 (creating ends step 2). */
export function resumeStep(serverStep: number): number {
  return Math.min(LAST_STEP, Math.max(3, serverStep));
}
