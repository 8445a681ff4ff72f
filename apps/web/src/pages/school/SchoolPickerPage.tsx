import { Card, Typography } from 'antd';
import { useNavigate } from 'react-router';
import { useCurrentUser } from '../../features/auth/current-user-context';
import { OrgPanel } from '../../features/school-admin/org/OrgPanel';
import { NoSchoolAccess } from './NoSchoolAccess';
import { baseInfoPath } from './access';

/** /book/school for a system administrator without a school: choose one from the organisation. */
export function SchoolPickerPage() {
  const navigate = useNavigate();
  const user = useCurrentUser();
  if (!user.isAdmin) {
    return <NoSchoolAccess why="您还没有加入学校，或不是学校管理员。如需管理学校，请联系本校管理员。" />;
  }
  return (
    <Card
      title="学校管理"
      extra={<Typography.Text type="secondary">点击学校名称，进入该校的基础信息</Typography.Text>}
      data-testid="school-picker"
    >
      <OrgPanel schoolId={null} onOpenSchool={(id) => void navigate(baseInfoPath(id))} />
    </Card>
  );
}
