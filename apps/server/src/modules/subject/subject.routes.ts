import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { can, idParam, reviewSchedule, reviewStartQuery, type ReviewManageSubject } from '@yj/contracts';
import { actorOf, ok } from '../../plugins/http';
import type { ExamScopes } from '../exam/exam-scope';
import type { ReviewScheduleService } from './review-schedule';
import type { SubjectService } from './subject.service';

const params = z.object({ id: idParam() });

/** Subject review calls of spec §7 (GET, as the spec names them) and the startReviewManage list. */
export function subjectRoutes(
  app: FastifyInstance,
  d: { subjects: SubjectService; schedule: ReviewScheduleService; scopes: ExamScopes },
): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const manage = { capability: 'subject.setting.edit' as const, scope: d.scopes.subjectParam };

  r.get(
    '/api/subject/:id/review/start',
    { schema: { params, querystring: reviewStartQuery }, config: manage },
    async (req) => ok(await d.subjects.start(req.params.id, req.query.force === '1', actorOf(req))),
  );
  const plain = [
    ['pause', d.subjects.pause],
    ['resume', d.subjects.resume],
    ['done', d.subjects.done],
    ['done/cancel', d.subjects.doneCancel],
  ] as const;
  for (const [path, run] of plain)
    r.get(`/api/subject/:id/review/${path}`, { schema: { params }, config: manage }, async (req) =>
      ok(await run(req.params.id, actorOf(req))),
    );
  r.get('/api/subject/:id/review/done/check', { schema: { params }, config: manage }, async (req) =>
    ok(await d.subjects.doneCheck(req.params.id)),
  );
  r.post(
    '/api/subject/:id/review/schedule',
    { schema: { params, body: reviewSchedule }, config: manage },
    async (req) => ok(await d.schedule.schedule(req.params.id, req.body, actorOf(req))),
  );
  r.get(
    '/api/exam/:examId/review/subjects',
    {
      schema: { params: z.object({ examId: idParam() }) },
      config: { capability: 'exam.read', scope: d.scopes.examParam },
    },
    async (req) => {
      const p = await req.principal();
      const rows = await d.subjects.ofExam(req.params.examId);
      const out: ReviewManageSubject[] = [];
      for (const s of rows)
        out.push({ ...s, canManage: can(p, 'subject.setting.edit', await d.scopes.forSubject(s.subjectId)) });
      return ok(out);
    },
  );
}
