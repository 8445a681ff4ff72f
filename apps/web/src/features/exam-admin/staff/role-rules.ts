import { EXAM_ROLE_LABELS, ExamRole, type ExamRoleValue } from '@yj/contracts';

/** Roles that belong to one subject: the server refuses them without a subject. */
export const SUBJECT_ROLES: readonly number[] = [
  ExamRole.subjectManager,
  ExamRole.reviewers,
  ExamRole.leaders,
  ExamRole.qualityPerson,
];

/** What each role does, shown beside the choice so a school admin picks the right one. */
export const ROLE_HINTS: Record<number, string> = {
  1: '管理整场考试：修改考试、考生和人员，扫描，查看完整手机号、下载成绩。',
  2: '扫描答题卡、处理识别异常；可限定到一个科目。',
  3: '负责一个科目：设置题目答案和模板、扫描、阅卷、仲裁与质检、下载本科成绩。',
  4: '批阅本科目分配的题块。',
  5: '管理整场联考，权限与考试管理员相同。',
  6: '批阅并负责题块的仲裁、问题卷处理。',
  7: '抽查本科目的阅卷质量。',
  8: '查看各校阅卷进度。',
  9: '本校在联考中的负责人，可下载本校成绩。',
};

/** The roles that can be given on an exam (the creator comes with creating it). */
export function assignableRoles(joint: boolean): Array<{ value: number; label: string }> {
  const roles: number[] = joint ? [1, 5, 8, 9, 2, 3, 4, 6, 7] : [1, 2, 3, 4, 6, 7];
  return roles.map((r) => ({ value: r, label: EXAM_ROLE_LABELS[r as ExamRoleValue] }));
}

export function needsSubject(role: number | undefined): boolean {
  return role !== undefined && SUBJECT_ROLES.includes(role);
}

/** Scanners may be limited to a subject; the subject roles must be. */
export function allowsSubject(role: number | undefined): boolean {
  return needsSubject(role) || role === ExamRole.scanner;
}

export function needsSchool(role: number | undefined): boolean {
  return role === ExamRole.schoolManager;
}

export function roleLabel(role: number): string {
  return EXAM_ROLE_LABELS[role as ExamRoleValue] ?? `角色 ${role}`;
}
