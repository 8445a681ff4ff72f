import {
  ExamRole,
  SubjectStatus,
  type Principal,
  type ReviewDoneCheck,
  type ReviewTaskItem,
  type ScoreCheck,
  type TodoList,
  type TodoManaging,
} from '@yj/contracts';
import type { Db } from '../../infra/db';
import type { ManagedSubject, todoRepo } from './todo.repo';

/**
 * What the to-do reads of other modules, through their services: marking's task list (one definition of a
 * block's counts), the lifecycle's 阅卷完成 check, and 成绩核查.
 */
export interface TodoPorts {
  tasks: (userId: number) => Promise<ReviewTaskItem[]>;
  doneCheck: (subjectId: number) => Promise<ReviewDoneCheck>;
  scoreCheck: (subjectId: number, p: Principal) => Promise<ScoreCheck>;
}

/** Where a task list row's block is. */
const blockOf = (t: ReviewTaskItem) => ({
  examId: t.examId,
  examName: t.examName,
  subjectId: t.subjectId,
  subjectName: t.subjectName,
  blockId: t.blockId,
  blockName: t.blockName,
});

/** The home page's 待办 (issue 31): 待阅 per block, 仲裁 / 问题卷 waiting, and each exam's next step. */
export function todoService(d: { db: Db; repo: typeof todoRepo; ports: TodoPorts }) {
  async function nextSteps(s: ManagedSubject, p: Principal): Promise<TodoManaging[]> {
    const base = {
      examId: s.examId,
      examName: s.examName,
      subjectId: s.subjectId,
      subjectName: s.subjectName,
    };
    const out: TodoManaging[] = [];
    if (s.unconfirmed > 0 && s.status < SubjectStatus.done)
      out.push({ ...base, kind: 'scan', count: s.unconfirmed });
    if (s.status === SubjectStatus.reviewing && s.hasTasks) {
      const c = await d.ports.doneCheck(s.subjectId);
      if (c.unmarked + c.arbitration + c.problems === 0) out.push({ ...base, kind: 'markingLeft', count: 0 });
    }
    if (s.status === SubjectStatus.done) {
      // a 科目负责人 of another subject, or a grant narrowed to a school, may not read this check: nothing to add
      const check = await d.ports.scoreCheck(s.subjectId, p).catch(() => null);
      if (check)
        out.push(
          check.ok
            ? { ...base, kind: 'publish', count: 0 }
            : { ...base, kind: 'blocked', count: check.blockers.reduce((n, b) => n + b.count, 0) },
        );
    }
    return out;
  }

  return {
    async list(p: Principal): Promise<TodoList> {
      const tasks = await d.ports.tasks(p.userId);
      const marking = tasks
        .filter(
          (t) => t.role === ExamRole.reviewers && t.subjectStatus === SubjectStatus.reviewing && t.left > 0,
        )
        .map((t) => ({ ...blockOf(t), left: t.left }));
      const leading = tasks
        .filter(
          (t) =>
            t.role === ExamRole.leaders &&
            t.subjectStatus === SubjectStatus.reviewing &&
            (t.arbitration ?? 0) + (t.problems ?? 0) > 0,
        )
        .map((t) => ({ ...blockOf(t), arbitration: t.arbitration ?? 0, problems: t.problems ?? 0 }));
      const managed = await d.repo(d.db).managedSubjects(p.userId, p.schoolAdminOf);
      const managing = (await Promise.all(managed.map((s) => nextSteps(s, p)))).flat();
      return { marking, leading, managing };
    },
  };
}
export type TodoService = ReturnType<typeof todoService>;
