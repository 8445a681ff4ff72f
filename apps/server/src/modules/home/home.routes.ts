import type { FastifyInstance } from 'fastify';
import { homeContract as c } from '@yj/contracts';
import { contractRoutes } from '../../plugins/contract';
import { authOf } from '../../plugins/http';
import type { HomeService } from './home.service';

export function homeRoutes(app: FastifyInstance, d: { home: HomeService }): void {
  const on = contractRoutes(app);
  on(c.exams, ({ body }, req) => d.home.exams(authOf(req).userId, body));
}
