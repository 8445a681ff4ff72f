import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Paged, StudentItem, StudentListQuery } from '@yj/contracts';
import { keywordIn, type Db } from '../../infra/db';
import { banji, grade, rosterVersion, student } from '../../db/schema';

export type StudentRow = typeof student.$inferSelect;

const item = {
  id: student.id,
  name: student.name,
  xuehao: student.xuehao,
  gender: student.gender,
  gradeId: grade.id,
  gradeName: grade.name,
  classId: banji.id,
  className: banji.name,
};
const pageOrder = [asc(grade.sort), asc(banji.sort), asc(banji.id), asc(student.xuehao)];

/**
 * The unfiltered page (the 学生管理 screen's first view and its paging) is prepared once per database: building
 * the statement in drizzle and planning it in PostgreSQL cost as much as running it (issue 12, bench:api).
 * Filtered lists are rarer and keep the builder (their plan depends on which filters are given).
 */
const preparedPages = new WeakMap<Db, ReturnType<typeof preparePage>>();
function preparePage(db: Db) {
  return db
    .select({ ...item, total: sql<number>`count(*) over ()::int` })
    .from(student)
    .innerJoin(banji, eq(banji.id, student.classId))
    .innerJoin(grade, eq(grade.id, banji.gradeId))
    .where(and(eq(student.schoolId, sql.placeholder('schoolId')), isNull(student.deletedAt)))
    .orderBy(...pageOrder)
    .limit(sql.placeholder('limit'))
    .offset(sql.placeholder('offset'))
    .prepare('student_page');
}
function plainPage(db: Db) {
  let p = preparedPages.get(db);
  if (!p) preparedPages.set(db, (p = preparePage(db)));
  return p;
}

const preparedVersions = new WeakMap<Db, ReturnType<typeof prepareVersion>>();
function prepareVersion(db: Db) {
  return db
    .select({ version: rosterVersion.version })
    .from(rosterVersion)
    .where(eq(rosterVersion.schoolId, sql.placeholder('schoolId')))
    .prepare('roster_version');
}
/** The school's roster version as committed now (0 before its first write). */
async function rosterVersionOf(db: Db, schoolId: number): Promise<number> {
  let p = preparedVersions.get(db);
  if (!p) preparedVersions.set(db, (p = prepareVersion(db)));
  const [r] = await p.execute({ schoolId });
  return r?.version ?? 0;
}

/**
 * Pages remembered per database handle, under the roster version read before the page itself: the page is at
 * least as new as that version, and any later write of a student, class or grade — by this process or another,
 * a job or a script — moves the version on (triggers of migration 0023), so the next read misses and reads
 * afresh. One primary-key read instead of joining, counting and sorting the school's students (issue 12). The
 * key holds the school and every filter, so a filtered page (a grade, a class, a search) is remembered the same
 * way and never answers another question. A transaction's handle gets its own map, which goes with it (nothing
 * uncommitted leaks out).
 */
const PAGES_KEPT = 2000;
const pageCaches = new WeakMap<Db, Map<string, { version: number; page: Paged<StudentItem> }>>();
function pagesOf(db: Db) {
  let m = pageCaches.get(db);
  if (!m) pageCaches.set(db, (m = new Map()));
  return m;
}
const pageKey = (schoolId: number, q: StudentListQuery): string =>
  JSON.stringify([schoolId, q.page, q.size, q.gradeId ?? 0, q.classId ?? 0, q.keyword ?? '']);

