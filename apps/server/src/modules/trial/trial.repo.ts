import { ExamRole } from '@yj/contracts';
import { sql } from 'drizzle-orm';
import { intArray, rowsOf, type Db, type Tx } from '../../infra/db';

// papers a trial may use: live, recognised, of a present examinee (as the task pool of marking-final.ts)
const markable = (subjectId: number) => sql`p.subject_id = ${subjectId} and p.deleted_at is null
  and p.status = 'ok' and not exists (select 1 from absence a
    where a.examinee_id = p.examinee_id and a.subject_id = p.subject_id)`;
/** The rows of 试评 a route names by id. */
export type TrialRowTable = 'trial_mark' | 'trial_paper' | 'sample_paper';
const countOf = (r: unknown) => (r as { rowCount?: number | null }).rowCount ?? 0;

/** The SQL of the manager's side of 试评 (trial.service.ts): the trial papers of each block and their counts. */
export function trialRepo(db: Db | Tx) {
  return {
    /** The subject's state; `lock`: the row locked for update (choosing papers against a state change). */
    async subject(subjectId: number, lock = false) {
      const [s] = rowsOf<{ status: number }>(
        await db.execute(
          sql`select status from subject where id = ${subjectId}${lock ? sql` for update` : sql``}`,
        ),
      );
      return s ?? null;
    },

    async block(subjectId: number, blockId: number) {
      const [b] = rowsOf<{ id: number; name: string }>(
        await db.execute(sql`select id, name from block where id = ${blockId} and subject_id = ${subjectId}`),
      );
      return b ?? null;
    },

    /** Each framed block of the subject with its trial papers, markers, submitted trial marks and 样卷 scores. */
    blockCounts: async (subjectId: number) =>
      rowsOf<{
        block_id: number;
        name: string;
        papers: number;
        markers: number;
        marked: number;
        referenced: number;
      }>(
        await db.execute(sql`select b.id as block_id, b.name,
          (select count(*) from trial_paper tp where tp.block_id = b.id)::int as papers,
          (select count(*) from block_reviewer r where r.block_id = b.id and r.role = ${ExamRole.reviewers})::int as markers,
          (select count(*) from trial_mark m where m.block_id = b.id and m.status = 'submitted')::int as marked,
          (select count(*) from trial_paper tp where tp.block_id = b.id and tp.ref_score is not null)::int as referenced
          from block b where b.subject_id = ${subjectId} and cardinality(b.nos) > 0 order by b.id`),
      ),

    async markableCount(subjectId: number): Promise<number> {
      const [c] = rowsOf<{ n: number }>(
        await db.execute(sql`select count(*)::int as n from paper p where ${markable(subjectId)}`),
      );
      return c?.n ?? 0;
    },

    /** A page of the markable papers, by exam number or name (`like`), with the ones chosen for the block. */
    async candidates(
      subjectId: number,
      blockId: number,
      like: string | null,
      page: { page: number; size: number },
    ) {
      const where = sql`${markable(subjectId)}${
        like ? sql` and (p.kaohao like ${like} or st.name like ${like})` : sql``
      }`;
      const from = sql`from paper p join examinee e on e.id = p.examinee_id join student st on st.id = e.student_id`;
      const rows = rowsOf<{ paper_id: number; kaohao: string; name: string; chosen: boolean }>(
        await db.execute(sql`select p.id as paper_id, p.kaohao, st.name,
          exists (select 1 from trial_paper tp where tp.block_id = ${blockId} and tp.paper_id = p.id) as chosen
          ${from} where ${where} order by p.kaohao, p.id limit ${page.size} offset ${(page.page - 1) * page.size}`),
      );
      const [t] = rowsOf<{ n: number }>(
        await db.execute(sql`select count(*)::int as n ${from} where ${where}`),
      );
      return { rows, total: t?.n ?? 0 };
    },

    /** `count` markable papers drawn at random. */
    randomMarkable: async (subjectId: number, count: number) =>
      rowsOf<{ id: number }>(
        await db.execute(sql`select p.id from paper p where ${markable(subjectId)}
          order by random() limit ${count}`),
      ).map((r) => r.id),

    /** Which of `ids` are markable papers of the subject. */
    markableOf: async (subjectId: number, ids: number[]) =>
      rowsOf<{ id: number }>(
        await db.execute(sql`select p.id from paper p where ${markable(subjectId)}
          and p.id = any(${intArray(ids)})`),
      ).map((r) => r.id),

    /** The block's trial papers replaced by `ids`. */
    async replacePapers(subjectId: number, blockId: number, ids: number[]): Promise<void> {
      await db.execute(sql`delete from trial_paper where block_id = ${blockId}`);
      await db.execute(sql`insert into trial_paper (subject_id, block_id, paper_id)
        select ${subjectId}, ${blockId}, x from unnest(${intArray(ids)}) as x order by x`);
    },

    /** The blocks with trial papers and their markers (开始试评's check). */
    chosenBlocks: async (subjectId: number) =>
      rowsOf<{ name: string; markers: number }>(
        await db.execute(sql`select b.name,
          (select count(*) from block_reviewer r where r.block_id = b.id and r.role = ${ExamRole.reviewers})::int as markers
          from block b where b.subject_id = ${subjectId}
            and exists (select 1 from trial_paper tp where tp.block_id = b.id) order by b.id`),
      ),

    /** Every trial mark and trial paper of the subject deleted; answers how many of each. */
    async clear(subjectId: number) {
      const marks = await db.execute(sql`delete from trial_mark
        where block_id in (select id from block where subject_id = ${subjectId})`);
      const papers = await db.execute(sql`delete from trial_paper where subject_id = ${subjectId}`);
      return { marks: countOf(marks), papers: countOf(papers) };
    },

    /** The block of a trial mark, trial paper or 样卷 (null: none): the routes' capability scope. */
    async blockOfRow(table: TrialRowTable, rowId: number): Promise<number | null> {
      const [row] = rowsOf<{ block_id: number }>(
        await db.execute(sql`select block_id from ${sql.identifier(table)} where id = ${rowId}`),
      );
      return row?.block_id ?? null;
    },
  };
}
export type TrialRepo = ReturnType<typeof trialRepo>;
