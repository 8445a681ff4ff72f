import { sql } from 'drizzle-orm';
import type { ReportSettings } from '@yj/contracts';
import { rowsOf, type Db } from '../../infra/db';

export interface ReportSubjectRow {
  id: number;
  name: string;
  course: string;
  fullScore: number;
  status: number;
  version: number;
}

/** One examinee's score in a subject: total null when absent (缺考); question scores by question no. */
export interface ScoreEntry {
  examineeId: number;
  studentId: number;
  schoolId: number;
  classId: number;
  total: number | null;
  questions: Record<string, number> | null;
}

export interface QuestionRow {
  no: string;
  kind: string;
  full: number;
  answer: string;
}

/** The reads of the reports: one set-based statement each, never a query per examinee. */
export function reportRepo(db: Db) {
  return {
    async exam(examId: number): Promise<{ id: number; name: string; schoolId: number | null } | null> {
      const r = await db.execute(
        sql`select id, name, school_id as "schoolId" from exam where id = ${examId} and deleted_at is null`,
      );
      return rowsOf<{ id: number; name: string; schoolId: number | null }>(r)[0] ?? null;
    },

    /** The exam's subjects with the version of their scores (0: never written). */
    async subjects(examId: number): Promise<ReportSubjectRow[]> {
      const r = await db.execute(sql`
        select s.id, s.name, s.course, s.full_score::float8 as "fullScore", s.status, coalesce(v.version, 0)::int as version
        from subject s left join report_version v on v.subject_id = s.id
        where s.exam_id = ${examId} and s.deleted_at is null
        order by s.sort, s.id`);
      return rowsOf<ReportSubjectRow>(r);
    },

    /** The exam's own report settings and their version; null: the exam keeps the defaults. */
    async settings(examId: number): Promise<{ settings: ReportSettings; version: number } | null> {
      const r = await db.execute(sql`select settings, version from report_setting where exam_id = ${examId}`);
      return rowsOf<{ settings: ReportSettings; version: number }>(r)[0] ?? null;
    },

    /** Stores an exam's settings with the next version (the cached reports' stamps no longer match). */
    async saveSettings(examId: number, settings: ReportSettings, userId: number): Promise<void> {
      await db.execute(sql`
        insert into report_setting (exam_id, settings, updated_by) values (${examId},
          ${JSON.stringify(settings)}::jsonb, ${userId})
        on conflict (exam_id) do update set settings = excluded.settings, updated_by = excluded.updated_by,
          version = report_setting.version + 1, updated_at = now()`);
    },

    /** The cached report as JSON text (sent as it is to whoever sees the whole report: no parse, no re-encode). */
    async cached(examId: number, subjectId: number): Promise<{ stamp: string; json: string } | null> {
      const r = await db.execute(
        sql`select stamp, data::text as json from report_cache where exam_id = ${examId} and subject_id = ${subjectId}`,
      );
      return rowsOf<{ stamp: string; json: string }>(r)[0] ?? null;
    },

    async store(examId: number, subjectId: number, stamp: string, json: string): Promise<void> {
      await db.execute(sql`
        insert into report_cache (exam_id, subject_id, stamp, data) values (${examId}, ${subjectId}, ${stamp},
          ${json}::jsonb)
        on conflict (exam_id, subject_id) do update set stamp = excluded.stamp, data = excluded.data,
          computed_at = now()`);
    },

    /** Every scored examinee of a subject with school, class, total and (when asked) question scores. */
    async entries(subjectId: number, withQuestions = true): Promise<ScoreEntry[]> {
      const questions = withQuestions
        ? sql`case when s.absent then null else s.question_scores end`
        : sql`null`;
      const r = await db.execute(sql`
        select s.examinee_id as "examineeId", e.student_id as "studentId", e.school_id as "schoolId", e.class_id as "classId",
          case when s.absent then null else s.total::float8 end as total,
          ${questions} as questions
        from score s join examinee e on e.id = s.examinee_id
        where s.subject_id = ${subjectId}`);
      return rowsOf<ScoreEntry>(r);
    },

    async questions(subjectId: number): Promise<QuestionRow[]> {
      const r = await db.execute(sql`
        select no, kind, score::float8 as full, answer from question
        where subject_id = ${subjectId} order by sort, id`);
      return rowsOf<QuestionRow>(r);
    },

    /**
     * Answers given to each objective question by the examinees who sat, counted per distinct answer as stored
     * (a JSON list of labels; [] blank). Undecided recognitions (null) are left out.
     */
    async options(subjectId: number): Promise<{ no: string; answer: string; count: number }[]> {
      const r = await db.execute(sql`
        select j.key as no, j.value::text as answer, count(*)::int as count
        from paper p join score s on s.subject_id = p.subject_id and s.examinee_id = p.examinee_id and not s.absent
        cross join lateral jsonb_each(p.objective) j
        where p.subject_id = ${subjectId} and p.deleted_at is null and jsonb_typeof(j.value) = 'array'
        group by 1, 2`);
      return rowsOf<{ no: string; answer: string; count: number }>(r);
    },

    /** Names of the schools and classes of an exam's examinees. */
    async groups(examId: number): Promise<{
      schools: { id: number; name: string }[];
      classes: { id: number; name: string; schoolId: number }[];
    }> {
      const [s, c] = await Promise.all([
        db.execute(sql`
          select id, name from school
          where id in (select distinct school_id from examinee where exam_id = ${examId}) order by id`),
        db.execute(sql`
          select b.id, b.name, b.school_id as "schoolId" from class b
          where b.id in (select distinct class_id from examinee where exam_id = ${examId})
          order by b.school_id, b.sort, b.id`),
      ]);
      return {
        schools: rowsOf<{ id: number; name: string }>(s),
        classes: rowsOf<{ id: number; name: string; schoolId: number }>(c),
      };
    },

    /** Whether the exam has examinees in one of these schools or classes (a narrowed view sees something). */
    async hasExamineesIn(examId: number, schools: number[], classes: number[]): Promise<boolean> {
      const r = await db.execute(sql`
        select exists (select 1 from examinee where exam_id = ${examId}
          and (school_id = any(${sql.param(schools)}::int[]) or class_id = any(${sql.param(classes)}::int[]))) as yes`);
      return rowsOf<{ yes: boolean }>(r)[0]?.yes ?? false;
    },

    /** Other exams with examinees who are students of this one, newest first, and how many they share. */
    async sharingExams(
      examId: number,
    ): Promise<{ id: number; name: string; startDate: string | null; shared: number }[]> {
      const r = await db.execute(sql`
        select x.id, x.name, x.start_date::text as "startDate", count(*)::int as shared
        from examinee a join examinee b on b.student_id = a.student_id and b.exam_id <> a.exam_id
        join exam x on x.id = b.exam_id and x.deleted_at is null
        where a.exam_id = ${examId}
        group by x.id order by x.start_date desc nulls last, x.id desc limit 50`);
      return rowsOf<{ id: number; name: string; startDate: string | null; shared: number }>(r);
    },

    /** Exam number and name of every examinee of an exam. */
    async examineeNames(examId: number): Promise<{ id: number; kaohao: string; name: string }[]> {
      const r = await db.execute(sql`
        select e.id, e.kaohao, s.name from examinee e join student s on s.id = e.student_id
        where e.exam_id = ${examId}`);
      return rowsOf<{ id: number; kaohao: string; name: string }>(r);
    },

    /** The classes a teacher teaches (teacherSchedule). */
    async teacherClasses(userId: number): Promise<number[]> {
      const r = await db.execute(sql`select class_id as id from teacher_class where user_id = ${userId}`);
      return rowsOf<{ id: number }>(r).map((x) => x.id);
    },
  };
}
export type ReportRepo = ReturnType<typeof reportRepo>;
