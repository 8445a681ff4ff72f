import { todoList } from '../todo';
import { defineRoute } from '../route';

/** The home page's 待办: what waits on the user now (待阅, 仲裁 / 问题卷, an exam's next step). */
export const todoContract = {
  list: defineRoute({
    method: 'GET',
    path: '/api/home/todo',
    access: 'home.read',
    response: todoList,
  }),
};
