import type { HomeExam, HomeExamsQuery, Paged } from '@yj/contracts';
import type { Db } from '../../infra/db';
import type { homeRepo } from './home.repo';

export function homeService(d: { db: Db; repo: typeof homeRepo }) {
  return {
    /** The exams on a user's home page: those they hold a role in, and all of the schools they administer. */
    exams: (userId: number, q: HomeExamsQuery): Promise<Paged<HomeExam>> => d.repo(d.db).examsOf(userId, q),
  };
}
export type HomeService = ReturnType<typeof homeService>;
