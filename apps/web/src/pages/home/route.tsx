import { currentUserQuery } from '../../features/auth/current-user-query';
import { HOME_PAGE_SIZE, homeExamsQuery } from '../../features/exams/useHomeExams';
import { schoolStatisticsQuery } from '../../features/school/useSchoolStatistics';
import { todoQuery } from '../../features/todo/todo.queries';
import { softLoad } from '../../app/progress/loader-signal';
import { queryClient } from '../../app/query-client';
import { HomePage } from './HomePage';

/** Preloads the first page of exams, the 待办 (and a school admin's statistics) while the progress bar runs. */
export async function loader() {
  await softLoad(
    (async () => {
      const user = await queryClient.ensureQueryData(currentUserQuery);
      const work: Promise<unknown>[] = [
        queryClient.ensureQueryData(homeExamsQuery({ page: 1, size: HOME_PAGE_SIZE })),
        queryClient.ensureQueryData(todoQuery),
      ];
      if (user.isSchoolAdmin && user.schoolId)
        work.push(queryClient.ensureQueryData(schoolStatisticsQuery(user.schoolId)));
      await Promise.all(work);
    })(),
  );
  return null;
}

export const Component = HomePage;
