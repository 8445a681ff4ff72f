import type { FastifyInstance } from 'fastify';
import { can, subjectContract as c, type ReviewManageSubject } from '@yj/contracts';
import { contractRoutes } from '../../plugins/contract';
import { actorOf } from '../../plugins/http';
import type { ExamScopes } from '../exam/exam-scope';
import type { ReviewScheduleService } from './review-schedule';
import type { SubjectService } from './subject.service';

/** Subject review calls of spec §7 (GET, as the spec names them) and the startReviewManage list. */
export function subjectRoutes(
  app: FastifyInstance,
  d: { subjects: SubjectService; schedule: ReviewScheduleService; scopes: ExamScopes },
): void {
  const on = contractRoutes(app);
  const manage = { scope: d.scopes.subjectParam };

  on(
    c.start,
    ({ params, query }, req) => d.subjects.start(params.id, query.force === '1', actorOf(req)),
    manage,
  );
  const plain = [
    [c.pause, d.subjects.pause],
    [c.resume, d.subjects.resume],
    [c.done, d.subjects.done],
    [c.doneCancel, d.subjects.doneCancel],
  ] as const;
  for (const [contract, run] of plain)
    on(contract, ({ params }, req) => run(params.id, actorOf(req)), manage);
  on(c.doneCheck, ({ params }) => d.subjects.doneCheck(params.id), manage);
  on(c.schedule, ({ params, body }, req) => d.schedule.schedule(params.id, body, actorOf(req)), manage);
  on(
    c.subjects,
    async ({ params }, req) => {
      const p = await req.principal();
      const rows = await d.subjects.ofExam(params.examId);
      const out: ReviewManageSubject[] = [];
      for (const s of rows)
        out.push({ ...s, canManage: can(p, 'subject.setting.edit', await d.scopes.forSubject(s.subjectId)) });
      return out;
    },
    { scope: d.scopes.examParam },
  );
}
