import { redirect } from 'react-router';
import { queryClient } from '../../app/query-client';
import { currentUserQuery } from '../../features/auth/current-user-query';
import { baseInfoPath } from './access';
import { SchoolPickerPage } from './SchoolPickerPage';

/** /book/school: straight to the user's own school; a system admin without one picks a school. */
export async function loader() {
  const user = await queryClient.ensureQueryData(currentUserQuery);
  if (user.schoolId !== null && (user.isSchoolAdmin || !user.isAdmin))
    throw redirect(baseInfoPath(user.schoolId));
  return null;
}

export const Component = SchoolPickerPage;
