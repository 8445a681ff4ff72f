import type { SchoolStatistics } from '@yj/contracts';
import type { Db } from '../../infra/db';
import { schoolRepo } from './school.repo';

export function schoolService(d: { db: Db }) {
  return {
    find: (schoolId: number) => schoolRepo(d.db).find(schoolId),
    statistics: (schoolId: number): Promise<SchoolStatistics> => schoolRepo(d.db).statistics(schoolId),
  };
}
export type SchoolService = ReturnType<typeof schoolService>;
