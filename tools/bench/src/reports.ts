// npm run bench:reports — score reports at scale (issue 16): an exam of 100,000 examinees (BENCH_EXAMINEES) in
// 20 schools × 100 classes, 9 published subjects of 40 questions each (20 objective with recognised answers,
// 20 subjective in half points), ~1 % absent, generated set-based in a scratch PostgreSQL database
// (BENCH_DATABASE_URL, default the local server; created and dropped). Then, in the same run:
//   1. every report figure (9 subject reports + the total, at exam / school / class level, per question,
//      一分一段, bands, α / KR-20) computed by the report service and stored — beside the floor: plain SQL
//      aggregations of the same figures (counts, means, medians, stddev, 四率, ranks by window function,
//      一分一段, per-question mean / D / correlation, per-class question means, option counts);
//   2. a cached page's answer (read, narrowed, serialised as the response) beside a bare read of the row, and
//      a page of 学生成绩 and of 进退步 (an earlier exam of the same students with 语文 published);
//   3. one score changed: only its subject and the total are recomputed.
// Goals: all figures < 15 s and ≤ 2 × the floor; a cached page < 150 ms.
// Measured 2026-11-24 on the shared 2-core machine at load 22–25 (so absolute times are ~10× inflated): all
// figures 284.7 s beside a floor of 228.6 s (1.25 ×); cached page 172 ms beside a bare read of its row 118 ms;
// after one score change 47.3 s (2 of 10 reports recomputed). A second run at lighter load: all figures 126.0 s
// beside a floor of 62.8 s (2.01 ×); cached page 20 ms beside a bare read of 19 ms; after one change 9.2 s.
// After the columns work (reportspeed16; "all figures" now also holds every examinee's 学生成绩 figures, 10 tables):
// 100,000 at load 26–39 (two other benches and a browser journey running): 328.8 s beside a floor of 571.4 s
// (0.58 ×); cached page 293 ms beside a bare read of 1,503 ms. 20,000 at load ≈ 20: 32.9 s beside 91.1 s (0.36 ×,
// reports only); at load ≈ 28 with the tables: 137.0 s beside 85.9 s (1.59 ×); a 学生成绩 page 117 ms (load 30).
// The 100,000 run's pages predate the parsed tables kept in the process: 学生成绩 1,025 ms, 进退步 4,951 ms.
// After reportsperf16 (the whole-subject reads without JIT and with room to sort, A papers' answers counted by a
// hash, native sorts for ranks): 100,000 at load 8–10: 54.7 s beside a floor of 105.1 s (0.52 ×); cached page
// 33 ms; after one change 13.3 s. The same branch before the answer-count rewrite (JIT off only), load 12–17:
// 103.9 s beside 123.1 s. 10,000 alternated with main at load 11–12: main 12.9 s / 14.7 s (1.02 × / 1.29 ×),
// branch 8.2 s / 7.3 s (0.67 × / 0.78 ×). The floor keeps PostgreSQL's JIT: at 10,000 it is faster with it.
// After reportsperf2 (answer count without a second score read, report_cache as text, tables beside reports,
// three at a time): 100,000 at load 4.7–4.9: 28.2 s beside a floor of 58.6 s (0.48 ×); main just after, load
// 2.9–5.7: 33.6 s beside 64.7 s (0.52 ×). Cached page 6 ms (main 22 ms), bare row read 29 ms (main 114 ms);
// after one change 5.1 s (main 7.3 s). 20,000 alternated with main at load 3.7–5.8: main 7.0 s / 7.8 s, branch
// 6.8 s / 6.9 s; after one change main 2.2 s / 2.4 s, branch 1.05 s / 1.05 s. The first run over freshly
// inserted rows sets their hint bits (the floor, run after, does not pay it): with a `vacuum analyze` after
// generating, the branch took 5.4 s at 20,000.
// After reportsperf3 (question scores read from question_text, a generated "keys|values" text beside the jsonb,
// sent as values only; A papers' objectives sent as text and counted in Node; 进退步 class summaries kept with
// the joined lines): 100,000 at load 6.3 → 2.6: 45.8 s beside a floor of 92.7 s (0.49 ×); main's at 02:47 the
// same session, load 6.4 → 12.7: 41.2 s beside 143.7 s (0.29 ×) (both first runs over fresh rows, loads too
// unlike to compare). Every report again on the two kept databases one after the other, load 3.1–4.3: main
// 47.6 s, branch 26.8 s (1.78 ×); a profile of the branch's: Node busy ~17 s of 25.6 s (the figures 4.7 s, the
// 学生成绩 tables 3.6 s, option counts 1.9 s, GC 2 s), so under 15 s now needs less work in Node. 进退步 page
// median 21 ms (main 315 ms), first 2.8 s (main 4.3 s); after one change 9.3 s (main 15.5 s); 学生成绩 79 ms
// (main 93 ms). 20,000 alternated, load 5.5–7.6: main 11.4 s beside 24.2 s (0.47 ×), branch 7.1 s beside 20.8 s
// (0.34 ×). Generating takes longer (225 s against 195 s at 100,000): every score row written computes its
// question_text (31 µs). This bench's question scores are numerics printed with 16 decimals (2.0000000000000000),
// which the old reader parsed the slow way; question_text trims them (what the score module writes is short).
// After reportsperf4 (学生成绩 tables from the columns in one walk best first, written as JSON from typed columns
// without an object per examinee; a group's figures from one gathering and one sort of its scores, 等级赋分 as
// columns; one-letter answers counted by their letter): in-process at 100,000, load ≈ 5, a 学生成绩 table
// 797 → 190–255 ms, a subject report's figures 775 → 389 ms, a subject's option count 205 → 139 ms. 100,000 at
// load 7–9 (the lead's CI journeys beside it), first run over fresh rows: 35.8 s beside a floor of 98.6 s
// (0.36 ×); cached page 10 ms, bare row read 51 ms; 学生成绩 47 ms; 进退步 first 2.0 s, then 11 ms; after one
// change 7.0 s. Every report again on that database one after the other, load 5.1–7.8: main 39.9 s, branch
// 34.4 s, the same report_cache (computedAt aside). 20,000 on a kept database, alternated, load 3.1–4.5: main
// 6.1 s / 9.4 s, branch 8.2 s / 6.2 s (noise larger than the change: at 20,000 PostgreSQL's reads dominate).
// After reportsperf5 (the 学生成绩 tables keep the mean and σ, not Z and T per examinee — report_cache at 20,000
// 21.3 → 13.8 MB; the stale subjects' scores read up front, several subjects to a statement, so the score table
// is passed over 3 times rather than 9; the answer counts' who-sat filter in Node rather than a hashed list in
// PostgreSQL; groups compared from their figures' means; one sort of the totals per report; the schools' and
// classes' part means in one walk): 100,000, first runs over fresh rows one after the other, load 2.2–2.5:
// branch 13.50 s beside a floor of 45.1 s (0.30 ×), main 13.64 s beside 44.0 s (0.31 ×) — on a machine this
// quiet main is under 15 s too, and a first run does not tell them apart (an earlier pair at load 3–10, branch
// 11.85 s / main 21.3 s, was the load's doing). Cached page 6 ms (main 5 ms), bare row read 23 ms (28 ms);
// 学生成绩 28 ms (26 ms); 进退步 first 1.0 s (0.9 s), then 8 ms; after one change 3.8 s (3.5 s). Every report
// again on one kept database (tools/bench/src/reports-again.ts, which prints CPU time too), alternated, load
// 1.2–2.4: main 11.75 s / 11.55 s, branch 10.46 s / 10.55 s / 10.03 s; CPU time of PostgreSQL's backends main
// 12.2 s / 11.4 s, branch 7.4–7.8 s; Node's 7.7–8.3 s in both (what was saved in Node is not seen beside the
// larger strings held at once). The same report_cache (the tables' z / t → standard aside) and the same
// 学生成绩 rows as main's, at 20,000 and at 100,000. Node is now the critical path (busy ~8 s of ~10.5 s, the
// first ~1.3 s waiting for the first subject's scores; PostgreSQL ~0.7 of a core): reading the answers 0.8 s,
// GC 0.6 s, the question-score lines 0.47 s, the driver copying and decoding the large texts 0.6 s, α / KR-20
// 0.39 s, part means 0.37 s, item statistics 0.34 s, the 学生成绩 tables ~0.75 s. Left in PostgreSQL: a
// subject's answer count ~0.4 s (paper rows 0.17 s, printing the objective jsonb 0.22 s).
import { sql } from 'drizzle-orm';
import type { Principal } from '@yj/contracts';
import { openPostgres } from '../../../apps/server/src/infra/db';
import { reportModule } from '../../../apps/server/src/modules/report/report.module';
import { auditModule } from '../../../apps/server/src/modules/audit/audit.module';
import { pgMeter } from './cluster-hosts';

