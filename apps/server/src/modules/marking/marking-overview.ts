import { sql, type SQL } from 'drizzle-orm';
import type {
  AbnormalBlock,
  BlockPaperItem,
  BlockScoreSourceValue,
  MarkTaskStatusValue,
  Paged,
  PaperSearchItem,
  Principal,
} from '@yj/contracts';
import type { z } from 'zod';
import type { blockPapersQuery, paperSearchQuery } from '@yj/contracts';
import { fail } from '../../errors';
import type { Db } from '../../infra/db';
import type { LeadAccess } from './marking-lead-access';
import { taskImageUrl } from './marking-lead-view.service';
import type { LeadSchool, markingLeadRepo } from './marking-lead.repo';
import { rowsOf } from './marking-final';

const ARBITRATION = 9;
const like = (s: string) => `%${s.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
const schoolSql = (col: SQL, school: LeadSchool) => (school === null ? sql`true` : sql`${col} = ${school}`);

/**
 * The leaders' and managers' overview (spec §2 overview and its children): find a student's paper, a block's
 * papers with their marks and markers, and the 问题卷 of a subject per block. Who may look and at which
 * school's papers: the leaders' rule (marking-lead-access).
 */
export function markingOverview(d: { db: Db; access: LeadAccess; repo: typeof markingLeadRepo }) {
  const access = d.access;

  /** The schools whose papers the user may see in the subject (null: all of them). */
  async function subjectSchools(subjectId: number, p: Principal): Promise<number[] | null> {
    const s = await d.repo(d.db).subject(subjectId);
    if (!s) throw fail('subjectNotFound');
    const { school } = await access.subjectBlocks(subjectId, s.examId, p);
    const all = [...school.values()];
    return all.includes(null) ? null : [...new Set(all as number[])];
  }

  return {
    /** overview/blockOrStudent: papers of the subject whose 考号 or student name contains the keyword. */
    async searchPapers(
      subjectId: number,
      q: z.infer<typeof paperSearchQuery>,
      p: Principal,
    ): Promise<Paged<PaperSearchItem>> {
      const schools = await subjectSchools(subjectId, p);
      const where = sql`x.subject_id = ${subjectId} and x.deleted_at is null
        and ${schools === null ? sql`true` : sql`x.school_id = any(${`{${schools.join(',')}}`}::int[])`}
        and (x.kaohao ilike ${like(q.keyword)} or st.name ilike ${like(q.keyword)})`;
      const from = sql`paper x join school sc on sc.id = x.school_id
        left join examinee en on en.id = x.examinee_id left join student st on st.id = en.student_id
        left join class bj on bj.id = en.class_id`;
      const [c] = rowsOf<{ n: number }>(
        await d.db.execute(sql`select count(*)::int as n from ${from} where ${where}`),
      );
      const rows = rowsOf<{
        id: number;
        kaohao: string | null;
        name: string | null;
        class_name: string | null;
        school_name: string;
      }>(
        await d.db.execute(sql`select x.id, x.kaohao, st.name, bj.name as class_name, sc.name as school_name
          from ${from} where ${where} order by x.kaohao nulls last, x.id
          limit ${q.size} offset ${(q.page - 1) * q.size}`),
      );
      return {
        total: c?.n ?? 0,
        size: q.size,
        items: rows.map((r) => ({
          paperId: r.id,
          kaohao: r.kaohao,
          name: r.name,
          className: r.class_name,
          schoolName: r.school_name,
        })),
      };
    },

    /** check/block/{blockId}: the block's papers (of the schools the user sees), filtered, 考号 order. */
    async blockPapers(
      blockId: number,
      q: z.infer<typeof blockPapersQuery>,
      p: Principal,
    ): Promise<Paged<BlockPaperItem>> {
      const { school } = await access.block(blockId, p);
      const state: Record<typeof q.state, SQL> = {
        all: sql`true`,
        decided: sql`bs.paper_id is not null`,
        undecided: sql`bs.paper_id is null`,
        arbitration: sql`exists (select 1 from mark_task a where a.block_id = ${blockId} and a.paper_id = x.id
          and a.slot = ${ARBITRATION} and a.status <> 'submitted')`,
        problem: sql`exists (select 1 from mark_task a where a.block_id = ${blockId} and a.paper_id = x.id
          and a.status = 'problem' and a.problem->>'resolution' is null)`,
      };
      const where = sql.join(
        [
          sql`x.deleted_at is null and ${schoolSql(sql`x.school_id`, school)}`,
          sql`exists (select 1 from mark_task a where a.block_id = ${blockId} and a.paper_id = x.id)`,
          state[q.state],
          ...(q.markerId !== undefined
            ? [
                sql`exists (select 1 from mark_task a where a.block_id = ${blockId} and a.paper_id = x.id
                  and a.user_id = ${q.markerId} and a.status = 'submitted')`,
              ]
            : []),
          ...(q.minScore !== undefined ? [sql`bs.score >= ${q.minScore}`] : []),
          ...(q.maxScore !== undefined ? [sql`bs.score <= ${q.maxScore}`] : []),
          ...(q.kaohao ? [sql`x.kaohao ilike ${like(q.kaohao)}`] : []),
        ],
        sql` and `,
      );
      const from = sql`paper x left join block_score bs on bs.block_id = ${blockId} and bs.paper_id = x.id
        left join examinee en on en.id = x.examinee_id left join student st on st.id = en.student_id
        left join class bj on bj.id = en.class_id`;
      const [c] = rowsOf<{ n: number }>(
        await d.db.execute(sql`select count(*)::int as n from ${from} where ${where}`),
      );
      const papers = rowsOf<{
        id: number;
        kaohao: string | null;
        name: string | null;
        class_name: string | null;
        score: string | null;
        source: string | null;
      }>(
        await d.db.execute(sql`select x.id, x.kaohao, st.name, bj.name as class_name, bs.score, bs.source
          from ${from} where ${where} order by x.kaohao nulls last, x.id
          limit ${q.size} offset ${(q.page - 1) * q.size}`),
      );
      const ids = papers.map((r) => r.id);
      const slots = ids.length
        ? rowsOf<{
            id: number;
            paper_id: number;
            slot: number;
            status: string;
            marker: string | null;
            score: string | null;
          }>(
            await d.db.execute(sql`select t.id, t.paper_id, t.slot, t.status, u.name as marker, t.score
              from mark_task t left join "user" u on u.id = t.user_id
              where t.block_id = ${blockId} and t.paper_id = any(${`{${ids.join(',')}}`}::int[])
              order by t.paper_id, t.slot, t.id`),
          )
        : [];
      return {
        total: c?.n ?? 0,
        size: q.size,
        items: papers.map((r) => {
          const mine = slots.filter((s) => s.paper_id === r.id);
          return {
            paperId: r.id,
            kaohao: r.kaohao,
            name: r.name,
            className: r.class_name,
            final:
              r.score === null ? null : { score: Number(r.score), source: r.source as BlockScoreSourceValue },
            slots: mine.map((s) => ({
              taskId: s.id,
              slot: s.slot,
              status: s.status as MarkTaskStatusValue,
              markerName: s.marker,
              score: s.score === null ? null : Number(s.score),
            })),
            imageUrl: mine[0] ? taskImageUrl(mine[0].id) : null,
          };
        }),
      };
    },

    /** abnormal: every block the user leads or manages, with its 问题卷 open and settled each way. */
    async abnormal(subjectId: number, p: Principal): Promise<AbnormalBlock[]> {
      const s = await d.repo(d.db).subject(subjectId);
      if (!s) throw fail('subjectNotFound');
      const { blockIds, school } = await access.subjectBlocks(subjectId, s.examId, p);
      if (!blockIds.length) return [];
      const rows = rowsOf<{
        block_id: number;
        school_id: number | null;
        open: number;
        score: number;
        back: number;
        scan: number;
      }>(
        await d.db.execute(sql`select t.block_id, t.school_id,
            (count(*) filter (where t.problem->>'resolution' is null))::int as open,
            (count(*) filter (where t.problem->>'resolution' = 'score'))::int as score,
            (count(*) filter (where t.problem->>'resolution' = 'back'))::int as back,
            (count(*) filter (where t.problem->>'resolution' = 'scan'))::int as scan
          from mark_task t
          where t.block_id = any(${`{${blockIds.join(',')}}`}::int[]) and t.problem is not null
          group by t.block_id, t.school_id`),
      );
      const names = rowsOf<{ id: number; name: string }>(
        await d.db.execute(
          sql`select id, name from block where id = any(${`{${blockIds.join(',')}}`}::int[])`,
        ),
      );
      return blockIds.map((id) => {
        const sch = school.get(id) ?? null;
        const mine = rows.filter((r) => r.block_id === id && (sch === null || r.school_id === sch));
        const sum = (k: 'open' | 'score' | 'back' | 'scan') => mine.reduce((a, r) => a + r[k], 0);
        return {
          blockId: id,
          blockName: names.find((n) => n.id === id)?.name ?? '',
          open: sum('open'),
          score: sum('score'),
          back: sum('back'),
          scan: sum('scan'),
        };
      });
    },
  };
}
export type MarkingOverview = ReturnType<typeof markingOverview>;
