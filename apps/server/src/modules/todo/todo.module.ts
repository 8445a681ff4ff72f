import type { Db } from '../../infra/db';
import { todoRepo } from './todo.repo';
import { todoService, type TodoPorts } from './todo.service';

/** The to-do module wired (composition root: routes.ts): what it reads of marking, subject and score comes in. */
export function todoModule(d: { db: Db; ports: TodoPorts }) {
  return { todo: todoService({ db: d.db, repo: todoRepo, ports: d.ports }) };
}
