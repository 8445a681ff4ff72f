import type { FastifyInstance } from 'fastify';
import { markingResetContract as c } from '@yj/contracts';
import { contractRoutes } from '../../../plugins/contract';
import { actorOf } from '../../../plugins/http';
import type { ExamScopes } from '../../exam/exam-scope';
import type { MarkingReselect } from './marking-reselect';

/** 重新选题 (spec §2 subject/{subjectId}/{step}/resetting/{reSelectFlag}): the subject's managers, as 重置阅卷. */
export function markingReselectRoutes(
  app: FastifyInstance,
  d: { reselect: MarkingReselect; scopes: ExamScopes },
): void {
  const on = contractRoutes(app);
  const manage = { scope: d.scopes.subjectParam };
  on(c.reselectPreview, ({ params, query }) => d.reselect.preview(params.id, query.blockId), manage);
  on(c.reselect, ({ params, body }, req) => d.reselect.reselect(params.id, body, actorOf(req)), manage);
}
