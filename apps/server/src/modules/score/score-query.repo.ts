import { sql, type SQL } from 'drizzle-orm';
import type { ScoreSort, ScoreStudentStatus, ScoreStudentsQuery } from '@yj/contracts';
import { intArray, likeAnywhere, rowsOf, type Db } from '../../infra/db';
import { banji } from '../../db/schema';
import type { SchoolFilter } from '../scan/scan-access';

/** `and <column> = any(schools)` unless the user sees every school. */
export const inSchools = (column: SQL, f: SchoolFilter): SQL =>
  f === 'all' ? sql`` : sql`and ${column} = any(${intArray(f)})`;

/**
 * The examinees a reader of students' own scores sees (score.students.read): a school filter, or some schools and
 * some classes (a teacher's, from the readers' view of the contracts).
 */
export type ReaderFilter = SchoolFilter | { schools: readonly number[]; classes: readonly number[] };

/** `and …` narrowing the examinee aliased `e` to a reader's filter. */
export function inReaderView(f: ReaderFilter): SQL {
  if (f === 'all' || isSchoolList(f)) return inSchools(sql`e.school_id`, f);
  return sql`and (e.school_id = any(${intArray(f.schools)}) or e.class_id = any(${intArray(f.classes)}))`;
}
const isSchoolList = (f: ReaderFilter): f is readonly number[] => Array.isArray(f);

export interface SummaryRow {
  classId: number | null;
  className: string | null;
  schoolName: string | null;
  examinees: number;
  present: number;
  absent: number;
  irregular: number;
  mean: number | null;
  max: number | null;
  min: number | null;
  computedAt: Date | string | null;
}

export interface StudentRow {
  examineeId: number;
  kaohao: string;
  name: string;
  className: string;
  paperId: number | null;
  objective: number | null;
  subjective: number | null;
  total: number | null;
  questions: Record<string, number> | null;
  absent: boolean | null;
  irregular: boolean | null;
  irregularReason: string | null;
  computed: boolean;
  count: number;
}

/** The status a student's row shows: 缺考, 违纪, 无答题卡 or 正常. */
export function studentStatus(r: StudentRow): ScoreStudentStatus {
  if (r.absent) return 'absent';
  if (r.irregular) return 'irregular';
  // an imported score (成绩导入) has a figure without a sheet
  return r.paperId === null && r.total === null ? 'missing' : 'ok';
}

/** Who a student's row is and how it stands: the part every list of a subject's scores shows alike. */
export function studentIdentity(r: StudentRow) {
  return {
    examineeId: r.examineeId,
    kaohao: r.kaohao,
    name: r.name,
    className: r.className,
    status: studentStatus(r),
    irregularReason: r.irregularReason,
  };
}

const SORT: Record<ScoreSort, SQL> = {
  kaohao: sql`e.kaohao`,
  name: sql`st.name`,
  total: sql`s.total`,
  objective: sql`s.objective`,
  subjective: sql`s.subjective`,
};

/** The rows of one status, as studentStatus names them (no score row yet: 无答题卡). */
const STATUS_WHERE: Record<ScoreStudentStatus, SQL> = {
  absent: sql`and s.absent`,
  irregular: sql`and s.irregular and not s.absent`,
  missing: sql`and coalesce(s.absent, false) = false and coalesce(s.irregular, false) = false
    and s.paper_id is null and s.total is null`,
  ok: sql`and not s.absent and not s.irregular and (s.paper_id is not null or s.total is not null)`,
};

/** `and` the student's name or exam number contains the keyword (LIKE wildcards taken literally). */
export function nameOrKaohao(keyword: string | undefined): SQL {
  if (!keyword) return sql``;
  const like = likeAnywhere(keyword);
  return sql`and (st.name like ${like} or e.kaohao like ${like})`;
}

/**
 * The students of a subject with their scores per question: paged for stuScore, whole (through a cursor) for the
 * per-question export, so both show the same figures.
 */