export function studentRepo(db: Db) {
  const live = (schoolId: number) => and(eq(student.schoolId, schoolId), isNull(student.deletedAt));
  const count = async (schoolId: number): Promise<number> => {
    const [r] = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(student)
      .where(live(schoolId));
    return r?.n ?? 0;
  };
  /** The page and the total in one statement; only a page past the end needs the count on its own. */
  const readPage = async (
    schoolId: number,
    q: StudentListQuery,
  ): Promise<{ total: number; items: StudentItem[] }> => {
    const offset = (q.page - 1) * q.size;
    if (!q.keyword && !q.gradeId && !q.classId) {
      const rows = await plainPage(db).execute({ schoolId, limit: q.size, offset });
      const total = rows[0]?.total ?? (q.page > 1 ? await count(schoolId) : 0);
      return { total, items: rows.map(({ total: _, ...it }) => it) };
    }
    const where = and(
      live(schoolId),
      keywordIn(q.keyword, student.name, student.xuehao, banji.name),
      q.gradeId ? eq(grade.id, q.gradeId) : undefined,
      q.classId ? eq(banji.id, q.classId) : undefined,
    );
    const from = () =>
      db
        .select({ ...item, total: sql<number>`count(*) over ()::int` })
        .from(student)
        .innerJoin(banji, eq(banji.id, student.classId))
        .innerJoin(grade, eq(grade.id, banji.gradeId))
        .where(where);
    const rows = await from()
      .orderBy(...pageOrder)
      .limit(q.size)
      .offset(offset);
    const total = rows[0]?.total ?? (q.page > 1 ? ((await from().limit(1))[0]?.total ?? 0) : 0);
    return { total, items: rows.map(({ total: _, ...it }) => it) };
  };
  return {
    async list(schoolId: number, q: StudentListQuery): Promise<Paged<StudentItem>> {
      const version = await rosterVersionOf(db, schoolId);
      const pages = pagesOf(db);
      const key = pageKey(schoolId, q);
      const kept = pages.get(key);
      if (kept?.version === version) return kept.page;
      const read = await readPage(schoolId, q);
      const page = Object.freeze({
        total: read.total,
        size: q.size,
        items: Object.freeze(read.items.map((it) => Object.freeze(it))),
      }) as Paged<StudentItem>;
      // newest last; the oldest entry goes first when the map is full
      pages.delete(key);
      pages.set(key, { version, page });
      if (pages.size > PAGES_KEPT) pages.delete(pages.keys().next().value!);
      return page;
    },
    /** Every live student for export, in class order. */
    async all(schoolId: number): Promise<StudentItem[]> {
      return db
        .select(item)
        .from(student)
        .innerJoin(banji, eq(banji.id, student.classId))
        .innerJoin(grade, eq(grade.id, banji.gradeId))
        .where(live(schoolId))
        .orderBy(...pageOrder);
    },
    async findById(schoolId: number, id: number): Promise<StudentRow | null> {
      const rows = await db
        .select()
        .from(student)
        .where(and(live(schoolId), eq(student.id, id)));
      return rows[0] ?? null;
    },
    async findByXuehao(schoolId: number, xuehao: string): Promise<StudentRow | null> {
      const rows = await db
        .select()
        .from(student)
        .where(and(live(schoolId), eq(student.xuehao, xuehao)));
      return rows[0] ?? null;
    },
    /** xuehao → id of every live student of the school (imports look up existing rows in one query). */
    async xuehaoIndex(schoolId: number): Promise<Map<string, number>> {
      const rows = await db
        .select({ id: student.id, xuehao: student.xuehao })
        .from(student)
        .where(live(schoolId));
      return new Map(rows.map((r) => [r.xuehao, r.id]));
    },
    async insert(
      rows: Array<{ schoolId: number; name: string; xuehao: string; classId: number; gender?: number }>,
    ): Promise<void> {
      // One JSON parameter per 10,000 rows: far fewer bind parameters than a VALUES list, fastest on both drivers.
      for (let i = 0; i < rows.length; i += 10_000) {
        const chunk = JSON.stringify(rows.slice(i, i + 10_000).map((r) => ({ ...r, gender: r.gender ?? 0 })));
        await db.execute(sql`insert into "student" (school_id, name, xuehao, class_id, gender)
          select x."schoolId", x.name, x.xuehao, x."classId", x.gender
          from json_to_recordset(${chunk}::json) as x("schoolId" int, name text, xuehao text, "classId" int, gender smallint)`);
      }
    },
    async update(id: number, set: Partial<typeof student.$inferInsert>): Promise<void> {
      await db.update(student).set(set).where(eq(student.id, id));
    },
    /** Overwrites name, class and gender of many rows (imports that update existing students). */
    async updateMany(
      rows: Array<{ id: number; name: string; classId: number; gender: number }>,
    ): Promise<void> {
      for (let i = 0; i < rows.length; i += 10_000) {
        const chunk = JSON.stringify(rows.slice(i, i + 10_000));
        await db.execute(sql`update "student" s set name = x.name, class_id = x."classId", gender = x.gender
          from json_to_recordset(${chunk}::json) as x(id int, name text, "classId" int, gender smallint)
          where s.id = x.id`);
      }
    },
    /** Soft delete: rows stay for exams that already used them. Returns the ids actually deleted. */
    async softDelete(schoolId: number, ids: number[] | 'all'): Promise<number[]> {
      const rows = await db
        .update(student)
        .set({ deletedAt: new Date() })
        .where(and(live(schoolId), ids === 'all' ? undefined : inArray(student.id, ids)))
        .returning({ id: student.id });
      return rows.map((r) => r.id);
    },
  };
}
export type StudentRepo = ReturnType<typeof studentRepo>;
