import { sql } from 'drizzle-orm';
import { StoredQuestionScoresSchema, StoredReportSettingsSchema, type ReportSettings } from '@yj/contracts';
import { intArray, rowsOf, textArray, type Db } from '../../infra/db';
import { countAnswers, readRows } from './score-text';
import { readStored } from '../../db/stored';

export interface ReportSubjectRow {
  id: number;
  name: string;
  course: string;
  fullScore: number;
  status: number;
  version: number;
}

/**
 * Every examinee of a subject as columns, in examinee order (same positions throughout); total NaN when absent
 * or without a score (a row whose total is NULL: no sheet and not 缺考 — not sat).
 * `questions`: each row's question scores as one line of text (see `questionLines` in score-text.ts), the
 * lines joined — one text for the whole subject rather than a row object and a parsed object per examinee;
 * `questionKeys`: the keys of the lines that hold values only, in their order (the subject's question numbers
 * as jsonb orders an object's keys).
 */
export interface ScoreColumns {
  examineeIds: Int32Array;
  studentIds: Int32Array;
  schoolIds: Int32Array;
  classIds: Int32Array;
  totals: Float64Array;
  questions: string | null;
  questionKeys: string | null;
}

/** What a report_cache row holds: a report's figures, or the 学生成绩 figures of every examinee. */
export type CacheKind = 'report' | 'students' | `commentary:${number}` | `group:${number}`;

export interface QuestionRow {
  no: string;
  kind: string;
  full: number;
  answer: string;
}

/** A scored examinee as the 试卷讲评 reads it (the reports themselves read columns: scoreColumns). */
export interface ScoreEntry {
  examineeId: number;
  studentId: number;
  schoolId: number;
  classId: number;
  total: number | null;
  questions: Record<string, number> | null;
}

/** Score rows read raw: each one's question_scores parsed by its schema. */
export const readEntries = (rows: ScoreEntry[], subjectId: number): ScoreEntry[] =>
  rows.map((e) => ({
    ...e,
    questions: readStored(
      StoredQuestionScoresSchema,
      e.questions,
      `score ${subjectId}/${e.examineeId} question_scores`,
    ),
  }));

/**
 * Each objective question's answer on a paper as scoring reads it (`@yj/scoring` subject.ts), joined after `paper p`:
 * on an A/B subject a B paper's answer to A question q is at q's B number (`bNo ?? no`) — counting the read keys
 * as they are put a B paper's answers under the wrong questions. A B paper's letters are then counted as the A
 * letters: through the question's B-paper option mapping (`b_options`: the A letter of each B letter, so
 * `translate` with it), or without one the B key (the right answer) as the A key and other letters as read.
 */
export const objectiveAnswers = sql`join subject sj on sj.id = p.subject_id
  join question q on q.subject_id = p.subject_id and q.kind <> 'subjective'
  cross join lateral (select sj.ab_enabled and p.paper_type = 'B' as b) t
  cross join lateral (select p.objective -> (case when t.b then coalesce(q.b_no, q.no) else q.no end) as read) r
  cross join lateral (select case
      when t.b and q.b_options is not null and jsonb_typeof(r.read) = 'array'
      then (select coalesce(jsonb_agg(y order by y), '[]'::jsonb) from (
          select translate(x, left('ABCDEFGH', length(q.b_options)), q.b_options) as y
          from jsonb_array_elements_text(r.read) x) m)
      when t.b and q.answer_b <> '' and q.answer_b <> q.answer and jsonb_typeof(r.read) = 'array'
        and (select string_agg(x, '' order by x) from jsonb_array_elements_text(r.read) x)
          = (select string_agg(x, '' order by x) from regexp_split_to_table(q.answer_b, '') x)
      then to_jsonb(regexp_split_to_array(q.answer, '')) else r.read end as value) j`;