const N = Number(process.env.BENCH_EXAMINEES ?? 100_000);
const SUBJECTS = 9;
const base = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const name = `yj_bench_reports_${process.pid}`;
const admin = openPostgres(base);
await admin.db.execute(sql.raw(`create database ${name}`));
const database = openPostgres(base.replace(/\/[^/]*$/, `/${name}`));
const seconds = (ms: number) => (ms / 1000).toFixed(2);
const since = (t: number) => performance.now() - t;
const COURSES = ['语文', '数学', '英语', '物理', '化学', '生物', '政治', '历史', '地理'];

try {
  await database.migrate();
  const db = database.db;
  let t = performance.now();
  // ability a ∈ [0,1) per examinee, noise per question: a question is right (objective) or scored (subjective)
  // by (a + noise) / 2, so totals spread and questions correlate with them as in a real exam
  await db.execute(
    sql.raw(`
    insert into org (name) values ('基准教育局');
    insert into school (org_id, name) select o.id, '基准中学' || i from org o, generate_series(1, 20) i;
    insert into grade (school_id, name) select id, '高一' from school;
    insert into "class" (school_id, grade_id, name, sort) select g.school_id, g.id, '高一(' || i || ')班', i
      from grade g, generate_series(1, ${Math.max(1, Math.round(N / 1000))}) i;
    insert into student (school_id, class_id, xuehao, name)
      select c.school_id, c.id, 'S' || c.id || '-' || i, '学生' || i from "class" c, generate_series(1, 50) i;
    insert into exam (name, type) values ('基准联考', 2);
    insert into exam_school (exam_id, school_id) select e.id, s.id from exam e, school s;
    insert into subject (exam_id, course, name, full_score, status, sort)
      select e.id, c, c, 150, 6, k from exam e, unnest(array['${COURSES.join("','")}']) with ordinality as x(c, k);
    insert into examinee (exam_id, student_id, school_id, class_id, kaohao)
      select e.id, st.id, st.school_id, st.class_id, lpad(st.id::text, 8, '0') from exam e, student st;
    insert into question (subject_id, no, kind, options, score, answer, sort)
      select s.id, q::text, case when q <= 20 then 'single' else 'subjective' end, case when q <= 20 then 4 else 0 end,
        case when q <= 20 then 3 else 4.5 end, case when q <= 20 then 'A' else '' end, q
      from subject s, generate_series(1, 40) q;
    insert into template (subject_id, body) select id, '{}' from subject;
    insert into scan_batch (subject_id, school_id, template_id)
      select s.id, sc.id, t.id from subject s join template t on t.subject_id = s.id, school sc;
    create temporary table ability as
      select e.id, ((e.id::bigint * 7919) % 1000) / 1000.0 as a, e.school_id from examinee e;
    insert into score (subject_id, examinee_id, objective, subjective, total, question_scores, absent)
      select s.id, ab.id, x.o, x.s, x.o + x.s, x.q, false
      from subject s cross join ability ab
      cross join lateral (
        select sum(v) filter (where q <= 20) as o, sum(v) filter (where q > 20) as s,
          jsonb_object_agg(q::text, v) as q
        from (select q, case when q <= 20 then case when p > 0.5 then 3 else 0 end
                        else round(p * 9) / 2 end as v
              from (select q, (ab.a + ((ab.id::bigint * 104729 + q * 7907 + s.id * 613) % 1000) / 1000.0) / 2 as p
                    from generate_series(1, 40) q) r) v
      ) x
      where (ab.id + s.id) % 97 <> 0;
    insert into score (subject_id, examinee_id, question_scores, absent)
      select s.id, ab.id, '{}', true from subject s cross join ability ab where (ab.id + s.id) % 97 = 0;
    insert into paper (subject_id, school_id, batch_id, seq, examinee_id, status, objective)
      select sc.subject_id, b.school_id, b.id, sc.examinee_id, sc.examinee_id, 'ok',
        (select jsonb_object_agg(q::text, case when (sc.question_scores->>q::text)::numeric > 0 then '["A"]'::jsonb
           else jsonb_build_array(substr('BCD', (sc.examinee_id + q) % 3 + 1, 1)) end) from generate_series(1, 20) q)
      from score sc join ability ab on ab.id = sc.examinee_id
      join scan_batch b on b.subject_id = sc.subject_id and b.school_id = ab.school_id
      where not sc.absent;
    analyze;`),
  );
  console.log(`generated ${N} examinees × ${SUBJECTS} subjects × 40 questions in ${seconds(since(t))} s`);
  const examId = ((await db.execute(sql`select id from exam`)) as unknown as { rows: { id: number }[] })
    .rows[0]!.id;
  const subjects = (
    (await db.execute(sql`select id from subject order by sort`)) as unknown as { rows: { id: number }[] }
  ).rows.map((r) => r.id);
  const { reports } = reportModule({
    db,
    audit: auditModule({ db }).audit,
    paperImage: () => Promise.reject(new Error('no paper images in the bench')),
  });

  // an earlier exam of the same students with 语文 published (for 进退步): totals only
  await db.execute(
    sql.raw(`
    insert into exam (name, type) values ('基准联考（上次）', 2);
    insert into exam_school (exam_id, school_id) select e.id, s.id from exam e, school s where e.id <> ${examId};
    insert into subject (exam_id, course, name, full_score, status, sort)
      select id, '语文', '语文', 150, 6, 1 from exam where id <> ${examId};
    insert into examinee (exam_id, student_id, school_id, class_id, kaohao)
      select e.id, st.id, st.school_id, st.class_id, lpad(st.id::text, 8, '0') from exam e, student st
      where e.id <> ${examId};
    insert into score (subject_id, examinee_id, objective, subjective, total, question_scores, absent)
      select s.id, x.id, 0, t, t, '{}', false from subject s join examinee x on x.exam_id = s.exam_id
      cross join lateral (select ((x.student_id::bigint * 7919) % 1501) / 10.0 as t) v where s.exam_id <> ${examId};
    analyze;`),
  );
  const earlierExamId = (
    (await db.execute(sql`select id from exam where id <> ${examId}`)) as unknown as {
      rows: { id: number }[];
    }
  ).rows[0]!.id;

  // 1. every figure, from scratch; the CPU of the database's backends meanwhile (docs/CAPACITY.md, issue 35)
  const pgCpu = pgMeter(base, name);
  const pgCpu0 = await pgCpu.start();
  t = performance.now();
  await reports.warm(examId);
  const all = since(t);
  const reportPgCpu = (await pgCpu.stop()) - pgCpu0;

  // the floor: the same figures in plain SQL (results aggregated in the database, only small answers sent)
  t = performance.now();
  await db.execute(sql`
    select s.subject_id, grouping(e.school_id, e.class_id) as g, e.school_id, e.class_id,
      count(*) filter (where not s.absent), count(*) filter (where s.absent), avg(s.total), max(s.total),
      min(s.total), stddev_pop(s.total), percentile_cont(0.5) within group (order by s.total),
      percentile_cont(array[0.25, 0.75]) within group (order by s.total),
      count(*) filter (where s.total >= 127.5), count(*) filter (where s.total >= 105),
      count(*) filter (where s.total >= 90), count(*) filter (where s.total < 60)
    from score s join examinee e on e.id = s.examinee_id
    group by s.subject_id, grouping sets ((), (e.school_id), (e.school_id, e.class_id))`);
  await db.execute(sql`
    with t as (select e.id, e.school_id, e.class_id, sum(s.total) as total
               from score s join examinee e on e.id = s.examinee_id group by e.id)
    select grouping(school_id, class_id), school_id, class_id, count(*), avg(total), max(total), min(total),
      stddev_pop(total), percentile_cont(0.5) within group (order by total)
    from t group by grouping sets ((), (school_id), (school_id, class_id))`);
  await db.execute(sql`
    select subject_id, max(r1), max(r2), max(r3) from (
      select s.subject_id, rank() over (partition by s.subject_id order by s.total desc) as r1,
        rank() over (partition by s.subject_id, e.school_id order by s.total desc) as r2,
        rank() over (partition by s.subject_id, e.class_id order by s.total desc) as r3
      from score s join examinee e on e.id = s.examinee_id where not s.absent) x group by subject_id`);
  await db.execute(sql`
    select subject_id, floor(total) as score, count(*),
      sum(count(*)) over (partition by subject_id order by floor(total) desc) as cumulative
    from score where not absent group by subject_id, floor(total)`);
  await db.execute(sql`
    with x as (select s.subject_id, s.total, s.question_scores,
                 percent_rank() over (partition by s.subject_id order by s.total desc) as pr
               from score s where not s.absent)
    select x.subject_id, j.key, avg(j.value::numeric), corr(j.value::numeric, x.total),
      avg(j.value::numeric) filter (where x.pr < 0.27) - avg(j.value::numeric) filter (where x.pr > 0.73)
    from x cross join lateral jsonb_each_text(x.question_scores) j group by x.subject_id, j.key`);
  await db.execute(sql`
    select s.subject_id, e.class_id, j.key, avg(j.value::numeric)
    from score s join examinee e on e.id = s.examinee_id cross join lateral jsonb_each_text(s.question_scores) j
    where not s.absent group by 1, 2, 3`);
  await db.execute(sql`
    select p.subject_id, j.key, j.value::text, count(*)
    from paper p cross join lateral jsonb_each(p.objective) j group by 1, 2, 3`);
  const floor = since(t);
  console.log(`all report figures (${SUBJECTS} subjects + total): ${seconds(all)} s`);
  console.log(
    `PostgreSQL CPU of those figures: ${reportPgCpu.toFixed(1)} s (its backends; ${((1000 * reportPgCpu) / N).toFixed(2)} ms per examinee)`,
  );
  console.log(`floor, plain SQL aggregations of the same figures: ${seconds(floor)} s`);
  console.log(`ratio: ${(all / floor).toFixed(2)} × the floor (goal ≤ 2×, and < 15 s)`);

  // 2. a cached page: the subject report read from the cache, narrowed, serialised
  const p: Principal = { userId: 1, isAdmin: true, schoolAdminOf: [], teacherOf: [], examRoles: [] };
  const page: number[] = [];
  const bare: number[] = [];
  for (let i = 0; i < 15; i++) {
    t = performance.now();
    await reports.reportJson(examId, subjects[i % SUBJECTS]!, p);
    page.push(since(t));
    t = performance.now();
    await db.execute(
      sql`select data from report_cache where exam_id = ${examId} and subject_id = ${subjects[i % SUBJECTS]!}`,
    );
    bare.push(since(t));
  }
  const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[xs.length >> 1]!;
  const bytes = (await reports.reportJson(examId, subjects[0]!, p)).length;
  console.log(
    `cached page (subject report, ${(bytes / 1e6).toFixed(2)} MB of JSON): median ${median(page).toFixed(0)} ms ` +
      `(goal < 150 ms); bare read of the cached row: ${median(bare).toFixed(0)} ms`,
  );

  // 学生成绩 and 进退步 pages: from every examinee's cached figures (the first 进退步 also computes the earlier
  // exam's), names read for the page
  const list: number[] = [];
  const progress: number[] = [];
  for (let i = 0; i < 15; i++) {
    t = performance.now();
    await reports.students(examId, { page: 1 + i, size: 50, subjectId: i % 2 ? subjects[1]! : undefined }, p);
    list.push(since(t));
    t = performance.now();
    await reports.progress(examId, { earlierExamId, subjectId: subjects[0]!, page: 1 + i, size: 50 }, p);
    progress.push(since(t));
  }
  console.log(
    `学生成绩 page (50 of ${N} examinees, total or a subject): median ${median(list).toFixed(0)} ms; ` +
      `进退步 page (语文 against an earlier exam): first ${progress[0]!.toFixed(0)} ms, ` +
      `then median ${median(progress.slice(1)).toFixed(0)} ms (goal < 150 ms)`,
  );

  // 3. one score changed: its subject and the total go stale, the 8 others answer from the cache
  await db.execute(sql`update score set total = total + 1 where subject_id = ${subjects[0]!} and not absent
    and examinee_id = (select min(examinee_id) from score where subject_id = ${subjects[0]!} and not absent)`);
  t = performance.now();
  await reports.warm(examId);
  console.log(
    `after one score change, every report answered again in ${seconds(since(t))} s (only the subject and the total recomputed: 2 of 10 reports, 2 of 10 学生成绩 tables)`,
  );
} finally {
  await database.close();
  if (process.env.BENCH_KEEP) console.log(`kept database ${name}`);
  else await admin.db.execute(sql.raw(`drop database if exists ${name}`));
  await admin.close();
}
