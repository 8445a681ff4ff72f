import { Space } from 'antd';
import { useCurrentUser } from '../../features/auth/current-user-context';
import { MyExams } from '../../features/exams/MyExams';
import { SystemWarnings } from '../../features/notice/SystemWarnings';
import { SchoolStatsCards } from '../../features/school/SchoolStatsCards';
import { TodoCard } from '../../features/todo/TodoCard';
import { WelcomeCard } from './WelcomeCard';

/** /book/home: welcome, 待办 (what waits on the user), the system administrator's warnings about this install, the school's figures for its administrators, and the user's exams. */
export function HomePage() {
  const user = useCurrentUser();
  return (
    <Space orientation="vertical" size={16} style={{ width: '100%' }}>
      <WelcomeCard user={user} />
      <TodoCard />
      {user.isAdmin && <SystemWarnings />}
      {user.isSchoolAdmin && user.schoolId !== null && <SchoolStatsCards schoolId={user.schoolId} />}
      <MyExams user={user} />
    </Space>
  );
}
