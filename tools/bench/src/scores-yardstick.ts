// The yardstick of npm run bench:scores: the same aggregation as the score module's, written as one plain SQL
// statement per subject — objective scores from the key (单选, 多选 with 少选 fixed or 按比例, 判断 T/F, A/B keys and
// numbers by paper type, 送分 / 取消), plus the final block scores, absent and sheet-less examinees left without a
// figure — into a scratch table beside `score`, so the bench can also prove both give the same figures. It knows
// no 选做 groups or adjustments (the bench data has none), which only makes it cheaper than the real thing.
import { sql } from 'drizzle-orm';
import type { Db } from '../../../apps/server/src/infra/db';

/** One statement: every examinee of the subject's exam, their objective, subjective and total into `yard`. */
export async function yardstickSubject(db: Db, subjectId: number): Promise<void> {
  await db.execute(sql`
    insert into yard (subject_id, examinee_id, objective, subjective, total)
    with s as (select id, exam_id, ab_enabled from subject where id = ${subjectId}),
    k as (
      select q.no, q.kind, q.score, q.partial_score, q.partial_rule, q.special, q.answer, q.answer_b,
        coalesce(q.b_no, q.no) as b_no
      from question q join s on q.subject_id = s.id
      where q.kind <> 'subjective' and q.special is distinct from 'cancelled'
    ),
    p as (
      select p.id, p.examinee_id, p.objective, (s.ab_enabled and coalesce(p.paper_type, e.paper_type) = 'B') as isb
      from paper p join s on p.subject_id = s.id join examinee e on e.id = p.examinee_id
      where p.deleted_at is null
    ),
    o as (
      select p.id as paper_id, case
          when k.special = 'gift' then k.score
          when r is null or r = '' or ky = '' or translate(r, ky, '') <> '' then 0
          when translate(ky, r, '') = '' then k.score
          when k.kind <> 'multi' then 0
          when k.partial_rule = 'share' then floor(k.score * length(r) / length(ky) * 2) / 2
          else coalesce(k.partial_score, 0) end as v
      from p cross join k
      cross join lateral (select case when p.isb then k.answer_b else k.answer end as ky) kk
      left join lateral (
        select case when k.kind = 'trueFalse' then translate(string_agg(upper(x), ''), 'TF', 'AB')
          else string_agg(upper(x), '') end as r
        from jsonb_array_elements_text(case when jsonb_typeof(p.objective -> (case when p.isb then k.b_no else k.no end)) = 'array'
          then p.objective -> (case when p.isb then k.b_no else k.no end) else '[]' end) x
      ) rr on true
    ),
    ot as (select paper_id, sum(v) as v from o group by paper_id),
    bt as (
      select b.paper_id, sum(j.value::numeric) as v
      from block_score b join p on b.paper_id = p.id cross join lateral jsonb_each(b.question_scores) j
      group by b.paper_id
    )
    select s.id, e.id, ot.v, coalesce(bt.v, 0), ot.v + coalesce(bt.v, 0)
    from s join examinee e on e.exam_id = s.exam_id
    left join absence ab on ab.examinee_id = e.id and ab.subject_id = s.id
    left join p on p.examinee_id = e.id and ab.examinee_id is null
    left join ot on ot.paper_id = p.id
    left join bt on bt.paper_id = p.id`);
}

/** The scratch table the yardstick writes (emptied before each run). */
export async function yardTable(db: Db): Promise<void> {
  await db.execute(sql`
    create unlogged table if not exists yard (subject_id int, examinee_id int, objective numeric, subjective numeric,
      total numeric)`);
  await db.execute(sql`truncate yard`);
}

/** Rows where the score module and the yardstick disagree (objective or total). */
export async function disagreements(db: Db, subjectIds: number[]): Promise<number> {
  const r = await db.execute(sql`
    select count(*)::int as n from yard y
    full join (select * from score where subject_id in ${subjectIds}) s
      on s.subject_id = y.subject_id and s.examinee_id = y.examinee_id
    where y.subject_id is null or s.subject_id is null
      or s.objective is distinct from y.objective or s.total is distinct from y.total`);
  return (r as unknown as { rows: Array<{ n: number }> }).rows[0]!.n;
}
