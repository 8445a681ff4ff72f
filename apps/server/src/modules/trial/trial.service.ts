import { sql } from 'drizzle-orm';
import { type Paged, type TrialCandidate, type TrialOverview, type TrialPapersInput } from '@yj/contracts';
import { fail } from '../../errors';
import { rowsOf, type Db, type Tx } from '../../infra/db';
import { assertAllows } from '../subject/subject-state';
import type { SubjectService, TransitionActor } from '../subject/subject.service';
import { ROLE_MARKER } from '../marking/marking.service';

// papers a trial may use: live, recognised, of a present examinee (as the task pool of marking-final.ts)
const markable = (subjectId: number) => sql`p.subject_id = ${subjectId} and p.deleted_at is null
  and p.status = 'ok' and not exists (select 1 from absence a
    where a.examinee_id = p.examinee_id and a.subject_id = p.subject_id)`;

/** The manager's side of 试评: choosing the papers, and trial start, pause, resume and rollback. */
export function trialService(d: { db: Db; subjects: SubjectService }) {
  async function subjectOf(tx: Tx | Db, subjectId: number) {
    const [s] = rowsOf<{ status: number }>(
      await tx.execute(sql`select status from subject where id = ${subjectId}`),
    );
    if (!s) throw fail('科目不存在或已删除');
    return s;
  }
  async function blockOf(tx: Tx | Db, subjectId: number, blockId: number) {
    const [b] = rowsOf<{ id: number; name: string }>(
      await tx.execute(sql`select id, name from block where id = ${blockId} and subject_id = ${subjectId}`),
    );
    if (!b) throw fail('题块不存在或已删除');
    return b;
  }

  return {
    async overview(subjectId: number): Promise<TrialOverview> {
      const s = await subjectOf(d.db, subjectId);
      const blocks = rowsOf<{
        block_id: number;
        name: string;
        papers: number;
        markers: number;
        marked: number;
        referenced: number;
      }>(
        await d.db.execute(sql`select b.id as block_id, b.name,
          (select count(*) from trial_paper tp where tp.block_id = b.id)::int as papers,
          (select count(*) from block_reviewer r where r.block_id = b.id and r.role = ${ROLE_MARKER})::int as markers,
          (select count(*) from trial_mark m where m.block_id = b.id and m.status = 'submitted')::int as marked,
          (select count(*) from trial_paper tp where tp.block_id = b.id and tp.ref_score is not null)::int as referenced
          from block b where b.subject_id = ${subjectId} and cardinality(b.nos) > 0 order by b.id`),
      );
      const [c] = rowsOf<{ n: number }>(
        await d.db.execute(sql`select count(*)::int as n from paper p where ${markable(subjectId)}`),
      );
      return {
        subjectId,
        status: s.status,
        paperCount: c?.n ?? 0,
        blocks: blocks.map((b) => ({
          blockId: b.block_id,
          name: b.name,
          papers: b.papers,
          markers: b.markers,
          marked: b.marked,
          referenced: b.referenced,
        })),
      };
    },

    /** Papers to pick from, by exam number or name, with the ones already chosen for the block. */
    async candidates(
      subjectId: number,
      blockId: number,
      q: { page: number; size: number; keyword?: string },
    ): Promise<Paged<TrialCandidate>> {
      await blockOf(d.db, subjectId, blockId);
      const like = q.keyword ? `%${q.keyword.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : null;
      const where = sql`${markable(subjectId)}${
        like ? sql` and (p.kaohao like ${like} or st.name like ${like})` : sql``
      }`;
      const from = sql`from paper p join examinee e on e.id = p.examinee_id join student st on st.id = e.student_id`;
      const rows = rowsOf<{ paper_id: number; kaohao: string; name: string; chosen: boolean }>(
        await d.db.execute(sql`select p.id as paper_id, p.kaohao, st.name,
          exists (select 1 from trial_paper tp where tp.block_id = ${blockId} and tp.paper_id = p.id) as chosen
          ${from} where ${where} order by p.kaohao, p.id limit ${q.size} offset ${(q.page - 1) * q.size}`),
      );
      const [t] = rowsOf<{ n: number }>(
        await d.db.execute(sql`select count(*)::int as n ${from} where ${where}`),
      );
      return {
        items: rows.map((r) => ({ paperId: r.paper_id, kaohao: r.kaohao, name: r.name, chosen: r.chosen })),
        total: t?.n ?? 0,
        size: q.size,
      };
    },

    /** The block's trial papers, chosen again (设置中 only: no trial mark exists then). */
    async choose(subjectId: number, blockId: number, input: TrialPapersInput): Promise<{ papers: number }> {
      return d.db.transaction(async (tx) => {
        const [s] = rowsOf<{ status: number }>(
          await tx.execute(sql`select status from subject where id = ${subjectId} for update`),
        );
        if (!s) throw fail('科目不存在或已删除');
        assertAllows(s.status, 'trialStart');
        await blockOf(tx, subjectId, blockId);
        let ids: number[];
        if (input.mode === 'random') {
          ids = rowsOf<{ id: number }>(
            await tx.execute(sql`select p.id from paper p where ${markable(subjectId)}
              order by random() limit ${input.count}`),
          ).map((r) => r.id);
          if (!ids.length) throw fail('本科目还没有可阅的试卷');
        } else {
          const wanted = [...new Set(input.paperIds)];
          ids = rowsOf<{ id: number }>(
            await tx.execute(sql`select p.id from paper p where ${markable(subjectId)}
              and p.id = any(${`{${wanted.join(',')}}`}::int[])`),
          ).map((r) => r.id);
          if (ids.length !== wanted.length) throw fail('所选试卷不属于本科目或不能阅卷');
        }
        await tx.execute(sql`delete from trial_paper where block_id = ${blockId}`);
        await tx.execute(sql`insert into trial_paper (subject_id, block_id, paper_id)
          select ${subjectId}, ${blockId}, x from unnest(${`{${ids.join(',')}}`}::int[]) as x order by x`);
        return { papers: ids.length };
      });
    },

    /** 开始试评: every block with trial papers needs markers; at least one block has trial papers. */
    start: (subjectId: number, actor: TransitionActor) =>
      d.subjects.transition(subjectId, 'trialStart', actor, {
        guard: async (tx) => {
          const rows = rowsOf<{ name: string; markers: number }>(
            await tx.execute(sql`select b.name,
              (select count(*) from block_reviewer r where r.block_id = b.id and r.role = ${ROLE_MARKER})::int as markers
              from block b where b.subject_id = ${subjectId}
                and exists (select 1 from trial_paper tp where tp.block_id = b.id) order by b.id`),
          );
          if (!rows.length) throw fail('请先为题块选择试评试卷');
          const bare = rows.filter((r) => r.markers === 0).map((r) => r.name);
          if (bare.length) throw fail(`题块 ${bare.join('、')} 还没有阅卷老师`);
        },
      }),
    pause: (subjectId: number, actor: TransitionActor) =>
      d.subjects.transition(subjectId, 'trialPause', actor),
    resume: (subjectId: number, actor: TransitionActor) =>
      d.subjects.transition(subjectId, 'trialResume', actor),

    /**
     * 结束试评并回到设置: the trial marks are deleted and the papers return (the trial selection is emptied);
     * the audit line says how many. 样卷 kept from the trial, the task pool and every score stay as they are.
     */
    rollback(subjectId: number, actor: TransitionActor) {
      const detail: Record<string, number> = {};
      return d.subjects.transition(subjectId, 'trialRollback', actor, {
        after: async (tx) => {
          const marks = await tx.execute(sql`delete from trial_mark
            where block_id in (select id from block where subject_id = ${subjectId})`);
          const papers = await tx.execute(sql`delete from trial_paper where subject_id = ${subjectId}`);
          detail.trialMarksDeleted = countOf(marks);
          detail.trialPapersReturned = countOf(papers);
        },
        detail,
      });
    },
  };
}
const countOf = (r: unknown) => (r as { rowCount?: number | null }).rowCount ?? 0;
export type TrialService = ReturnType<typeof trialService>;
