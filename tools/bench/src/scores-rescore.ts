// npx tsx tools/bench/src/scores-rescore.ts — a subject of 100,000 examinees (20 objective questions, two
// blocks of final scores) generated in PostgreSQL (BENCH_DATABASE_URL, default the local server; a scratch
// database is created and dropped), then: scoring from scratch, and a key change re-scoring everything
// (issue 15: < 10 s). Beside it, the yardstick of the same run: one plain statement rewriting every row's total.
// Measured 2026-11-24 on the shared 2-core machine at load 10: from scratch 10.4 s, key change 7.0 s, yardstick 1.0 s.
import { sql } from 'drizzle-orm';
import { openPostgres } from '../../../apps/server/src/infra/db';
import { scoreCompute } from '../../../apps/server/src/modules/score/score-compute';

const N = Number(process.env.BENCH_EXAMINEES ?? 100_000);
const base = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const name = `yj_bench_scores_${process.pid}`;
const admin = openPostgres(base);
await admin.db.execute(sql.raw(`create database ${name}`));
const database = openPostgres(base.replace(/\/[^/]*$/, `/${name}`));
const seconds = (t: number) => ((performance.now() - t) / 1000).toFixed(2);
try {
  await database.migrate();
  const db = database.db;
  const t0 = performance.now();
  await db.execute(
    sql.raw(`
    insert into org (name) values ('基准教育局');
    insert into school (org_id, name) select id, '基准中学' from org;
    insert into grade (school_id, name) select id, '高一' from school;
    insert into "class" (school_id, grade_id, name) select s.id, g.id, '高一(' || i || ')班'
      from school s, grade g, generate_series(1, 50) i;
    insert into student (school_id, class_id, xuehao, name)
      select c.school_id, c.id, 'S' || i, '学生' || i
      from generate_series(1, ${N}) i join "class" c on c.name = '高一(' || (i % 50 + 1) || ')班';
    insert into exam (name, school_id) select '基准考试', id from school;
    insert into subject (exam_id, course, name, full_score, optional_groups)
      select id, '数学', '数学', 150, '[{"name":"选做","pick":1,"nos":["24","25"]}]' from exam;
    insert into examinee (exam_id, student_id, school_id, class_id, kaohao)
      select e.id, st.id, st.school_id, st.class_id, lpad(st.id::text, 8, '0') from exam e, student st;
    insert into question (subject_id, no, kind, options, score, answer, partial_score, sort)
      select s.id, i::text, case when i <= 16 then 'single' else 'multi' end, 4, case when i <= 16 then 3 else 6 end,
        case when i <= 16 then substr('ABCD', i % 4 + 1, 1) else 'ACD' end, case when i > 16 then 3 end, i
      from subject s, generate_series(1, 20) i;
    insert into question (subject_id, no, kind, score, sort)
      select s.id, i::text, 'subjective', 12, i from subject s, generate_series(21, 25) i;
    insert into template (subject_id, body) select id, '{}' from subject;
    insert into scan_batch (subject_id, school_id, template_id) select s.id, sc.id, t.id from subject s, school sc, template t;
    insert into block (subject_id, name, nos) select id, '一', '{21,22}' from subject;
    insert into block (subject_id, name, nos) select id, '二', '{23,24,25}' from subject;
    insert into paper (subject_id, school_id, batch_id, seq, examinee_id, status, objective)
      select b.subject_id, b.school_id, b.id, e.id, e.id, 'ok',
        (select jsonb_object_agg(q::text, jsonb_build_array(substr('ABCD', (e.id * 7 + q * 13) % 4 + 1, 1)))
         from generate_series(1, 20) q)
      from scan_batch b, examinee e;
    insert into block_score (block_id, paper_id, subject_id, score, question_scores, source)
      select k.id, p.id, p.subject_id, 10,
        case when k.name = '一' then '{"21": 6, "22": 4}'::jsonb else '{"23": 5, "24": 5, "25": 0}'::jsonb end, 'single'
      from paper p, block k;
    analyze;`),
  );
  console.log(`generated ${N} examinees with sheets and block scores in ${seconds(t0)} s`);
  const subjectId = (
    (await db.execute(sql`select id from subject`)) as unknown as { rows: Array<{ id: number }> }
  ).rows[0]!.id;
  const compute = scoreCompute({ db });
  let t = performance.now();
  await compute.recompute(subjectId);
  console.log(`scoring from scratch: ${seconds(t)} s`);
  await db.execute(sql`update question set answer = 'B' where subject_id = ${subjectId} and no = '1'`);
  t = performance.now();
  await compute.recompute(subjectId);
  console.log(`key change, every examinee re-scored: ${seconds(t)} s`);
  t = performance.now();
  await db.execute(sql`update score set total = total + 0 where subject_id = ${subjectId}`);
  console.log(`yardstick, one statement rewriting every row: ${seconds(t)} s`);
} finally {
  await database.close();
  if (process.env.BENCH_KEEP) console.log(`kept database ${name}`);
  else await admin.db.execute(sql.raw(`drop database if exists ${name}`));
  await admin.close();
}