export function studentsSql(
  subjectId: number,
  examId: number,
  f: ReaderFilter,
  q: Pick<ScoreStudentsQuery, 'classId' | 'keyword' | 'sort' | 'order'> & { status?: ScoreStudentStatus },
  page?: { size: number; page: number },
): SQL {
  const cls = q.classId ? sql`and e.class_id = ${q.classId}` : sql``;
  const status = q.status ? STATUS_WHERE[q.status] : sql``;
  const search = nameOrKaohao(q.keyword);
  const dir = q.order === 'desc' ? sql`desc` : sql`asc`;
  return sql`
    select e.id as "examineeId", e.kaohao, st.name, b.name as "className", s.paper_id as "paperId",
      s.objective::float8 as objective, s.subjective::float8 as subjective, s.total::float8 as total,
      s.question_scores as questions, s.absent, s.irregular, s.irregular_reason as "irregularReason",
      (s.examinee_id is not null) as computed ${page ? sql`, count(*) over ()::int as count` : sql``}
    from examinee e
    join student st on st.id = e.student_id
    join ${banji} b on b.id = e.class_id
    left join score s on s.subject_id = ${subjectId} and s.examinee_id = e.id
    where e.exam_id = ${examId} ${inReaderView(f)} ${cls} ${search} ${status}
    order by ${SORT[q.sort]} ${dir} nulls last, e.kaohao
    ${page ? sql`limit ${page.size} offset ${(page.page - 1) * page.size}` : sql``}`;
}

