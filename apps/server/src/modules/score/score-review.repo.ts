import { sql } from 'drizzle-orm';
import { SCORE_REVIEW_SHOWN, type ScoreReviewItem, type ScoreReviewKind } from '@yj/contracts';
import type { Db } from '../../infra/db';
import { banji } from '../../db/schema';
import type { SchoolFilter } from '../scan/scan-access';
import { rowsOf } from '../../infra/db';
import { inSchools } from './score-query.repo';

type Row = ScoreReviewItem & { kind: ScoreReviewKind; count: number };

/**
 * 成绩核查's lists (score-review): the examinees of each kind with the count of all, the first
 * SCORE_REVIEW_SHOWN of each by 考号. A sheet is the examinee's live (not deleted) paper of the subject.
 */
export function scoreReviewRepo(db: Db) {
  return {
    async lists(subjectId: number, examId: number, f: SchoolFilter): Promise<Row[]> {
      const r = await db.execute(sql`
        with base as (
          select e.id as "examineeId", e.kaohao, st.name, b.name as "className",
            s.total::float8 as total, s.question_scores, s.absent, su.full_score,
            (select p.id from paper p where p.subject_id = ${subjectId} and p.examinee_id = e.id
              and p.deleted_at is null order by p.id limit 1) as "paperId"
          from examinee e
          join student st on st.id = e.student_id
          join ${banji} b on b.id = e.class_id
          join subject su on su.id = ${subjectId}
          left join score s on s.subject_id = ${subjectId} and s.examinee_id = e.id
          where e.exam_id = ${examId} ${inSchools(sql`e.school_id`, f)}
        ),
        kinds as (
          select 'zero' as kind, base.* from base where not base.absent and base.total = 0
          union all
          select 'full', base.* from base where not base.absent and base.total = base.full_score
          union all
          -- a sheet read with objective questions, none of them filled
          select 'objectiveBlank', base.* from base join paper p on p.id = base."paperId"
          where p.objective <> '{}'::jsonb and not exists (
            select 1 from jsonb_each(p.objective) o
            where jsonb_typeof(o.value) = 'array' and jsonb_array_length(o.value) > 0)
          union all
          select 'absentWithSheet', base.* from base
          where base."paperId" is not null and (base.absent or exists (select 1 from absence a
            where a.subject_id = ${subjectId} and a.examinee_id = base."examineeId"))
          union all
          select 'totalMismatch', base.* from base
          where base.total is not null and abs(base.total - coalesce((select sum(j.value::numeric)
            from jsonb_each_text(base.question_scores) j), 0)) > 0.05
        ),
        ranked as (
          select kinds.*, count(*) over (partition by kind)::int as count,
            row_number() over (partition by kind order by kaohao) as n
          from kinds
        )
        select kind, "examineeId", kaohao, name, "className", total, "paperId", count
        from ranked where n <= ${SCORE_REVIEW_SHOWN} order by kind, kaohao`);
      return rowsOf<Row>(r);
    },
  };
}
