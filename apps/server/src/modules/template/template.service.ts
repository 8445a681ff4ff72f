import {
  mismatchMessages,
  objectiveMismatches,
  scanningTemplate,
  templateProblems,
  type CardTemplate,
  type TemplateItem,
  type TemplateMeta,
} from '@yj/contracts';
import { fail } from '../../errors';
import type { Db } from '../../infra/db';
import type { Actor } from '../../lib/actor';
import type { AuditService } from '../audit/audit.service';
import type { ExamService } from '../exam/exam.service';
import { assertAllows } from '../../lib/subject-state';
import type { QuestionService } from '../question/question.service';
import type { templateRepo, TemplateRow } from './template.repo';

/** A template row as the API answers it. */
export const templateItemOf = (r: TemplateRow): TemplateItem => ({
  id: r.id,
  subjectId: r.subjectId,
  mainTemplateName: r.name,
  cardType: r.cardType as TemplateItem['cardType'],
  colorType: r.colorType as TemplateItem['colorType'],
  dpiValue: r.dpi,
  isDoubleTemplate: r.isDouble,
  pages: r.body.pages.length,
  body: r.body,
  updatedAt: r.updatedAt.toISOString(),
  active: r.active,
});

/** Card templates of a subject (template/home, template/create, template/edit): saved only in 设置中, soft-deleted. */
export function templateService(d: {
  db: Db;
  repo: typeof templateRepo;
  audit: AuditService;
  exams: ExamService;
  questions: QuestionService;
}) {
  async function inSetting(db: Db, subjectId: number) {
    const s = await d.exams.subjectRow(subjectId, db);
    assertAllows(s.status, 'editSetting');
    return s;
  }

  return {
    list: async (subjectId: number): Promise<TemplateItem[]> =>
      (await d.repo(d.db).ofSubject(subjectId)).map(templateItemOf),

    /** The template scanning reads the subject's pages with (the chosen one, else the earliest). */
    forScanning: async (subjectId: number): Promise<TemplateItem | undefined> =>
      scanningTemplate((await d.repo(d.db).ofSubject(subjectId)).map(templateItemOf)),

    /**
     * 设为扫描模板: one template per subject is the one new batches are read with. Batches already
     * recognised keep the template they were read with (scan_batch.template_id).
     */
    async activate(subjectId: number, id: number, actor: Actor): Promise<TemplateItem> {
      return d.db.transaction(async (tx) => {
        const s = await d.exams.subjectRow(subjectId, tx);
        // the scanning template: chosen whenever scanning is allowed
        assertAllows(s.status, 'scan');
        const repo = d.repo(tx);
        const all = await repo.ofSubject(subjectId);
        const row = all.find((r) => r.id === id);
        if (!row) throw fail('templateNotFound');
        if (row.body.pages.length === 0) throw fail('templateHasNoPages');
        // new batches would be scored by a key that reads them otherwise (marking may already run: no way back)
        const structure = await d.questions.structureIn(tx, subjectId);
        const mismatched = mismatchMessages(objectiveMismatches(row.body, structure.objective));
        if (mismatched.length) throw fail('templateQuestionsMismatch', { problems: mismatched.join('；') });
        const before = scanningTemplate(all.map(templateItemOf));
        await repo.setActive(subjectId, id);
        await d.audit.record(tx, {
          action: 'template.activate',
          examId: s.examId,
          ...actor,
          target: `template:${id}`,
          detail: {
            before: { scanning: before ? { id: before.id, name: before.mainTemplateName } : null },
            after: { scanning: { id, name: row.name } },
          },
        });
        return templateItemOf({ ...row, active: true });
      });
    },

    async save(
      subjectId: number,
      input: TemplateMeta & { id?: number; body: CardTemplate },
      actor: Actor,
      /** more writes that belong with the template (e.g. an online card's options), in the same transaction */
      alongside?: (tx: Db, saved: TemplateItem) => Promise<void>,
    ): Promise<TemplateItem> {
      return d.db.transaction(async (tx) => {
        const s = await inSetting(tx, subjectId);
        const pages = input.body.pages.map((p) => p.index);
        if (new Set(pages).size !== pages.length) throw fail('templatePageDuplicate');
        const fields = {
          name: input.mainTemplateName,
          cardType: input.cardType,
          colorType: input.colorType,
          dpi: input.dpiValue,
          isDouble: input.isDoubleTemplate,
          body: input.body,
        };
        const repo = d.repo(tx);
        let row: TemplateRow;
        if (input.id) {
          const before = await repo.find(subjectId, input.id);
          if (!before) throw fail('templateNotFound');
          await repo.update(input.id, fields);
          row = (await repo.find(subjectId, input.id))!;
          await d.audit.record(tx, {
            action: 'template.update',
            examId: s.examId,
            ...actor,
            target: `template:${row.id}`,
            detail: {
              before: { name: before.name, pages: before.body.pages.length },
              after: { name: row.name, pages: row.body.pages.length },
            },
          });
        } else {
          row = await repo.insert({ subjectId, ...fields });
          await d.audit.record(tx, {
            action: 'template.create',
            examId: s.examId,
            ...actor,
            target: `template:${row.id}`,
            detail: { after: { name: row.name, pages: row.body.pages.length } },
          });
        }
        const item = templateItemOf(row);
        if (alongside) await alongside(tx, item);
        return item;
      });
    },

    async remove(subjectId: number, id: number, actor: Actor): Promise<void> {
      await d.db.transaction(async (tx) => {
        const s = await inSetting(tx, subjectId);
        const row = await d.repo(tx).find(subjectId, id);
        if (!row) throw fail('templateNotFound');
        await d.repo(tx).update(id, { deletedAt: new Date() });
        await d.audit.record(tx, {
          action: 'template.delete',
          examId: s.examId,
          ...actor,
          target: `template:${id}`,
          detail: { before: { name: row.name } },
        });
      });
    },

    /** Checks a saved template against the subject's question structure. */
    async validate(subjectId: number, id: number): Promise<{ ok: boolean; problems: string[] }> {
      const row = await d.repo(d.db).find(subjectId, id);
      if (!row) throw fail('templateNotFound');
      const problems = templateProblems(row.body, await d.questions.structureIn(d.db, subjectId));
      return { ok: problems.length === 0, problems };
    },
  };
}
export type TemplateService = ReturnType<typeof templateService>;
