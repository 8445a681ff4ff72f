import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idParam } from '@yj/contracts';
import { cardOptions, cardSave } from '@yj/contracts';
import { attachment } from '../../lib/excel';
import { actorOf, ok } from '../../plugins/http';
import type { ExamScopes } from '../exam/exam-scope';
import type { CardService } from './card.service';

const params = z.object({ id: idParam() });
const one = params.extend({ templateId: idParam() });

/** The online answer card (在线答题卡): designer data, preview, PDF download, save as the subject's template. */
export function cardRoutes(app: FastifyInstance, d: { cards: CardService; scopes: ExamScopes }): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const read = { capability: 'exam.read' as const, scope: d.scopes.subjectParam };
  const edit = { capability: 'subject.setting.edit' as const, scope: d.scopes.subjectParam };
  r.get(
    '/api/subject/:id/card',
    {
      schema: {
        params,
        querystring: z.object({ templateId: idParam().optional() }),
      },
      config: read,
    },
    async (req) => ok(await d.cards.design(req.params.id, req.query.templateId)),
  );
  r.get('/api/subject/:id/cards', { schema: { params }, config: read }, async (req) =>
    ok(await d.cards.list(req.params.id)),
  );
  r.post(
    '/api/subject/:id/card/preview',
    { schema: { params, body: cardOptions }, config: read },
    async (req) => ok(await d.cards.preview(req.params.id, req.body)),
  );
  r.post(
    '/api/subject/:id/card/pdf',
    { schema: { params, body: cardOptions }, config: read },
    async (req, reply) => {
      const pdf = await d.cards.pdf(req.params.id, req.body);
      return reply
        .type('application/pdf')
        .header('content-disposition', attachment(pdf.name))
        .send(pdf.bytes);
    },
  );
  r.get(
    '/api/subject/:id/card/:templateId/pdf',
    { schema: { params: one }, config: read },
    async (req, reply) => {
      const pdf = await d.cards.savedPdf(req.params.id, req.params.templateId);
      return reply
        .type('application/pdf')
        .header('content-disposition', attachment(pdf.name))
        .send(pdf.bytes);
    },
  );
  r.post('/api/subject/:id/card/save', { schema: { params, body: cardSave }, config: edit }, async (req) =>
    ok(await d.cards.save(req.params.id, req.body, actorOf(req))),
  );
  // spec: POST /api/subject/{subjectId}/dtk/{dtkId} — a saved card (dtk) laid out again and saved over
  r.post(
    '/api/subject/:id/dtk/:dtkId',
    { schema: { params: params.extend({ dtkId: idParam() }) }, config: edit },
    async (req) => ok(await d.cards.refresh(req.params.id, req.params.dtkId, actorOf(req))),
  );
}
