import type { FastifyInstance } from 'fastify';
import { COURSES, schoolContract as c } from '@yj/contracts';
import { contractRoutes } from '../../plugins/contract';
import { actorOf } from '../../plugins/http';
import { schoolFromParams } from '../../plugins/scope';
import type { GradeService } from './grade.service';

const scope = { scope: schoolFromParams };

export function gradeRoutes(app: FastifyInstance, d: { grades: GradeService }): void {
  const on = contractRoutes(app);

  on(c.courses, async () => [...COURSES]);
  on(c.grades, ({ params }) => d.grades.grades(params.schoolId), scope);
  on(c.classes, ({ params, body }) => d.grades.classes(params.schoolId, body.gradeId), scope);
  on(
    c.addGrade,
    ({ params, body }, req) => d.grades.addGrade(params.schoolId, body.name, body.entryYear, actorOf(req)),
    scope,
  );
  on(
    c.addClass,
    ({ params, body }, req) =>
      d.grades.addClass(params.schoolId, body.gradeId, body.name, body.kind, actorOf(req)),
    scope,
  );
  on(
    c.renameClass,
    async ({ params, body }, req) => {
      await d.grades.renameClass(params.schoolId, params.classId, body.name, actorOf(req));
      return null;
    },
    scope,
  );
  on(
    c.deleteClass,
    async ({ params }, req) => {
      await d.grades.removeClass(params.schoolId, params.classId, actorOf(req));
      return null;
    },
    scope,
  );
}
