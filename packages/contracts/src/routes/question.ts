import { z } from 'zod';
import { id, idParam } from '../fields';
import { blockList, blocksSave, examBlockSubject } from '../block';
import { structureAnswer, structureInfo } from '../question';
import { defineRoute } from '../route';

const subject = z.object({ id: idParam() });
/** the parts of the structure saved one call each (spec §7 `{tag}`) */
export const structureTag = z.enum([
  'objective',
  'subjective',
  'optional',
  'ab',
  'answer',
  'special',
  'standard',
]);
export type StructureTag = z.infer<typeof structureTag>;

/**
 * The question structure and the blocks of a subject. Their answers are shape-only schemas (`structureInfo`,
 * `blockItem`): the save schemas' input rules are not asked of what a school already stored.
 */
export const questionContract = {
  info: defineRoute({
    method: 'GET',
    path: '/yue/api/subject/:id/setting/questions/info',
    access: 'exam.read',
    params: subject,
    response: structureInfo,
  }),
  objectiveAnswers: defineRoute({
    method: 'GET',
    path: '/yue/subject/:id/setting/answer/objective',
    access: 'exam.read',
    params: subject,
    response: structureAnswer.shape.objective,
  }),
  /**
   * spec §7: one save call per part of the structure, the part named by {tag}. The body is checked by the
   * handler against the save schema of its tag (objectiveSave, subjectiveSave, optionalSave, abSave,
   * answerSave, specialSave, standardSave), so a refusal names the field the way the screens show it.
   */
  save: defineRoute({
    method: 'POST',
    path: '/api/api/subject/:id/setting/questions/:tag',
    access: 'subject.setting.edit',
    params: subject.extend({ tag: structureTag }),
    body: z.unknown(),
    response: structureInfo,
  }),
  judge: defineRoute({
    method: 'POST',
    reads: true,
    path: '/api/subject/judge/strucTemplate',
    access: 'exam.read',
    body: z.object({ subjectId: id() }),
    response: z.object({ ok: z.boolean(), problems: z.array(z.string()) }),
  }),
};

/** 题块 of a subject (setting/block) and of an exam at a glance. The cut preview (a picture) stays on Fastify. */
export const blockContract = {
  list: defineRoute({
    method: 'GET',
    path: '/api/subject/:id/setting/block',
    access: 'exam.read',
    params: subject,
    response: blockList,
  }),
  save: defineRoute({
    method: 'POST',
    path: '/api/subject/:id/setting/block',
    access: 'subject.setting.edit',
    params: subject,
    body: blocksSave,
    response: blockList,
  }),
  /** exam/{examId}/setting/block: the blocks of every subject at a glance */
  ofExam: defineRoute({
    method: 'GET',
    path: '/api/exam/:examId/setting/block',
    access: 'exam.read',
    params: z.object({ examId: idParam() }),
    response: z.array(examBlockSubject),
  }),
};
