import { taskCount, taskItem, taskListQuery } from '../task';
import { defineRoute, paged } from '../route';

/** Spec §2 offline/task and task_info: the person's background tasks (a school's administrator: the school's). */
export const taskContract = {
  list: defineRoute({
    method: 'GET',
    path: '/api/offline/task',
    access: 'task.self',
    query: taskListQuery,
    response: paged(taskItem),
  }),
  count: defineRoute({
    method: 'GET',
    path: '/api/offline/task/count',
    access: 'task.self',
    response: taskCount,
  }),
};
