import { redirect } from 'react-router';
import { queryClient } from '../../app/query-client';
import { currentUserQuery } from '../../features/auth/current-user-query';
import { baseInfoPath } from './access';

/** teacherManagement (spec §2): the teachers card of the user's school. */
export async function loader() {
  const user = await queryClient.ensureQueryData(currentUserQuery);
  throw redirect(user.schoolId !== null ? baseInfoPath(user.schoolId, 'teachers') : '/book/school');
}
