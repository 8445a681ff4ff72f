import { Space } from 'antd';
import { useCurrentUser } from '../../features/auth/current-user-context';
import { MyExams } from '../../features/exams/MyExams';
import { SystemWarnings } from '../../features/notice/SystemWarnings';
import { SchoolStatsCards } from '../../features/school/SchoolStatsCards';
import { WelcomeCard } from './WelcomeCard';

/** /book/home: welcome, the system administrator's warnings about this install, the school's figures for its administrators, and the user's exams. */
export function HomePage() {
  const user = useCurrentUser();
  return (
    <Space orientation="vertical" size={16} style={{ width: '100%' }}>
      <WelcomeCard user={user} />
      {user.isAdmin && <SystemWarnings />}
      {user.isSchoolAdmin && user.schoolId !== null && <SchoolStatsCards schoolId={user.schoolId} />}
      <MyExams user={user} />
    </Space>
  );
}
