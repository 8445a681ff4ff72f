import type { FastifyInstance } from 'fastify';
import { taskContract as c } from '@yj/contracts';
import { contractRoutes } from '../../plugins/contract';
import type { TaskService } from './task.service';

/** Spec §2 offline/task and task_info: the person's background tasks and the header's count of those running. */
export function taskRoutes(app: FastifyInstance, d: { tasks: TaskService }): void {
  const on = contractRoutes(app);
  on(c.list, async ({ query }, req) => d.tasks.list(query, await req.principal()));
  on(c.count, async (_, req) => d.tasks.count(await req.principal()));
}
