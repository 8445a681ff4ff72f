import { sql } from 'drizzle-orm';
import { intArray, rowsOf, type Db } from '../../infra/db';
import { banji } from '../../db/schema';
import type { SchoolFilter } from '../scan/scan-access';

/** The reads and writes of 违纪 marks (kept on the examinee's score row, beside the derived figures). */
export function scoreIrregularRepo(db: Db) {
  return {
    /** The subject's state, read under a share lock: a publish waits for this change and sees it. */
    async lockStatus(subjectId: number): Promise<number | null> {
      const r = await db.execute(sql`select status from subject where id = ${subjectId} for share`);
      return rowsOf<{ status: number }>(r)[0]?.status ?? null;
    },

    /** The examinee in the exam, with whether they are absent or have a live sheet in the subject. */
    async examinee(examId: number, subjectId: number, examineeId: number) {
      const r = await db.execute(sql`
        select e.id, e.school_id as "schoolId",
          exists (select 1 from absence a where a.examinee_id = e.id and a.subject_id = ${subjectId}) as absent,
          exists (select 1 from paper p where p.examinee_id = e.id and p.subject_id = ${subjectId}
            and p.deleted_at is null) as "hasPaper",
          coalesce((select s.irregular from score s where s.subject_id = ${subjectId}
            and s.examinee_id = e.id), false) as irregular
        from examinee e where e.exam_id = ${examId} and e.id = ${examineeId}`);
      return (
        rowsOf<{ id: number; schoolId: number; absent: boolean; hasPaper: boolean; irregular: boolean }>(
          r,
        )[0] ?? null
      );
    },

    /** Sets or clears the mark; the row is created when the examinee was never scored yet. */
    async set(subjectId: number, examineeId: number, mark: { reason: string; userId: number } | null) {
      await db.execute(sql`
        insert into score (subject_id, examinee_id, irregular, irregular_reason, irregular_by, irregular_at)
        values (${subjectId}, ${examineeId}, ${mark !== null}, ${mark?.reason ?? null}, ${mark?.userId ?? null},
          ${mark ? sql`now()` : null})
        on conflict (subject_id, examinee_id) do update set irregular = excluded.irregular,
          irregular_reason = excluded.irregular_reason, irregular_by = excluded.irregular_by,
          irregular_at = excluded.irregular_at`);
    },

    async total(subjectId: number, examineeId: number): Promise<number | null> {
      const r = await db.execute(sql`select total::float8 as total from score
        where subject_id = ${subjectId} and examinee_id = ${examineeId}`);
      return rowsOf<{ total: number | null }>(r)[0]?.total ?? null;
    },

    async list(subjectId: number, f: SchoolFilter, page: number, size: number) {
      const schools = f === 'all' ? sql`` : sql`and e.school_id = any(${intArray([...f, 0])})`;
      const r = await db.execute(sql`
        select e.id as "examineeId", e.kaohao, st.name, b.name as "className", s.irregular_reason as reason,
          u.name as "userName", s.irregular_at as at, count(*) over ()::int as count
        from score s
        join examinee e on e.id = s.examinee_id
        join student st on st.id = e.student_id
        join ${banji} b on b.id = e.class_id
        left join "user" u on u.id = s.irregular_by
        where s.subject_id = ${subjectId} and s.irregular ${schools}
        order by e.kaohao
        limit ${size} offset ${(page - 1) * size}`);
      return rowsOf<{
        examineeId: number;
        kaohao: string;
        name: string;
        className: string;
        reason: string | null;
        userName: string | null;
        at: Date | string | null;
        count: number;
      }>(r);
    },
  };
}
