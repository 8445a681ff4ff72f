import { can, type Paged, type Principal, type TaskItem, type TaskListQuery } from '@yj/contracts';
import { fail } from '../../errors';
import type { Db } from '../../infra/db';
import { batchItem, exportItem, runItem } from './task-items';
import type { TaskOwner, TaskRepo } from './task.repo';

/**
 * 我的任务 (spec §2 task_info, offline/task): a person's background work of every kind, newest first. The work
 * stays where it runs (下载中心's exports, the scan module's recognition, 智能辅助's runs); this list only reads it.
 */
export function taskService(d: { db: Db; repo: (db: Db) => TaskRepo }) {
  const repo = d.repo(d.db);

  /** Whose tasks a person may list: their own; the school's for its administrators (everyone's: the system's). */
  function ownerOf(q: TaskListQuery, p: Principal): TaskOwner {
    if (q.scope === 'mine') return { userId: p.userId };
    if (!can(p, 'task.school')) throw fail('taskSchoolOnlyAdmins');
    return p.isAdmin ? 'all' : { schools: p.schoolAdminOf };
  }

  return {
    async list(q: TaskListQuery, p: Principal): Promise<Paged<TaskItem>> {
      const { refs, total } = await repo.page(ownerOf(q, p), q.page, q.size);
      const of = (kind: string) => refs.filter((r) => r.kind === kind).map((r) => r.id);
      const [exports, batches, runs] = await Promise.all([
        repo.exports(of('export')),
        repo.batches(of('recognition')),
        repo.runs(of('intelligent')),
      ]);
      // the file route hands an export only to who asked for it, or to the system administrator
      const byKey = new Map<string, TaskItem>(
        [
          ...exports.map((r) => exportItem(r, r.userId === p.userId || p.isAdmin)),
          ...batches.map(batchItem),
          ...runs.map(runItem),
        ].map((i) => [i.key, i] as const),
      );
      const items = refs.map((r) => byKey.get(`${r.kind}-${r.id}`)).filter((i): i is TaskItem => !!i);
      return { total, size: q.size, items };
    },

    /** The header's badge: the person's own tasks still queued or running. */
    async count(p: Principal): Promise<{ active: number }> {
      return { active: await repo.active(p.userId) };
    },
  };
}
export type TaskService = ReturnType<typeof taskService>;
