import { SubjectStatus, type ReviewTaskItem } from '@yj/contracts';

export interface SubjectGroup {
  subjectId: number;
  subjectName: string;
  subjectStatus: number;
  blocks: ReviewTaskItem[];
}
export interface ExamGroup {
  examId: number;
  examName: string;
  subjects: SubjectGroup[];
}

/** review/task: the blocks grouped by exam, then subject, keeping the server's order. */
export function groupTasks(items: readonly ReviewTaskItem[]): ExamGroup[] {
  const exams: ExamGroup[] = [];
  for (const it of items) {
    let exam = exams.find((e) => e.examId === it.examId);
    if (!exam) exams.push((exam = { examId: it.examId, examName: it.examName, subjects: [] }));
    let subject = exam.subjects.find((s) => s.subjectId === it.subjectId);
    if (!subject)
      exam.subjects.push(
        (subject = {
          subjectId: it.subjectId,
          subjectName: it.subjectName,
          subjectStatus: it.subjectStatus,
          blocks: [],
        }),
      );
    subject.blocks.push(it);
  }
  return exams;
}

/** The button of a block: 开始阅卷 before the first paper, 继续阅卷 after; none when nothing can be claimed. */
export function markAction(
  it: Pick<ReviewTaskItem, 'done' | 'left' | 'quota'>,
): '开始阅卷' | '继续阅卷' | null {
  if (it.quota !== null && it.done >= it.quota) return null;
  if (it.left <= 0) return null;
  return it.done > 0 ? '继续阅卷' : '开始阅卷';
}

/** /book/multi: the blocks one can mark now — a marker's (not a leader's) blocks of subjects in marking. */
export function markableBlocks(items: readonly ReviewTaskItem[]): ReviewTaskItem[] {
  return items.filter((it) => it.role === 4 && it.subjectStatus === SubjectStatus.reviewing);
}
