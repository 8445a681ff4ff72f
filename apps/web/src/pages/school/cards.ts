/** The cards of school/{schoolId}/base_info_ (spec §2), in tab order; the key is the URL segment. */
export const CARDS = [
  { key: 'students', label: '学生' },
  { key: 'studentAccounts', label: '学生账号' },
  { key: 'teachers', label: '老师' },
  { key: 'grade', label: '年级班级' },
  { key: 'selectedExam', label: '本校考试' },
  { key: 'teacherSchedule', label: '任课表' },
  { key: 'organization', label: '组织机构' },
  // spec's `university`: where the school's graduates were admitted (升学去向)
  { key: 'university', label: '升学去向' },
  { key: 'record', label: '操作记录' },
  { key: 'administrators', label: '管理员' },
  // spec's yj-base-info-other: what a school hands out (the 学生 / 家长 sign-in QR)
  { key: 'yj-base-info-other', label: '其他' },
] as const;

export type CardKey = (typeof CARDS)[number]['key'];

/** The card a URL segment names; an unknown or missing one opens 学生. */
export function cardOf(segment: string | undefined): CardKey {
  return CARDS.find((c) => c.key === segment)?.key ?? 'students';
}
