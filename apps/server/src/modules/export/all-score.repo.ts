import { and, eq, isNull, sql, type SQL } from 'drizzle-orm';
import { CELL_STATUS, type AllScoreQuery, type AllScoreRow, type AllScoreSubject } from '@yj/contracts';
import { intArray, rowsOf, type Db, type Tx } from '../../infra/db';
import { banji, subject } from '../../db/schema';
import type { SchoolFilter } from '../scan/scan-access';
import { inReaderView, inSchools, nameOrKaohao, type ReaderFilter } from '../score/score-reads';

/** One raw row: fixed columns, then t<i> (total) and c<i> (status code) for the i-th subject. */
export type RawAllScoreRow = {
  examineeId: number;
  kaohao: string;
  name: string;
  schoolName: string;
  className: string;
  total: number | null;
  count?: number;
} & Record<string, unknown>;

export interface AllScoreFilter {
  classId?: number;
  keyword?: string;
  sort: AllScoreQuery['sort'];
  order: AllScoreQuery['order'];
}

/**
 * The exam's totals, one row per examinee: each subject's total and status as its own column (so any subject sorts
 * server-side) and the sum of the 计入总分 subjects. One statement serves the all_score screen (paged) and the totals
 * export (through a cursor), so the file's figures are the screen's.
 */
export function allScoreSql(
  examId: number,
  subjects: AllScoreSubject[],
  f: ReaderFilter,
  q: AllScoreFilter,
  page?: { size: number; page: number },
): SQL {
  const ids = subjects.map((s) => s.id);
  const counted = subjects.filter((s) => s.inTotal).map((s) => s.id);
  const cols = subjects.map(
    (s, i) => sql`,
      max(s.total) filter (where s.subject_id = ${s.id})::float8 as ${sql.identifier(`t${i}`)},
      max(case when s.absent then 1 when s.irregular then 3 when s.total is null then 2 else 0 end)
        filter (where s.subject_id = ${s.id})::int as ${sql.identifier(`c${i}`)}`,
  );
  const cls = q.classId ? sql`and e.class_id = ${q.classId}` : sql``;
  const search = nameOrKaohao(q.keyword);
  const dir = q.order === 'desc' ? sql`desc` : sql`asc`;
  let by: SQL = sql`e.kaohao`;
  if (q.sort === 'name') by = sql`st.name`;
  else if (q.sort === 'total') by = sql`"total"`;
  else if (q.sort.startsWith('s')) {
    const i = ids.indexOf(Number(q.sort.slice(1)));
    if (i >= 0) by = sql`${sql.identifier(`t${i}`)}`;
  }
  const paging = page ? sql`, count(*) over ()::int as count` : sql``;
  const limit = page ? sql`limit ${page.size} offset ${(page.page - 1) * page.size}` : sql``;
  return sql`
    select e.id as "examineeId", e.kaohao, st.name, sc.name as "schoolName", b.name as "className"
      ${sql.join(cols, sql``)},
      sum(s.total) filter (where s.subject_id = any(${intArray(counted.length ? counted : [0])}))::float8 as total
      ${paging}
    from examinee e
    join student st on st.id = e.student_id
    join ${banji} b on b.id = e.class_id
    join school sc on sc.id = e.school_id
    left join score s on s.examinee_id = e.id and s.subject_id = any(${intArray(ids.length ? ids : [0])})
    where e.exam_id = ${examId} ${inReaderView(f)} ${cls} ${search}
    group by e.id, st.id, b.id, sc.id
    order by ${by} ${dir} nulls last, e.kaohao
    ${limit}`;
}

/** A raw row as the screen and the export read it. */
export function allScoreRow(r: RawAllScoreRow, subjects: AllScoreSubject[]): AllScoreRow {
  const cells: AllScoreRow['subjects'] = {};
  subjects.forEach((s, i) => {
    const code = r[`c${i}`] as number | null;
    cells[String(s.id)] = {
      total: (r[`t${i}`] as number | null) ?? null,
      status: code === null ? 'missing' : (CELL_STATUS[code] ?? 'missing'),
    };
  });
  return {
    examineeId: r.examineeId,
    kaohao: r.kaohao,
    name: r.name,
    schoolName: r.schoolName,
    className: r.className,
    subjects: cells,
    total: r.total,
  };
}

export function allScoreRepo(db: Db | Tx) {
  return {
    /** A live subject's 计入总分, locked to be changed; undefined: no such subject in the exam. */
    async lockedInTotal(examId: number, subjectId: number): Promise<boolean | undefined> {
      const [before] = await db
        .select({ inTotal: subject.inTotal })
        .from(subject)
        .where(and(eq(subject.id, subjectId), eq(subject.examId, examId), isNull(subject.deletedAt)))
        .for('update');
      return before?.inTotal;
    },

    async setInTotal(subjectId: number, inTotal: boolean): Promise<void> {
      await db.update(subject).set({ inTotal }).where(eq(subject.id, subjectId));
    },

    /** The exam's live subjects in their order, with 计入总分. */
    async subjects(examId: number): Promise<Array<AllScoreSubject & { status: number }>> {
      const r = await db.execute(sql`
        select id, name, full_score::float8 as "fullScore", in_total as "inTotal", status from subject
        where exam_id = ${examId} and deleted_at is null order by sort, id`);
      return rowsOf<AllScoreSubject & { status: number }>(r);
    },

    async page(
      examId: number,
      subjects: AllScoreSubject[],
      f: ReaderFilter,
      q: AllScoreQuery,
    ): Promise<RawAllScoreRow[]> {
      return rowsOf<RawAllScoreRow>(await db.execute(allScoreSql(examId, subjects, f, q, q)));
    },

    async count(examId: number, f: SchoolFilter): Promise<number> {
      const r = await db.execute(sql`
        select count(*)::int as n from examinee e where e.exam_id = ${examId} ${inSchools(sql`e.school_id`, f)}`);
      return rowsOf<{ n: number }>(r)[0]!.n;
    },
  };
}

/**
 * Runs `query` through a server-side cursor, `batch` rows at a time: memory stays bounded whatever the row count.
 * The read-only transaction keeps one snapshot, so the file is consistent even while scores change.
 */
export async function eachBatch<T>(
  db: Db,
  query: SQL,
  batch: number,
  onRows: (rows: T[]) => Promise<void>,
): Promise<void> {
  await db.transaction(
    async (tx) => {
      await tx.execute(sql`declare export_cursor no scroll cursor for ${query}`);
      for (;;) {
        const rows = rowsOf<T>(await tx.execute(sql.raw(`fetch forward ${batch} from export_cursor`)));
        if (rows.length === 0) break;
        await onRows(rows);
      }
    },
    { accessMode: 'read only', isolationLevel: 'repeatable read' },
  );
}
