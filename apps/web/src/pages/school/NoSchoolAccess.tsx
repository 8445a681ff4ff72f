import { Button, Result } from 'antd';
import { Link } from 'react-router';

/** 无权限 on a school screen: why, and the way back to 首页. */
export function NoSchoolAccess({ why }: { why: string }) {
  return (
    <Result
      status="403"
      title="无权限"
      subTitle={why}
      extra={
        <Link to="/book/home">
          <Button type="primary">返回首页</Button>
        </Link>
      }
    />
  );
}
