import type { FastifyInstance } from 'fastify';
import { todoContract as c } from '@yj/contracts';
import { contractRoutes } from '../../plugins/contract';
import type { TodoService } from './todo.service';

export function todoRoutes(app: FastifyInstance, d: { todo: TodoService }): void {
  const on = contractRoutes(app);
  on(c.list, async (_in, req) => d.todo.list(await req.principal()));
}
