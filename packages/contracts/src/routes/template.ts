import { z } from 'zod';
import { idParam } from '../fields';
import { cardDesign, cardItem, cardOptions, cardPreview, cardSave } from '../card';
import { PatchSchema, TemplateRectSchema } from '../template';
import { templateItem, templateSave } from '../template-meta';
import { defineRoute, noData } from '../route';

const subject = z.object({ id: idParam() });
const one = subject.extend({ templateId: idParam() });
/** the key of a stored template picture */
export const templateImageKey = z.string().regex(/^[0-9a-f]{64}$/, '图片标识无效');
const check = z.object({ ok: z.boolean(), problems: z.array(z.string()) });

/**
 * A subject's card templates. The picture upload (multipart) and the picture itself (a file) stay on
 * Fastify's registration.
 */
export const templateContract = {
  list: defineRoute({
    method: 'GET',
    path: '/api/subject/:id/templates',
    access: 'exam.read',
    params: subject,
    response: z.array(templateItem),
  }),
  save: defineRoute({
    method: 'POST',
    path: '/api/subject/:id/template',
    access: 'subject.setting.edit',
    params: subject,
    body: templateSave,
    response: templateItem,
  }),
  /** 设为扫描模板 */
  activate: defineRoute({
    method: 'POST',
    path: '/api/subject/:id/template/:templateId/active',
    access: 'subject.setting.edit',
    params: one,
    response: templateItem,
  }),
  remove: defineRoute({
    method: 'DELETE',
    path: '/api/subject/:id/template/:templateId',
    access: 'subject.setting.edit',
    params: one,
    response: noData,
  }),
  /** a location area's reference pixels cut from a stored picture */
  patch: defineRoute({
    method: 'POST',
    reads: true,
    path: '/api/subject/:id/template/patch',
    access: 'subject.setting.edit',
    params: subject,
    body: z.object({ key: templateImageKey, rect: TemplateRectSchema }),
    response: PatchSchema,
  }),
  validate: defineRoute({
    method: 'POST',
    reads: true,
    path: '/api/subject/:id/template/:templateId/validate',
    access: 'exam.read',
    params: one,
    response: check,
  }),
};

const savedCard = z.object({ template: templateItem, cardId: z.string() });

/** The online answer card (在线答题卡). The PDFs (files) stay on Fastify's registration. */
export const cardContract = {
  design: defineRoute({
    method: 'GET',
    path: '/api/subject/:id/card',
    access: 'exam.read',
    params: subject,
    query: z.object({ templateId: idParam().optional() }),
    response: cardDesign,
  }),
  list: defineRoute({
    method: 'GET',
    path: '/api/subject/:id/cards',
    access: 'exam.read',
    params: subject,
    response: z.array(cardItem),
  }),
  preview: defineRoute({
    method: 'POST',
    reads: true,
    path: '/api/subject/:id/card/preview',
    access: 'exam.read',
    params: subject,
    body: cardOptions,
    response: cardPreview,
  }),
  save: defineRoute({
    method: 'POST',
    path: '/api/subject/:id/card/save',
    access: 'subject.setting.edit',
    params: subject,
    body: cardSave,
    response: savedCard,
  }),
  /** spec: POST /api/subject/{subjectId}/dtk/{dtkId} — a saved card (dtk) laid out again and saved over */
  refresh: defineRoute({
    method: 'POST',
    path: '/api/subject/:id/dtk/:dtkId',
    access: 'subject.setting.edit',
    params: subject.extend({ dtkId: idParam() }),
    response: savedCard,
  }),
};
