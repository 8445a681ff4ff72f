import { sql } from 'drizzle-orm';
import { ExamRole, SubjectStatus } from '@yj/contracts';
import { intArray, rowsOf, type Db } from '../../infra/db';

/** A subject the user manages that is not published yet, with what its next step needs to know. */
export interface ManagedSubject {
  examId: number;
  examName: string;
  subjectId: number;
  subjectName: string;
  status: number;
  /** scanned papers of schools that have not confirmed 扫描完成 */
  unconfirmed: number;
  /** marking has made tasks (something was there to mark) */
  hasTasks: boolean;
}

const MANAGER_ROLES = [ExamRole.creator, ExamRole.examManager, ExamRole.unionManager];

export function todoRepo(db: Db) {
  return {
    /**
     * Subjects not yet published of the exams the user manages — an exam role 0, 1 or 5, a 科目负责人 of the
     * subject, or the administrator of the exam's school — newest exam first.
     */
    async managedSubjects(userId: number, schools: readonly number[]): Promise<ManagedSubject[]> {
      return rowsOf<ManagedSubject>(
        await db.execute(sql`select e.id as "examId", e.name as "examName", s.id as "subjectId",
            s.name as "subjectName", s.status,
            (select count(*) from paper p where p.subject_id = s.id and p.deleted_at is null
              and not exists (select 1 from scan_finish f where f.subject_id = s.id and f.school_id = p.school_id)
            )::int as unconfirmed,
            exists (select 1 from mark_task t where t.subject_id = s.id) as "hasTasks"
          from subject s join exam e on e.id = s.exam_id
          where s.deleted_at is null and e.deleted_at is null and e.hidden = false
            and s.status < ${SubjectStatus.published}
            and (e.school_id = any(${intArray(schools)})
              or exists (select 1 from exam_role r where r.exam_id = e.id and r.user_id = ${userId}
                and (r.role = any(${intArray(MANAGER_ROLES)})
                  or (r.role = ${ExamRole.subjectManager} and (r.subject_id is null or r.subject_id = s.id)))))
          order by e.id desc, s.sort, s.id limit 100`),
      );
    },
  };
}
