import type { SchoolStatistics } from '@yj/contracts';
import { api } from '../../api/filter';

export const schoolApi = {
  statistics: (schoolId: number) => api.post<SchoolStatistics>('/api/school/getStatistics', { schoolId }),
};
