import { TaskListView } from '../../features/tasks/TaskListView';

/** /book/offline/task and /book/task_info */
export const Component = TaskListView;
