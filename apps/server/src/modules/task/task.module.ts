import type { Db } from '../../infra/db';
import { taskRepo } from './task.repo';
import { taskService } from './task.service';

/** The 我的任务 module wired (composition root: routes.ts). */
export function taskModule(d: { db: Db }) {
  return { tasks: taskService({ db: d.db, repo: taskRepo }) };
}
