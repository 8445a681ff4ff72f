import type { DynamicLogItem, Paged } from '@yj/contracts';
import type { Db } from '../../infra/db';
import type { auditQueryRepo } from './audit-query.repo';

/** 动态日志 screens: who changed what in an exam, newest first. */
export function auditQueryService(d: { db: Db; repo: typeof auditQueryRepo }) {
  return {
    examLog: (examId: number, page: number, size: number): Promise<Paged<DynamicLogItem>> =>
      d.repo(d.db).byExam(examId, page, size),
    /** the school base-info "record" card: operations on the school's people and classes */
    schoolLog: (schoolId: number, page: number, size: number): Promise<Paged<DynamicLogItem>> =>
      d.repo(d.db).bySchool(schoolId, page, size),
  };
}
export type AuditQueryService = ReturnType<typeof auditQueryService>;
