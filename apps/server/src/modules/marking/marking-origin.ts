import { createHash } from 'node:crypto';
import { sql, type SQL } from 'drizzle-orm';
import type { BlockRegion, MarkOrigin } from '@yj/contracts';
import { readPageMatrix, readTemplateBody } from '../../db/stored';
import type { Matrix3 } from '@yj/omr';
import { fail } from '../../errors';
import type { Db, Tx } from '../../infra/db';
import { API_PREFIX } from '../../plugins/auth';
import type { PaperImageService } from '../scan/image/paper-image.service';
import { blockRules, rowsOf } from './marking-final';
import { identityRegions } from './origin-mask';
import { ROLE_LEADER } from './marking.service';

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
    const leads = (block: SQL) => sql`exists (select 1 from block_reviewer r where r.block_id = ${block}
      and r.user_id = ${userId} and r.role = ${ROLE_LEADER})`;
    const [t] = rowsOf<{ paper_id: number; block_id: number; own: boolean; leader: boolean }>(
      of === 'trial'
        ? // a 试评 mark: the marker's own (leased or submitted), or a trial paper of a block the user leads
          await d.db.execute(sql`select tp.paper_id, m.block_id, m.user_id = ${userId} as own,
              ${leads(sql`m.block_id`)} as leader
            from trial_mark m join trial_paper tp on tp.id = m.trial_paper_id where m.id = ${taskId}`)
        : await d.db.execute(sql`select t.paper_id, t.block_id,
          (t.user_id = ${userId} and t.status <> 'problem') as own,
          ${of === 'lead' ? sql`true` : leads(sql`t.block_id`)} as leader
        from mark_task t where t.id = ${taskId}
        union all
        select sp.paper_id, m.block_id, m.user_id = ${userId}, false
        from standard_mark m join sample_paper sp on sp.id = m.sample_paper_id where m.id = ${taskId}`),
    );
    if (!t) throw fail('taskNotFound');
    if (!t.own && !t.leader) throw fail('forbidden');
    return { paperId: t.paper_id, blockId: t.block_id };
  }

  /** The paper's card pages with the template each was read with (its batch's). */
  async function pages(paperId: number) {
    const rows = rowsOf<{
      id: number;
      template_page: number;
      storage_key: string;
      matrix: unknown;
      template_id: number;
      body: unknown;
    }>(
      await d.db.execute(sql`select p.id, p.template_page, p.storage_key,
          p.result->'registration'->'matrix' as matrix, t.id as template_id, t.body
        from scan_page p join scan_batch b on b.id = p.batch_id join template t on t.id = b.template_id
        where p.paper_id = ${paperId} and p.template_page is not null
          and exists (select 1 from paper x where x.id = p.paper_id and x.deleted_at is null)
        order by p.template_page, p.position`),
    );
    return rows.map((r) => ({
      page: r.template_page,
      storageKey: r.storage_key,
      matrix: readPageMatrix(r.matrix, r.id) as Matrix3 | null,
      templateId: r.template_id,
      body: r.body,
    }));
  }

  return {
    async info(taskId: number, userId: number, of: OriginOf = 'task'): Promise<MarkOrigin> {
      const { paperId, blockId } = await target(taskId, userId, of);
      // blockRules reads with whichever handle it is given; outside a transaction the pool's db serves
      const rules = await blockRules(d.db as Tx, blockId);
      if (!rules) throw fail('blockNotFound');
      const [s] = rowsOf<{ name: string }>(
        await d.db.execute(sql`select name from subject where id = ${rules.subjectId}`),
      );
      const list = await pages(paperId);
      return {
        taskId,
        blockId,
        blockName: rules.name,
        subjectName: s?.name ?? '',
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
      const tp = readTemplateBody(p.body, p.templateId).pages.find((x) => x.index === page);
      if (!tp) throw fail('templateHasNoSuchPage');
      const [b] = rowsOf<{ regions: BlockRegion[] | null }>(
        await d.db.execute(sql`select regions from block where id = ${blockId}`),
      );
      const keep = (b?.regions ?? []).filter((r) => r.page === page);
      const regions = identityRegions(tp, keep);
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
