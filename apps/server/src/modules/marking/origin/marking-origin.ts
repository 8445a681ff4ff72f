import { createHash } from 'node:crypto';
import type { MarkOrigin } from '@yj/contracts';
import { readPageMatrix, readTemplateBody } from '../../../db/stored';
import type { Matrix3 } from '@yj/omr';
import { fail } from '../../../errors';
import type { Db } from '../../../infra/db';
import { API_PREFIX } from '../../../plugins/auth';
import type { PaperImageService } from '../../scan/image/paper-image.service';
import { blockRules } from '../rules/mark-rules';
import { blockRegions, paperPages, subjectName, taskTarget, trialTarget } from './marking-origin.repo';
import { identityRegions } from './origin-mask';

/** Bumped when the masking rule changes: masked pages stored under the old rule are never served again. */
const MASK_RULE = 2;

/**
 * Whose id a request names: a marking task (or 标准卷), a 试评 mark (trial_mark, its own id sequence), or a
 * marking task a leader opens whole beside its 问题卷 ('lead': the caller checked the lead access first).
 */
export type OriginOf = 'task' | 'trial' | 'lead';

const PAGE_PATH: Record<OriginOf, string> = {
  task: '/api/marking/task',
  trial: '/api/marking/trial/task',
  lead: '/api/marking/task',
};
const pageUrl = (taskId: number, page: number, of: OriginOf) =>
  `${API_PREFIX}${PAGE_PATH[of]}/${taskId}/${of === 'lead' ? 'lead/origin' : 'origin'}/${page}`;

interface Target {
  paperId: number;
  blockId: number;
}

/**
 * originPicAndAnswer (issue 13): the whole pages of the paper a marker is marking, with the regions that name
 * the student painted over before they leave the server, and the block's answers and marking standard.
 */
export function markingOrigin(d: {
  db: Db;
  /** the scan module's paper images: the page masked on its worker threads (decoding a page is its work) */
  maskedPage: PaperImageService['maskedPage'];
}) {
  /**
   * The paper and block of a task the user may look at: their own task (held or submitted; not one they sent
   * to the leaders as 问题卷), a task of a block they lead, or their own 标准卷 of 质检 (same id sequence) —
   * the marker must not tell a 标准卷 from any other paper by this button failing. A 试评 mark (`of` 'trial'):
   * the marker's own, or one of a block the user leads. 'lead': any marking task, the caller having checked
   * that the user leads its block or manages its subject (a 问题卷 is no longer the marker's own).
   */
  async function target(taskId: number, userId: number, of: OriginOf): Promise<Target> {
    const t =
      of === 'trial'
        ? await trialTarget(d.db, taskId, userId)
        : await taskTarget(d.db, taskId, userId, of === 'lead');
    if (!t) throw fail('taskNotFound');
    if (!t.own && !t.leader) throw fail('forbidden');
    return { paperId: t.paper_id, blockId: t.block_id };
  }

  /** The paper's card pages with the template each was read with (its batch's). */
  async function pages(paperId: number) {
    const rows = await paperPages(d.db, paperId);
    return rows.map((r) => ({
      page: r.template_page,
      storageKey: r.storage_key,
      matrix: readPageMatrix(r.matrix, r.id) as Matrix3 | null,
      templateId: r.template_id,
      body: r.body,
    }));
  }

  /**
   * What of a card page names the student (painted over). An online paper's typed page (no template) shows
   * only the question's number and the typed answer: nothing to mask.
   */
  async function masked(body: unknown, templateId: number, page: number, blockId: number) {
    const tp = readTemplateBody(body, templateId).pages.find((x) => x.index === page);
    if (!tp) throw fail('templateHasNoSuchPage');
    const keep = (await blockRegions(d.db, blockId)).filter((r) => r.page === page);
    return identityRegions(tp, keep);
  }

  return {
    async info(taskId: number, userId: number, of: OriginOf = 'task'): Promise<MarkOrigin> {
      const { paperId, blockId } = await target(taskId, userId, of);
      const rules = await blockRules(d.db, blockId);
      if (!rules) throw fail('blockNotFound');
      const list = await pages(paperId);
      return {
        taskId,
        blockId,
        blockName: rules.name,
        subjectName: await subjectName(d.db, rules.subjectId),
        questions: rules.questions,
        pages: [...new Set(list.map((p) => p.page))].map((page) => ({
          page,
          imageUrl: pageUrl(taskId, page, of),
        })),
      };
    },

    /** One page, masked; kept in storage under a key naming the page, its registration and the rule. */
    async image(taskId: number, page: number, userId: number, of: OriginOf = 'task'): Promise<Buffer> {
      const { paperId, blockId } = await target(taskId, userId, of);
      const p = (await pages(paperId)).find((x) => x.page === page);
      if (!p) throw fail('paperHasNoSuchPage');
      if (!p.matrix) throw fail('pageHasNoLocation');
      const regions = p.templateId === null ? [] : await masked(p.body, p.templateId, page, blockId);
      const key = `origin/${paperId}/${createHash('sha256')
        .update(JSON.stringify({ MASK_RULE, k: p.storageKey, m: p.matrix, regions }))
        .digest('hex')
        .slice(0, 32)}.jpg`;
      const body = await d.maskedPage(key, p.storageKey, p.matrix, regions);
      if (!body) throw fail('paperImageFileLost');
      return body;
    },
  };
}
export type MarkingOrigin = ReturnType<typeof markingOrigin>;
