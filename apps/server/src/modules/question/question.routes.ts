import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import {
  abSave,
  answerSave,
  objectiveSave,
  optionalSave,
  questionContract as c,
  specialSave,
  standardSave,
  subjectiveSave,
} from '@yj/contracts';
import { fail } from '../../errors';
import { contractRoutes } from '../../plugins/contract';
import { actorOf } from '../../plugins/http';
import type { ExamScopes } from '../exam/exam-scope';
import type { QuestionService } from './question.service';

export function questionRoutes(
  app: FastifyInstance,
  d: { questions: QuestionService; scopes: ExamScopes },
): void {
  const on = contractRoutes(app);
  const subject = { scope: d.scopes.subjectParam };

  on(c.info, ({ params }) => d.questions.info(params.id), subject);
  on(
    c.objectiveAnswers,
    async ({ params }) => (await d.questions.info(params.id)).structure.objective,
    subject,
  );
  on(
    c.save,
    async ({ params, body }, req) => {
      const { id, tag } = params;
      const actor = actorOf(req);
      const parse = <T>(schema: z.ZodType<T>): T => {
        const r = schema.safeParse(body);
        if (!r.success)
          throw fail(
            'paramInvalid',
            { reason: r.error.issues[0]?.message ?? '' },
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
      else if (tag === 'standard') await d.questions.saveStandards(id, parse(standardSave).standards, actor);
      else await d.questions.saveAnswers(id, parse(answerSave).answers, actor);
      return d.questions.info(id);
    },
    subject,
  );
  on(c.judge, ({ body }) => d.questions.judge(body.subjectId), {
    scope: (req) => d.scopes.forSubject((req.body as { subjectId: number }).subjectId),
  });
}
