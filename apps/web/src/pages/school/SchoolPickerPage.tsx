import { Button, Card, Result, Typography } from 'antd';
import { Link, useNavigate } from 'react-router';
import { useCurrentUser } from '../../features/auth/current-user-context';
import { OrgPanel } from '../../features/school-admin/org/OrgPanel';
import { baseInfoPath } from './access';

/** /book/school for a system administrator without a school: choose one from the organisation. */
export function SchoolPickerPage() {
  const navigate = useNavigate();
  const user = useCurrentUser();
  if (!user.isAdmin) {
    return (
      <Result
        status="403"
        title="无权限"
        subTitle="您还没有加入学校，或不是学校管理员。如需管理学校，请联系本校管理员。"
        extra={
          <Link to="/book/home">
            <Button type="primary">返回首页</Button>
          </Link>
        }
      />
    );
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
