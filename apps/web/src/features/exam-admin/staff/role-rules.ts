import {
  capabilitiesOfRole,
  EXAM_ROLE_LABELS,
  ExamRole,
  type Capability,
  type ExamRoleValue,
} from '@yj/contracts';

/** Roles that belong to one subject: the server refuses them without a subject. */
export const SUBJECT_ROLES: readonly number[] = [
  ExamRole.subjectManager,
  ExamRole.reviewers,
  ExamRole.leaders,
  ExamRole.qualityPerson,
];

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

/** Roles that only exist in joint exams. */
export const JOINT_ROLES: readonly number[] = [
  ExamRole.unionManager,
  ExamRole.unionMonitor,
  ExamRole.schoolManager,
];

/** How a role is given: to the whole exam, per subject or per school. */
export function roleScopeNote(role: number): string {
  if (needsSubject(role)) return '按科目分配';
  if (role === ExamRole.scanner) return '可限定科目';
  if (needsSchool(role)) return '按学校分配';
  if (role === ExamRole.creator) return '创建考试时自动获得';
  return '整场考试';
}

export interface AbilityItem {
  capability: Capability;
  label: string;
  /** set when the role has it only on the subjects it was given for */
  limit?: string;
}

/** What a role may do, read from the one capability table of the contracts. */
export function roleAbilities(role: number): AbilityItem[] {
  return capabilitiesOfRole(role).map((c) =>
    c.scope === 'subject'
      ? {
          capability: c.capability,
          label: c.label,
          limit: needsSubject(role) ? '限所负责科目' : '可限定科目',
        }
      : { capability: c.capability, label: c.label },
  );
}

/** The same as one line of text, for a hint under a form field. */
export function roleAbilityText(role: number): string {
  return roleAbilities(role)
    .map((a) => (a.limit ? `${a.label}（${a.limit}）` : a.label))
    .join('；');
}

const ROLE_COLORS: Record<number, string> = {
  0: 'gold',
  1: 'blue',
  3: 'geekblue',
  4: 'cyan',
  5: 'blue',
  9: 'purple',
};

/** antd Tag colour of a role, the same on every screen that lists people. */
export function roleColor(role: number): string {
  return ROLE_COLORS[role] ?? 'default';
}
