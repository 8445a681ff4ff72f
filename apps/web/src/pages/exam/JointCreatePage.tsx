import { Result } from 'antd';
import { useCurrentUser } from '../../features/auth/current-user-context';
import { JointCreateForm } from '../../features/exam-admin/create/JointCreateForm';

/** /book/create/jointExam */
export function Component() {
  const user = useCurrentUser();
  if (!user.isSchoolAdmin && !user.isAdmin && !user.roles.includes('bureauAdmin')) {
    return <Result status="403" title="无法创建联考" subTitle="联考由学校管理员或教育局管理员创建。" />;
  }
  return <JointCreateForm user={user} />;
}
