import { schoolContract } from '@yj/contracts';
import { callRoute } from '../../api/contract';

export const schoolApi = {
  statistics: (schoolId: number) => callRoute(schoolContract.statistics, { body: { schoolId } }),
};
