// The school, grade, classes and students every seeded bench world starts from, written set-based
// (INSERT … SELECT generate_series) inside the caller's transaction: 50 students a class, student i in class
// (i mod classes), 学号 `${xuehao}` + i, and one exam of the grade.
import pg from 'pg';

export interface SeededGrade {
  schoolId: number;
  gradeId: number;
  examId: number;
}

export async function seedGrade(
  c: pg.Client,
  w: {
    school: string;
    code: string;
    grade: string;
    entryYear: number;
    students: number;
    xuehao: string;
    exam: string;
  },
): Promise<SeededGrade> {
  const one = async <T>(q: string, params: unknown[] = []): Promise<T> =>
    (await c.query(q, params)).rows[0] as T;
  const { id: schoolId } = await one<{ id: number }>(
    `insert into school (name, code) values ($1, $2) returning id`,
    [w.school, w.code],
  );
  const { id: gradeId } = await one<{ id: number }>(
    `insert into grade (school_id, name, entry_year) values ($1, $2, $3) returning id`,
    [schoolId, w.grade, w.entryYear],
  );
  const classes = Math.max(1, Math.ceil(w.students / 50));
  await c.query(
    `insert into class (school_id, grade_id, name, sort)
     select $1, $2, $4 || '(' || g || ')班', g from generate_series(1, $3) g`,
    [schoolId, gradeId, classes, w.grade],
  );
  // student i sits in class (i mod classes): classes in order of their ids
  await c.query(
    `with k as (select id, row_number() over (order by id) - 1 as n from class where grade_id = $2)
     insert into student (school_id, class_id, xuehao, name)
     select $1, k.id, $5 || lpad(i::text, 6, '0'), '考生' || i
     from generate_series(1, $3) i join k on k.n = i % $4`,
    [schoolId, gradeId, w.students, classes, w.xuehao],
  );
  const { id: examId } = await one<{ id: number }>(
    `insert into exam (name, type, school_id, grade_id, start_date, end_date, step)
     values ($3, 1, $1, $2, current_date, current_date, 1) returning id`,
    [schoolId, gradeId, w.exam],
  );
  await c.query(`insert into exam_school (exam_id, school_id) values ($1, $2)`, [examId, schoolId]);
  return { schoolId, gradeId, examId };
}

/** One row of a statement's answer. */
export type OneRow = <T>(q: string, params?: unknown[]) => Promise<T>;

/**
 * A seeded world written in one transaction on its own connection, then analyzed (the tables were empty a moment
 * ago): rolled back whole when any part fails.
 */
export async function seedTransaction<T>(
  url: string,
  work: (c: pg.Client, one: OneRow) => Promise<T>,
): Promise<T> {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  const one: OneRow = async <R>(q: string, params: unknown[] = []) => (await c.query(q, params)).rows[0] as R;
  try {
    await c.query('begin');
    const out = await work(c, one);
    await c.query('commit');
    await c.query('analyze');
    return out;
  } catch (err) {
    await c.query('rollback').catch(() => {});
    throw err;
  } finally {
    await c.end();
  }
}
