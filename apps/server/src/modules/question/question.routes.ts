import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { id, idParam } from '@yj/contracts';
import { abSave, answerSave, objectiveSave, optionalSave, specialSave, subjectiveSave } from '@yj/contracts';
import { fail } from '../../errors';
import { actorOf, ok } from '../../plugins/http';
import type { ExamScopes } from '../exam/exam-scope';
import type { QuestionService } from './question.service';

const params = z.object({ id: idParam() });

export function questionRoutes(
  app: FastifyInstance,
  d: { questions: QuestionService; scopes: ExamScopes },
): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const read = { capability: 'exam.read' as const, scope: d.scopes.subjectParam };
  const edit = { capability: 'subject.setting.edit' as const, scope: d.scopes.subjectParam };

  r.get('/yue/api/subject/:id/setting/questions/info', { schema: { params }, config: read }, async (req) =>
    ok(await d.questions.info(req.params.id)),
  );
  r.get('/yue/subject/:id/setting/answer/objective', { schema: { params }, config: read }, async (req) =>
    ok((await d.questions.info(req.params.id)).structure.objective),
  );
  // spec §7: one save call per part of the structure, the part named by {tag}
  r.post(
    '/api/api/subject/:id/setting/questions/:tag',
    {
      schema: {
        params: params.extend({
          tag: z.enum(['objective', 'subjective', 'optional', 'ab', 'answer', 'special']),
        }),
      },
      config: edit,
    },
    async (req) => {
      const { id, tag } = req.params;
      const actor = actorOf(req);
      const parse = <T>(schema: z.ZodType<T>): T => {
        const r = schema.safeParse(req.body);
        if (!r.success)
          throw fail(
            `参数错误：${r.error.issues[0]?.message ?? ''}`,
            r.error.issues.map((i) => ({ field: i.path.join('.'), message: i.message })),
          );
        return r.data;
      };
      if (tag === 'objective') await d.questions.saveObjective(id, parse(objectiveSave).questions, actor);
      else if (tag === 'subjective')
        await d.questions.saveSubjective(id, parse(subjectiveSave).questions, actor);
      else if (tag === 'optional') await d.questions.saveOptional(id, parse(optionalSave).groups, actor);
      else if (tag === 'ab') await d.questions.saveAb(id, parse(abSave), actor);
      else if (tag === 'special') await d.questions.saveSpecial(id, parse(specialSave), actor);
      else await d.questions.saveAnswers(id, parse(answerSave).answers, actor);
      return ok(await d.questions.info(id));
    },
  );
  r.post(
    '/api/subject/judge/strucTemplate',
    {
      schema: { body: z.object({ subjectId: id() }) },
      config: {
        capability: 'exam.read',
        scope: (req) => d.scopes.forSubject((req.body as { subjectId: number }).subjectId),
      },
    },
    async (req) => ok(await d.questions.judge(req.body.subjectId)),
  );
}
