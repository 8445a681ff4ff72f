// The data of npm run bench:scores, generated set-based in PostgreSQL: one exam of N examinees in 50 classes and
// S subjects; each subject has 20 objective questions (1-12 单选 3 分, 13-14 多选 5 分 少选 2 分, 15-16 多选 5 分
// 按比例, 17-20 判断 2 分), odd subjects with A/B papers (B keys differ, questions 1 and 2 swap places on the B
// paper), 5 subjective questions in two blocks with final block scores; 1 % absent, 0.5 % without a sheet.
// A sheet's readings come from one of 4,096 patterns per subject (single bubbles, subsets and wrong sets of the
// multiple choice, T/F, unread), so every rule is exercised at scale.
import { sql } from 'drizzle-orm';
import type { Db } from '../../../apps/server/src/infra/db';

export async function seedScores(db: Db, n: number, subjects: number): Promise<number[]> {
  await db.execute(
    sql.raw(`
    insert into org (name) values ('基准教育局');
    insert into school (org_id, name) select id, '基准中学' from org;
    insert into grade (school_id, name) select id, '高三' from school;
    insert into "class" (school_id, grade_id, name) select s.id, g.id, '高三(' || i || ')班'
      from school s, grade g, generate_series(1, 50) i;
    insert into student (school_id, class_id, xuehao, name)
      select c.school_id, c.id, 'S' || i, '学生' || i
      from generate_series(1, ${n}) i join "class" c on c.name = '高三(' || (i % 50 + 1) || ')班';
    insert into exam (name, school_id) select '基准考试', id from school;
    insert into examinee (exam_id, student_id, school_id, class_id, kaohao, paper_type)
      select e.id, st.id, st.school_id, st.class_id, lpad(st.id::text, 8, '0'),
        case when st.id % 2 = 0 then 'B' else 'A' end
      from exam e, student st;
    insert into subject (exam_id, course, name, full_score, ab_enabled)
      select e.id, '科目' || i, '科目' || i, 150, i % 2 = 1 from exam e, generate_series(1, ${subjects}) i;
    -- keys: A key letter from the question number, the B key shifted by one; 13-16 multi keys of 2-3 letters
    insert into question (subject_id, no, kind, options, score, answer, answer_b, b_no, partial_score, partial_rule, sort)
      select s.id, q::text,
        case when q <= 12 then 'single' when q <= 16 then 'multi' else 'trueFalse' end,
        case when q > 16 then 2 else 4 end,
        case when q <= 12 then 3 when q <= 16 then 5 else 2 end,
        case when q <= 12 then substr('ABCD', q % 4 + 1, 1) when q <= 16 then (array['AC', 'ABD', 'BCD', 'AD'])[q - 12]
             else substr('AB', q % 2 + 1, 1) end,
        case when q <= 12 then substr('ABCD', (q + 1) % 4 + 1, 1) when q <= 16 then (array['BD', 'ACD', 'AB', 'ABC'])[q - 12]
             else substr('AB', (q + 1) % 2 + 1, 1) end,
        case when s.ab_enabled and q = 1 then '2' when s.ab_enabled and q = 2 then '1' end,
        case when q in (13, 14) then 2 end,
        case when q in (15, 16) then 'share' else 'fixed' end,
        q
      from subject s, generate_series(1, 20) q;
    insert into question (subject_id, no, kind, score, sort)
      select s.id, q::text, 'subjective', 18, q from subject s, generate_series(21, 25) q;
    insert into template (subject_id, body) select id, '{}' from subject;
    insert into scan_batch (subject_id, school_id, template_id)
      select s.id, sc.id, t.id from subject s join template t on t.subject_id = s.id, school sc;
    insert into block (subject_id, name, nos) select id, '一', '{21,22}' from subject;
    insert into block (subject_id, name, nos) select id, '二', '{23,24,25}' from subject;
    -- 4,096 reading patterns: single a letter (sometimes two or none), multi one of 16 letter sets, T/F a label
    create temporary table pattern as
      select k, (select jsonb_object_agg(q::text, case
          when (k * 31 + q * 17) % 23 = 0 then 'null'::jsonb
          when q <= 12 and (k + q) % 19 = 0 then '["A", "B"]'::jsonb
          when q <= 12 then jsonb_build_array(substr('ABCD', (k * 7 + q * 13) % 4 + 1, 1))
          when q <= 16 then (array['["A"]', '["C"]', '["A", "C"]', '["A", "B", "D"]', '["B", "C", "D"]', '["A", "D"]',
            '["B"]', '["D"]', '["A", "B"]', '["C", "D"]', '["A", "B", "C"]', '["A", "C", "D"]', '["B", "D"]',
            '["A", "B", "C", "D"]', '[]', '["B", "C"]'])[(k * 5 + q * 3) % 16 + 1]::jsonb
          else jsonb_build_array(substr('TFAB', (k * 3 + q) % 4 + 1, 1)) end)
        from generate_series(1, 20) q) as objective
      from generate_series(0, 4095) k;
    create index on pattern (k);
    insert into paper (subject_id, school_id, batch_id, seq, examinee_id, status, objective)
      select b.subject_id, b.school_id, b.id, e.id, e.id, 'ok', pt.objective
      from scan_batch b join examinee e on e.id % 200 <> 7
      join pattern pt on pt.k = (e.id * 2654435761 + b.subject_id * 40503) % 4096;
    insert into absence (examinee_id, subject_id)
      select e.id, s.id from examinee e, subject s where (e.id + s.id) % 100 = 3;
    insert into block_score (block_id, paper_id, subject_id, score, question_scores, source)
      select k.id, p.id, p.subject_id, 0,
        case when k.name = '一' then jsonb_build_object('21', p.id % 19, '22', (p.id % 37) / 2.0)
             else jsonb_build_object('23', p.id % 13, '24', p.id % 7, '25', (p.id % 11) / 2.0) end, 'single'
      from paper p join block k on k.subject_id = p.subject_id;
    analyze;`),
  );
  const r = await db.execute(sql`select id from subject order by id`);
  return (r as unknown as { rows: Array<{ id: number }> }).rows.map((x) => x.id);
}