/**
 * Runs a read of a whole subject's scores or answers with PostgreSQL's JIT compilation off and room to sort
 * in memory. The planner's cost of such a read passes the JIT thresholds, and compiling the statement then
 * costs more than running it (1.8 s of LLVM inlining and optimisation for an answer count that runs in 0.35 s
 * at 10,000 examinees, for every subject); and the scores ordered by examinee (80 MB at 100,000 examinees)
 * were sorted on disk with the default 4 MB.
 */
function largeRead<T>(db: Db, read: (tx: Db) => Promise<T>): Promise<T> {
  return db.transaction(async (tx) => {
    // set_config(…, true): for this transaction only, both in one round trip
    await tx.execute(sql`select set_config('jit', 'off', true), set_config('work_mem', '256MB', true)`);
    return read(tx as unknown as Db);
  });
}

/**
 * Whether an id is one of `ids`: examinee ids of an exam lie close together, so looked up in an array of flags
 * by id rather than a Set (100,000 examinees, a lookup per paper of every subject).
 */
function membership(ids: ArrayLike<number>): (id: number) => boolean {
  let min = Infinity;
  let max = -Infinity;
  for (let i = 0; i < ids.length; i++) {
    min = Math.min(min, ids[i]!);
    max = Math.max(max, ids[i]!);
  }
  if (!ids.length || max - min >= 4 * ids.length + 1024) {
    const set = new Set(Array.from(ids));
    return (id) => set.has(id);
  }
  const flag = new Uint8Array(max - min + 1);
  for (let i = 0; i < ids.length; i++) flag[ids[i]! - min] = 1;
  return (id) => id >= min && id <= max && flag[id - min] === 1;
}

/** Which fields of a score line may be empty: the total alone (缺考, or no score). */
const SCORE_FIELDS_NULLABLE = [false, false, false, false, true];

