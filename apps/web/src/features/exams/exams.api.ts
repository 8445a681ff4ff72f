import { homeContract, type HomeExamsQuery } from '@yj/contracts';
import { callRoute } from '../../api/contract';

export const examsApi = {
  home: (q: HomeExamsQuery) => callRoute(homeContract.exams, { body: q }),
};
