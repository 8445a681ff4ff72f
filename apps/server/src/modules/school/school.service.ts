import type { SchoolStatistics } from '@yj/contracts';
import type { Db } from '../../infra/db';
import type { schoolRepo } from './school.repo';

export function schoolService(d: { db: Db; repo: typeof schoolRepo }) {
  return {
    find: (schoolId: number) => d.repo(d.db).find(schoolId),
    statistics: (schoolId: number): Promise<SchoolStatistics> => d.repo(d.db).statistics(schoolId),
  };
}
export type SchoolService = ReturnType<typeof schoolService>;