/** The reads of the reports: one set-based statement each, never a query per examinee. */
export function reportRepo(db: Db) {
  /**
   * `scoreColumns` of several subjects in one statement: one pass over the score table, whose pages hold the
   * rows of every subject side by side (a subject's read alone touches nearly every page: at 20,000
   * examinees 9 subjects read one by one took 1.0 s, together 0.44 s).
   */
  async function scoreColumnsOf(
    subjectIds: readonly number[],
    withQuestions = true,
  ): Promise<Map<number, ScoreColumns>> {
    // question_text ("keys|values", kept by PostgreSQL beside question_scores) sent without its keys when they
    // are the subject's question numbers in jsonb's order of keys (byte length, then bytes), tagged per line:
    // x 缺考, v values, k keys|values, j the jsonb text (question_text null). Never a NULL line: string_agg
    // would leave it out and every later line would land on the next examinee.
    const questions = withQuestions
      ? sql`string_agg(case when s.absent then 'x'
            when starts_with(s.question_text, k.keys) then 'v' || substr(s.question_text, char_length(k.keys) + 1)
            when s.question_text is not null then 'k' || s.question_text
            else 'j' || coalesce(s.question_scores::text, 'null') end, E'\n' order by s.examinee_id)`
      : sql`null`;
    const ids = intArray(subjectIds);
    const r = await largeRead(db, (tx) =>
      tx.execute(sql`
      select s.subject_id as "subjectId", count(*)::int as n,
        coalesce(string_agg(concat(s.examinee_id, ',', e.student_id, ',', e.school_id, ',', e.class_id, ',',
          case when s.absent then '' else coalesce(s.total::float8::text, '') end), E'\n' order by s.examinee_id),
          '') as ids,
        ${questions} as questions, min(k.keys) as "questionKeys"
      from score s join examinee e on e.id = s.examinee_id
      left join (select q.subject_id, string_agg(q.no, ',' order by octet_length(q.no), q.no collate "C") || '|' as keys
        from question q where q.subject_id = any(${ids}) group by q.subject_id) k on k.subject_id = s.subject_id
      where s.subject_id = any(${ids})
      group by s.subject_id`),
    );
    type Row = {
      subjectId: number;
      n: number;
      ids: string;
      questions: string | null;
      questionKeys: string | null;
    };
    const rows = new Map(rowsOf<Row>(r).map((x) => [x.subjectId, x]));
    const out = new Map<number, ScoreColumns>();
    for (const id of subjectIds) {
      // a subject without a score row: no examinees (an aggregate over no rows gives no keys either)
      const row = rows.get(id) ?? { n: 0, ids: '', questions: null, questionKeys: null };
      const n = row.n;
      const c: ScoreColumns = {
        examineeIds: new Int32Array(n),
        studentIds: new Int32Array(n),
        schoolIds: new Int32Array(n),
        classIds: new Int32Array(n),
        totals: new Float64Array(n),
        questions: row.questions,
        questionKeys: row.questionKeys,
      };
      // one line per examinee: examinee, student, school, class, total — the total '' for 缺考 and for a row
      // without one (no sheet, not 缺考: not sat either); a line of another shape is an error naming it, never
      // read one field off (concat_ws left a NULL total out, and every later number moved one place)
      readRows(
        row.ids,
        n,
        [c.examineeIds, c.studentIds, c.schoolIds, c.classIds, c.totals],
        SCORE_FIELDS_NULLABLE,
      );
      out.set(id, c);
    }
    return out;
  }

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
      const [row] = rowsOf<{ settings: unknown; version: number }>(r);
      if (!row) return null;
      const settings = readStored(
        StoredReportSettingsSchema,
        row.settings,
        `report_setting ${examId} settings`,
      )!;
      return { settings, version: row.version };
    },

    /** 分析隐藏设置 of an exam (keys), empty when none saved. */
    async hidden(examId: number): Promise<string[]> {
      const r = await db.execute(sql`select hidden from analysis_hidden where exam_id = ${examId}`);
      return rowsOf<{ hidden: string[] }>(r)[0]?.hidden ?? [];
    },
    async saveHidden(examId: number, hidden: string[], userId: number): Promise<void> {
      await db.execute(sql`
        insert into analysis_hidden (exam_id, hidden, updated_by) values (${examId},
          ${textArray(hidden)}, ${userId})
        on conflict (exam_id) do update set hidden = excluded.hidden, updated_by = excluded.updated_by,
          updated_at = now()`);
    },

    /** Stores an exam's settings with the next version (the cached reports' stamps no longer match). */
    async saveSettings(examId: number, settings: ReportSettings, userId: number): Promise<void> {
      await db.execute(sql`
        insert into report_setting (exam_id, settings, updated_by) values (${examId},
          ${JSON.stringify(settings)}::jsonb, ${userId})
        on conflict (exam_id) do update set settings = excluded.settings, updated_by = excluded.updated_by,
          version = report_setting.version + 1, updated_at = now()`);
    },

    /**
     * The cached report as JSON text (sent as it is to whoever sees the whole report: no parse, no re-encode).
     * Kept as text, not jsonb: only this process reads it, always whole, and jsonb made PostgreSQL parse every
     * stored figure (some 24 MB of JSON for an exam of 20,000 examinees: 1.4 s) and print it again on each read;
     * the text is also the same bytes as the first answer.
     */
    async cached(
      examId: number,
      subjectId: number,
      kind: CacheKind = 'report',
    ): Promise<{ stamp: string; json: string } | null> {
      const r = await db.execute(sql`select stamp, data as json from report_cache
        where exam_id = ${examId} and subject_id = ${subjectId} and kind = ${kind}`);
      return rowsOf<{ stamp: string; json: string }>(r)[0] ?? null;
    },

    /** The stamps of an exam's cached rows of one kind, by subject (0: the total). */
    async cachedStamps(examId: number, kind: CacheKind): Promise<Map<number, string>> {
      const r = await db.execute(sql`select subject_id as "subjectId", stamp from report_cache
        where exam_id = ${examId} and kind = ${kind}`);
      return new Map(rowsOf<{ subjectId: number; stamp: string }>(r).map((x) => [x.subjectId, x.stamp]));
    },

    /** One computation of a cached row at a time: held by the transaction until it ends. */
    async lockCached(examId: number, subjectId: number, kind: CacheKind): Promise<void> {
      await db.execute(sql`select pg_advisory_xact_lock(${examId}, hashtext(${`${kind}:${subjectId}`}))`);
    },

    async store(examId: number, subjectId: number, stamp: string, json: string, kind: CacheKind = 'report') {
      await db.execute(sql`
        insert into report_cache (exam_id, subject_id, kind, stamp, data) values (${examId}, ${subjectId}, ${kind},
          ${stamp}, ${json})
        on conflict (exam_id, subject_id, kind) do update set stamp = excluded.stamp, data = excluded.data,
          computed_at = now()`);
    },

    /** Drops an exam's cached rows of one subject whose kind starts with `prefix` and whose stamp is not `stamp`. */
    async dropStale(examId: number, subjectId: number, prefix: string, stamp: string): Promise<void> {
      await db.execute(sql`delete from report_cache where exam_id = ${examId} and subject_id = ${subjectId}
        and starts_with(kind, ${prefix}) and stamp <> ${stamp}`);
    },

    /** Drops every cached row of one kind of an exam (a deleted analysis group's reports). */
    async dropKind(examId: number, kind: CacheKind): Promise<void> {
      await db.execute(sql`delete from report_cache where exam_id = ${examId} and kind = ${kind}`);
    },

    /**
     * A subject's scores as columns (see ScoreColumns): one statement, one row — the examinees as one text of
     * lines (examinee, student, school, class, total; '' for 缺考 or no total) and, when asked, question scores.
     */
    async scoreColumns(subjectId: number, withQuestions = true): Promise<ScoreColumns> {
      return (await scoreColumnsOf([subjectId], withQuestions)).get(subjectId)!;
    },

    scoreColumnsOf,

    /** Every scored examinee of a subject with school, class, total and (when asked) question scores, as rows (试卷讲评). */
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
      return readEntries(rowsOf<ScoreEntry>(r), subjectId);
    },

    async questions(subjectId: number): Promise<QuestionRow[]> {
      const r = await db.execute(sql`
        select no, kind, score::float8 as full, answer from question
        where subject_id = ${subjectId} order by sort, id`);
      return rowsOf<QuestionRow>(r);
    },

    /**
     * Answers given to each objective question by the examinees who sat, counted per distinct answer as stored
     * (a JSON list of labels; [] blank). Undecided recognitions (null) are left out. An A paper's answers are
     * its objective's entries as they are: the objectives sent as text, one line a paper, and counted here
     * (`countAnswers`) — PostgreSQL took longer to expand every paper's object into rows and count them (at
     * 20,000 examinees 0.4 s a subject, against 0.15 s to print the objects). B papers of an A/B subject go
     * through `objectiveAnswers`' mapping. `sat`: the examinees whose answers are counted, when the caller
     * knows who sat (the reports: from `scoreColumns`, narrowed to an analysis group's members); the score
     * table is then not read again (its rows are large and scattered: at 100,000 examinees a subject's rows
     * lie on some 98,000 pages). Without: everyone whose score row says they sat.
     */
    async options(
      subjectId: number,
      sat?: ArrayLike<number>,
    ): Promise<{ no: string; answer: string; count: number }[]> {
      // the B papers' examinees: one parameter, compared by a hash (PostgreSQL ≥ 14 hashes `= any` of a constant
      // list; the list is folded into one from its text), the ids as one text (intArray) rather than a JS array,
      // which the driver escaped element by element; the A papers' lines carry their examinee's id and are kept or
      // left here (the hashed list cost PostgreSQL 0.13 s a subject at 100,000 examinees)
      const who = sat ? membership(sat) : null;
      const only = () =>
        sat
          ? sql`and p.examinee_id = any(${intArray(sat)})`
          : sql`and exists (select from score s where s.subject_id = p.subject_id and s.examinee_id = p.examinee_id
            and not s.absent)`;
      const [a, b] = await largeRead(db, async (tx) => {
        const a = await tx.execute(sql`
          select string_agg(${who ? sql`p.examinee_id::text || p.objective::text` : sql`p.objective::text`}, E'\n')
              as objective,
            (select coalesce(array_agg(q.no), '{}') from question q
             where q.subject_id = ${subjectId} and q.kind <> 'subjective') as nos,
            (select ab_enabled from subject where id = ${subjectId}) as ab
          from paper p join subject sj on sj.id = p.subject_id
          where p.subject_id = ${subjectId} and p.deleted_at is null
            and not coalesce(sj.ab_enabled and p.paper_type = 'B', false) ${who ? sql`` : only()}`);
        // B papers only on an A/B subject
        if (!rowsOf<{ ab: boolean | null }>(a)[0]?.ab) return [a, null];
        return [
          a,
          await tx.execute(sql`
          select q.no, j.value::text as answer, count(*)::int as count
          from paper p
          ${objectiveAnswers}
          where p.subject_id = ${subjectId} and p.deleted_at is null and t.b and jsonb_typeof(j.value) = 'array'
            ${only()}
          group by 1, 2`),
        ];
      });
      const papers = rowsOf<{ objective: string | null; nos: string[] }>(a)[0]!;
      // one row per question and answer, as when both were counted in one statement
      type Count = { no: string; answer: string; count: number };
      const out = new Map<string, Count>();
      const counted = countAnswers(papers.objective, papers.nos, who ?? undefined);
      for (const x of [...counted, ...(b ? rowsOf<Count>(b) : [])]) {
        const key = `${x.no}\n${x.answer}`;
        const had = out.get(key);
        if (had) had.count += x.count;
        else out.set(key, { ...x });
      }
      return [...out.values()];
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

    /** Classes by id with their school's name, in the order of `groups` (school, class order); a page's few. */
    async classesNamed(
      ids: readonly number[],
    ): Promise<{ id: number; name: string; schoolId: number; schoolName: string }[]> {
      if (!ids.length) return [];
      const r = await db.execute(sql`
        select c.id, c.name, c.school_id as "schoolId", s.name as "schoolName" from class c
        join school s on s.id = c.school_id
        where c.id = any(${intArray(ids)}) order by c.school_id, c.sort, c.id`);
      return rowsOf<{ id: number; name: string; schoolId: number; schoolName: string }>(r);
    },

    /** Whether the exam has examinees in one of these schools or classes (a narrowed view sees something). */
    async hasExamineesIn(examId: number, schools: number[], classes: number[]): Promise<boolean> {
      const r = await db.execute(sql`
        select exists (select 1 from examinee where exam_id = ${examId}
          and (school_id = any(${intArray(schools)}) or class_id = any(${intArray(classes)}))) as yes`);
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

    /** The examinees of an exam whose exam number or name holds the keyword (any case). */
    async examineesMatching(examId: number, keyword: string): Promise<Set<number>> {
      const r = await db.execute(sql`
        select e.id from examinee e join student s on s.id = e.student_id
        where e.exam_id = ${examId}
          and (strpos(lower(e.kaohao), lower(${keyword})) > 0 or strpos(lower(s.name), lower(${keyword})) > 0)`);
      return new Set(rowsOf<{ id: number }>(r).map((x) => x.id));
    },

    /** Exam number and name of some examinees (a page of a list). */
    async examineeNamesOf(ids: readonly number[]): Promise<{ id: number; kaohao: string; name: string }[]> {
      if (!ids.length) return [];
      const r = await db.execute(sql`
        select e.id, e.kaohao, s.name from examinee e join student s on s.id = e.student_id
        where e.id = any(${intArray(ids)})`);
      return rowsOf<{ id: number; kaohao: string; name: string }>(r);
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
