import {
  allows,
  CAPABILITY_LABELS,
  SUBJECT_STATUS_LABELS,
  type Capability,
  SubjectStatus,
  type OperationPermission,
  type SubjectItem,
} from '@yj/contracts';

export type ExamState = 'setting' | 'reviewing' | 'done' | 'published';

/** The list filter of the server: an exam is in its most advanced subject's state. */
export const EXAM_STATE_OPTIONS: Array<{ value: ExamState; label: string }> = [
  { value: 'setting', label: '设置中' },
  { value: 'reviewing', label: '阅卷中' },
  { value: 'done', label: '阅卷完成' },
  { value: 'published', label: '已发布' },
];

/** antd Tag colours per subject status, so a glance at a list tells how far each subject is. */
const STATUS_COLORS: Record<number, string> = {
  0: 'default',
  1: 'gold',
  2: 'orange',
  3: 'processing',
  4: 'warning',
  5: 'success',
  6: 'purple',
};

export function subjectStatusLabel(status: number): string {
  return SUBJECT_STATUS_LABELS[status] ?? '未知状态';
}

export function subjectStatusColor(status: number): string {
  return STATUS_COLORS[status] ?? 'default';
}

/** Mirrors the server's list filter: published/done only when every subject got there. */
export function examStateOf(subjects: Pick<SubjectItem, 'status'>[]): ExamState {
  if (!subjects.length) return 'setting';
  const statuses = subjects.map((s) => s.status);
  const max = Math.max(...statuses);
  const min = Math.min(...statuses);
  if (max === SubjectStatus.setting) return 'setting';
  if (min === SubjectStatus.published) return 'published';
  if (min >= SubjectStatus.done) return 'done';
  return 'reviewing';
}

export function examStateLabel(state: ExamState): string {
  return EXAM_STATE_OPTIONS.find((o) => o.value === state)?.label ?? '设置中';
}

/** Deleting is refused by the server once any subject left 设置中; the UI says so before asking. */
export function deleteBlocker(subjects: Pick<SubjectItem, 'status' | 'name'>[]): string | null {
  const started = subjects.filter((s) => !allows(s.status, 'editSetting'));
  if (!started.length) return null;
  return `${started.map((s) => s.name).join('、')}已开始阅卷，考试不能删除；如不再使用，可以隐藏考试。`;
}

/** What a subject's state means for the work ahead, in one sentence for the detail screens. */
export function stateHint(status: number): string {
  switch (status) {
    case SubjectStatus.setting:
      return '正在设置满分、题目、答题卡模板和题块；设置完成并扫描答题卡后即可开始阅卷。';
    case SubjectStatus.trial:
    case SubjectStatus.trialPaused:
      return '正在试评，题目和题块设置已锁定；试评结束后可回到设置中或开始正式阅卷。';
    case SubjectStatus.reviewing:
      return '正在阅卷，设置已锁定；仍可继续扫描，新扫描的答题卡会自动进入阅卷任务。';
    case SubjectStatus.paused:
      return '阅卷已暂停，阅卷老师暂时无法领取任务。';
    case SubjectStatus.done:
      return '阅卷已完成，可以核对成绩并发布。';
    case SubjectStatus.published:
      return '成绩已发布。';
    default:
      return '';
  }
}

export interface AbilityLine {
  key: keyof OperationPermission;
  label: string;
  allowed: boolean;
}

/** Which capability of the one table each field of the operation-permission answer reports. */
const PERMISSION_CAPABILITY: Array<[keyof OperationPermission, Capability]> = [
  ['manageExam', 'exam.manage'],
  ['editSetting', 'subject.setting.edit'],
  ['scan', 'subject.scan'],
  ['scanRead', 'scan.read'],
  ['mark', 'subject.mark'],
  ['lead', 'subject.lead'],
  ['viewPhones', 'exam.phone.view'],
  ['downloadScores', 'score.download'],
  ['scoreRead', 'score.read'],
  ['studentScores', 'score.students.read'],
  ['roster', 'exam.roster.read'],
  ['scoreAdjust', 'score.adjust'],
  ['scoreUnpublishedRead', 'score.unpublished.read'],
  ['scorePublish', 'score.publish'],
  ['monitor', 'marking.monitor'],
];

/** The abilities the server granted on a subject, labelled for people (the "what may I do" list). */
export function abilities(p: OperationPermission): AbilityLine[] {
  return PERMISSION_CAPABILITY.map(([key, capability]) => ({
    key,
    label: CAPABILITY_LABELS[capability],
    allowed: Boolean(p[key]),
  }));
}
