import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { cardContract as c, cardOptions, idParam } from '@yj/contracts';
import { attachment } from '../../lib/excel';
import { contractRoutes } from '../../plugins/contract';
import { actorOf } from '../../plugins/http';
import type { ExamScopes } from '../exam/exam-scope';
import type { CardService } from './card.service';

const params = z.object({ id: idParam() });
const one = params.extend({ templateId: idParam() });
const personalQuery = z.object({ classId: idParam().optional() });

/** Answers with a card's PDF to download under its name. */
const sendPdf = (reply: FastifyReply, pdf: { name: string; bytes: Buffer }) =>
  reply.type('application/pdf').header('content-disposition', attachment(pdf.name)).send(pdf.bytes);

/** The online answer card (在线答题卡): designer data, preview, PDF download, save as the subject's template. */
export function cardRoutes(app: FastifyInstance, d: { cards: CardService; scopes: ExamScopes }): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const on = contractRoutes(app);
  const subject = { scope: d.scopes.subjectParam };
  const read = { capability: 'exam.read' as const, scope: d.scopes.subjectParam };
  on(c.design, ({ params, query }) => d.cards.design(params.id, query.templateId), subject);
  on(c.list, ({ params }) => d.cards.list(params.id), subject);
  on(c.preview, ({ params, body }) => d.cards.preview(params.id, body), subject);
  r.post(
    '/api/subject/:id/card/pdf',
    // the PDF of the options as sent: nothing is stored, so it is a read (系统维护 lets it through)
    { schema: { params, body: cardOptions }, config: { ...read, reads: true } },
    async (req, reply) => sendPdf(reply, await d.cards.pdf(req.params.id, req.body)),
  );
  r.get(
    '/api/subject/:id/card/:templateId/pdf',
    { schema: { params: one }, config: read },
    async (req, reply) => sendPdf(reply, await d.cards.savedPdf(req.params.id, req.params.templateId)),
  );
  r.get(
    '/api/subject/:id/card/:templateId/personal-pdf',
    { schema: { params: one, querystring: personalQuery }, config: read },
    async (req, reply) =>
      sendPdf(reply, await d.cards.personalPdf(req.params.id, req.params.templateId, req.query.classId)),
  );
  on(c.save, ({ params, body }, req) => d.cards.save(params.id, body, actorOf(req)), subject);
  // spec: POST /api/subject/{subjectId}/dtk/{dtkId} — a saved card (dtk) laid out again and saved over
  on(c.refresh, ({ params }, req) => d.cards.refresh(params.id, params.dtkId, actorOf(req)), subject);
}
