import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idParam } from '@yj/contracts';
import { classInput, classListBody, COURSES, gradeInput } from '@yj/contracts';
import { actorOf, ok } from '../../plugins/http';
import { schoolFromParams } from '../../plugins/scope';
import type { GradeService } from './grade.service';

const params = z.object({ schoolId: idParam() });
const classParams = params.extend({ classId: idParam() });
const read = { capability: 'school.read' as const, scope: schoolFromParams };
const manage = { capability: 'school.manage' as const, scope: schoolFromParams };

export function gradeRoutes(app: FastifyInstance, d: { grades: GradeService }): void {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get('/api/school/course', { config: { capability: 'home.read' } }, async () => ok([...COURSES]));
  r.get('/api/school/:schoolId/default/grade', { schema: { params }, config: read }, async (req) =>
    ok(await d.grades.grades(req.params.schoolId)),
  );
  r.post(
    '/api/school/:schoolId/banjis',
    { schema: { params, body: classListBody }, config: read },
    async (req) => ok(await d.grades.classes(req.params.schoolId, req.body.gradeId)),
  );
  r.post(
    '/api/school/:schoolId/grade',
    { schema: { params, body: gradeInput }, config: manage },
    async (req) =>
      ok(await d.grades.addGrade(req.params.schoolId, req.body.name, req.body.entryYear, actorOf(req))),
  );
  r.post(
    '/api/school/:schoolId/banji',
    { schema: { params, body: classInput }, config: manage },
    async (req) =>
      ok(
        await d.grades.addClass(
          req.params.schoolId,
          req.body.gradeId,
          req.body.name,
          req.body.kind,
          actorOf(req),
        ),
      ),
  );
  r.post(
    '/api/school/:schoolId/banji/:classId/rename',
    { schema: { params: classParams, body: z.object({ name: classInput.shape.name }) }, config: manage },
    async (req) => {
      await d.grades.renameClass(req.params.schoolId, req.params.classId, req.body.name, actorOf(req));
      return ok(null);
    },
  );
  r.delete(
    '/api/school/:schoolId/banji/:classId',
    { schema: { params: classParams }, config: manage },
    async (req) => {
      await d.grades.removeClass(req.params.schoolId, req.params.classId, actorOf(req));
      return ok(null);
    },
  );
}
