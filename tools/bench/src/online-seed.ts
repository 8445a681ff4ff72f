// The world of npm run bench:online, written set-based (INSERT … SELECT generate_series): one school, one exam,
// one subject set online and launched (5 objective and 2 written questions with their content), STUDENTS students
// of one grade with a 学生账号 each and a session inserted directly (signing 1,000 students in would measure
// argon2, not the sitting), every student an examinee of the exam.
import { createHash, randomBytes } from 'node:crypto';
import pg from 'pg';
import { seedGrade, seedTransaction } from './seed-grade';

/** The paper every simulated student sits: the structure's number, kind, options and the text shown. */
export const BENCH_QUESTIONS = [
  { no: '1', kind: 'single', options: 4, score: 3, answer: 'B', content: '计算 $1+1$' },
  { no: '2', kind: 'single', options: 4, score: 3, answer: 'C', content: '$\\sqrt{9}$ 等于' },
  { no: '3', kind: 'multi', options: 4, score: 5, answer: 'ACD', content: '下列数中是质数的有' },
  { no: '4', kind: 'trueFalse', options: 2, score: 2, answer: 'A', content: '$\\pi$ 是无理数' },
  { no: '5', kind: 'single', options: 4, score: 3, answer: 'D', content: '$2^3$ 等于' },
  { no: '6', kind: 'subjective', options: 0, score: 10, answer: '', content: '证明 $$a^2+b^2\\ge 2ab$$' },
  { no: '7', kind: 'subjective', options: 0, score: 14, answer: '', content: '解方程 $x^2-5x+6=0$' },
] as const;

export interface SeededOnline {
  schoolId: number;
  subjectId: number;
  /** one per student: their examinee and session cookie */
  students: { examineeId: number; cookie: string }[];
}

/**
 * The window opens a minute ago and stays open `minutes` more; the duration covers it whole, so no simulated
 * student times out during the run (the time-out is the journey's and the module tests' to prove).
 */
export async function seedOnline(
  url: string,
  opts: { students: number; minutes: number },
): Promise<SeededOnline> {
  return seedTransaction(url, async (c, one) => {
    const { schoolId, examId } = await seedGrade(c, {
      school: '在线考试基准中学',
      code: 'BENCH-ONLINE',
      grade: '高一',
      entryYear: 2026,
      students: opts.students,
      xuehao: 'Z',
      exam: '在线考试基准测试',
    });
    // 学生账号 as the school's 开通 makes them (login s:<school>:<学号>), with no usable password
    await c.query(
      `with s as (select id, xuehao, row_number() over (order by id) as n from student where school_id = $1),
       u as (
         insert into "user" (account, name, password_hash, kind)
         select 's:' || $1 || ':' || s.xuehao, '考生' || s.n, 'bench-no-sign-in', 'student' from s
         returning id, account)
       insert into student_account (student_id, user_id, school_id, binding_code)
       select s.id, u.id, $1, 'BO' || s.id from s join u on u.account = 's:' || $1 || ':' || s.xuehao`,
      [schoolId],
    );
    const full = BENCH_QUESTIONS.reduce((s, q) => s + q.score, 0);
    const { id: subjectId } = await one<{ id: number }>(
      `insert into subject (exam_id, course, name, full_score, status, mode)
       values ($1, '数学', '数学', $2, 0, 'online') returning id`,
      [examId, full],
    );
    for (const [i, q] of BENCH_QUESTIONS.entries()) {
      await c.query(
        `insert into question (subject_id, no, kind, options, score, answer, step, sort)
         values ($1, $2, $3, $4, $5, $6, 1, $7)`,
        [subjectId, q.no, q.kind, q.options, q.score, q.answer, i],
      );
      const optionTexts = q.options ? ['1', '2', '3', '4'].slice(0, q.options) : [];
      await c.query(
        `insert into online_question (subject_id, no, content, option_texts) values ($1, $2, $3, $4)`,
        [subjectId, q.no, q.content, JSON.stringify(optionTexts)],
      );
    }
    await c.query(
      `insert into examinee (exam_id, student_id, school_id, class_id, kaohao)
       select $1, s.id, s.school_id, s.class_id, '26' || lpad(row_number() over (order by s.id)::text, 6, '0')
       from student s where s.school_id = $2`,
      [examId, schoolId],
    );
    await c.query(
      `insert into online_exam (subject_id, starts_at, ends_at, duration_min, state, launched_at)
       values ($1, now() - interval '1 minute', now() + make_interval(mins => $2), $2 + 1, 'launched', now())`,
      [subjectId, opts.minutes],
    );
    const rows = (
      await c.query<{ examinee_id: number; user_id: number }>(
        `select e.id as examinee_id, a.user_id from examinee e
         join student_account a on a.student_id = e.student_id where e.exam_id = $1 order by e.id`,
        [examId],
      )
    ).rows;
    const tokens = rows.map(() => randomBytes(32).toString('base64url'));
    await c.query(
      `insert into session (token_hash, user_id, school_id, expires_at)
       select h, u, $3, now() + interval '1 day' from unnest($1::text[], $2::int[]) as t(h, u)`,
      [tokens.map((t) => createHash('sha256').update(t).digest('hex')), rows.map((r) => r.user_id), schoolId],
    );
    return {
      schoolId,
      subjectId,
      students: rows.map((r, i) => ({ examineeId: r.examinee_id, cookie: `yx_sid=${tokens[i]}` })),
    };
  });
}

/** What the database holds after the run: each (examinee, question)'s stored revision and value. */
export async function storedAnswers(
  url: string,
  subjectId: number,
): Promise<Map<string, { rev: number; value: string }>> {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    const rows = (
      await c.query<{ examinee_id: number; no: string; rev: number; value: string }>(
        `select t.examinee_id, a.no, a.rev, a.value from online_answer a
         join online_attempt t on t.id = a.attempt_id where t.subject_id = $1`,
        [subjectId],
      )
    ).rows;
    return new Map(rows.map((r) => [`${r.examinee_id}:${r.no}`, { rev: r.rev, value: r.value }]));
  } finally {
    await c.end();
  }
}
