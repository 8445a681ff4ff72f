import type { LoaderFunctionArgs } from 'react-router';
import { softLoad } from '../../app/progress/loader-signal';
import { queryClient } from '../../app/query-client';
import { currentUserQuery } from '../../features/auth/current-user-query';
import { schoolStatisticsQuery } from '../../features/school/useSchoolStatistics';
import { studentsQuery } from '../../features/school-admin/school-admin.queries';
import { canManageSchool } from './access';
import { cardOf } from './cards';
import { SchoolBaseInfoPage } from './SchoolBaseInfoPage';

/** Preloads the header figures (and the first page of students on that card) while the bar runs. */
export async function loader({ params }: LoaderFunctionArgs) {
  const schoolId = Number(params.schoolId);
  await softLoad(
    (async () => {
      const user = await queryClient.ensureQueryData(currentUserQuery);
      if (!Number.isInteger(schoolId) || !canManageSchool(user, schoolId)) return;
      const work: Promise<unknown>[] = [queryClient.ensureQueryData(schoolStatisticsQuery(schoolId))];
      if (cardOf(params.card) === 'students')
        work.push(queryClient.ensureQueryData(studentsQuery(schoolId, { page: 1, size: 20 })));
      await Promise.all(work);
    })(),
  );
  return null;
}

export const Component = SchoolBaseInfoPage;