/** Reads of the score screens: the summary by class, the paged students, the publishing checks. */
export function scoreQueryRepo(db: Db) {
  return {
    /** One row per class and the whole (classId null); figures over 实考 only, 缺考 apart. */
    async summary(subjectId: number, examId: number, f: SchoolFilter): Promise<SummaryRow[]> {
      const r = await db.execute(sql`
        select e.class_id as "classId", min(b.name) as "className", min(sc.name) as "schoolName",
          count(*)::int as examinees,
          count(s.total)::int as present,
          count(*) filter (where s.absent)::int as absent,
          count(*) filter (where s.irregular and s.total is not null)::int as irregular,
          round(avg(s.total), 2)::float8 as mean, max(s.total)::float8 as max, min(s.total)::float8 as min,
          max(s.computed_at) as "computedAt"
        from examinee e
        join ${banji} b on b.id = e.class_id
        join school sc on sc.id = e.school_id
        left join score s on s.subject_id = ${subjectId} and s.examinee_id = e.id
        where e.exam_id = ${examId} ${inSchools(sql`e.school_id`, f)}
        group by grouping sets ((e.class_id), ())
        order by "classId" nulls first, "className"`);
      return rowsOf<SummaryRow>(r);
    },

    async students(
      subjectId: number,
      examId: number,
      f: ReaderFilter,
      q: ScoreStudentsQuery & { status?: ScoreStudentStatus },
    ): Promise<StudentRow[]> {
      return rowsOf<StudentRow>(await db.execute(studentsSql(subjectId, examId, f, q, q)));
    },

    async classes(examId: number, f: ReaderFilter): Promise<Array<{ id: number; name: string }>> {
      const r = await db.execute(sql`
        select distinct b.id, b.name from examinee e join ${banji} b on b.id = e.class_id
        where e.exam_id = ${examId} ${inReaderView(f)} order by b.name, b.id`);
      return rowsOf<{ id: number; name: string }>(r);
    },

    /** The classes a teacher teaches (teacherSchedule), in any school. */
    async teacherClasses(userId: number): Promise<number[]> {
      const r = await db.execute(sql`select class_id as id from teacher_class where user_id = ${userId}`);
      return rowsOf<{ id: number }>(r).map((x) => x.id);
    },

    /** Whether some examinee of the exam is in one of the schools or classes. */
    async seesAny(examId: number, schools: number[], classes: number[]): Promise<boolean> {
      const r = await db.execute(sql`
        select exists (select 1 from examinee where exam_id = ${examId}
          and (school_id = any(${intArray(schools)}) or class_id = any(${intArray(classes)}))) as yes`);
      return rowsOf<{ yes: boolean }>(r)[0]?.yes ?? false;
    },

    /**
     * Counts of what stops publishing. Marking state is read from mark_task and block_score (read only): a live
     * sheet lacking a final score in some block is unmarked; one with an open arbitration task (slot 9) is in
     * arbitration.
     */
    async check(subjectId: number, examId: number, f: SchoolFilter) {
      const r = await db.execute(sql`
        with live as (
          select p.id, p.examinee_id from paper p
          where p.subject_id = ${subjectId} and p.deleted_at is null and p.examinee_id is not null
            ${inSchools(sql`p.school_id`, f)}
            and not exists (select 1 from absence a where a.subject_id = ${subjectId} and a.examinee_id = p.examinee_id)
        )
        select
          (select count(*) from live where exists (
            select 1 from block k where k.subject_id = ${subjectId} and not exists (
              select 1 from block_score bs where bs.block_id = k.id and bs.paper_id = live.id)))::int as unmarked,
          (select count(distinct t.paper_id) from mark_task t join live on live.id = t.paper_id
            where t.subject_id = ${subjectId} and t.slot = 9 and t.status <> 'submitted')::int as arbitration,
          (select count(*) from scan_exception x where x.subject_id = ${subjectId} and not x.resolved
            ${inSchools(sql`x.school_id`, f)})::int as exceptions,
          (select count(*) from score s join examinee e on e.id = s.examinee_id
            join subject su on su.id = s.subject_id
            where s.subject_id = ${subjectId} ${inSchools(sql`e.school_id`, f)}
              and (s.total > su.full_score or exists (
                select 1 from jsonb_each_text(s.question_scores) j
                join question q on q.subject_id = ${subjectId} and q.no = j.key
                where j.value::numeric > q.score)))::int as "overFull",
          (select count(*) from examinee e where e.exam_id = ${examId} ${inSchools(sql`e.school_id`, f)}
            and not exists (select 1 from paper p where p.subject_id = ${subjectId} and p.examinee_id = e.id
              and p.deleted_at is null)
            and not exists (select 1 from absence a where a.subject_id = ${subjectId} and a.examinee_id = e.id)
            -- an imported score (成绩导入), a figure or 缺考, settles an examinee without a sheet
            and not exists (select 1 from score s where s.subject_id = ${subjectId} and s.examinee_id = e.id
              and (s.total is not null or s.absent))
          )::int as missing,
          -- a key not entered scores every sheet 0 on that question (送分 and 取消 need none)
          (select count(*) from question q join subject su on su.id = q.subject_id
            where q.subject_id = ${subjectId} and q.kind <> 'subjective' and q.special is null
              and (q.answer = '' or (su.ab_enabled and q.answer_b = '')))::int as "noKey"`);
      return rowsOf<{
        unmarked: number;
        arbitration: number;
        exceptions: number;
        overFull: number;
        missing: number;
        noKey: number;
      }>(r)[0]!;
    },

    /** A subject's full marks and 选做 groups (with its questions: whether the structure adds up). */
    async fullScoreAndGroups(
      subjectId: number,
    ): Promise<{ fullScore: number; optionalGroups: Array<{ nos: string[]; pick: number }> }> {
      const r = await db.execute(sql`
        select full_score::float8 as "fullScore", optional_groups as "optionalGroups" from subject
        where id = ${subjectId}`);
      return rowsOf<{ fullScore: number; optionalGroups: Array<{ nos: string[]; pick: number }> }>(r)[0]!;
    },

    /** The questions of a subject as the per-question columns show them. */
    async questions(subjectId: number) {
      const r = await db.execute(sql`
        select no, score::float8 as score, kind <> 'subjective' as objective from question
        where subject_id = ${subjectId} order by sort, id`);
      return rowsOf<{ no: string; score: number; objective: boolean }>(r);
    },
  };
}
