import type { FastifyInstance } from 'fastify';
import { markingResetContract as c } from '@yj/contracts';
import { contractRoutes } from '../../../plugins/contract';
import { actorOf } from '../../../plugins/http';
import type { ExamScopes } from '../../exam/exam-scope';
import type { MarkingReset } from './marking-reset';

/** 重置阅卷 (spec §2 subject/{subjectId}/{step}/resetting): the subject's managers, as for 开始阅卷 and 暂停. */
export function markingResetRoutes(
  app: FastifyInstance,
  d: { reset: MarkingReset; scopes: ExamScopes },
): void {
  const on = contractRoutes(app);
  const manage = { scope: d.scopes.subjectParam };
  on(
    c.resetPreview,
    ({ params, query }) => d.reset.preview(params.id, query.blockId, query.userId ?? null),
    manage,
  );
  on(c.reset, ({ params, body }, req) => d.reset.reset(params.id, body, actorOf(req)), manage);
}
