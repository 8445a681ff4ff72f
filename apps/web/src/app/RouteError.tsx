import { Button, Result } from 'antd';
import { useEffect } from 'react';
import { useNavigate, useRouteError } from 'react-router';

/** Last resort for a render crash: the error is logged to the console only (spec §8), the user gets a way out. */
export function RouteError() {
  const error = useRouteError();
  const navigate = useNavigate();
  useEffect(() => {
    console.error(error);
  }, [error]);
  return (
    <Result
      status="warning"
      title="页面出现异常"
      subTitle="请刷新页面后重试；如果问题持续出现，请联系学校管理员。"
      extra={[
        <Button key="reload" type="primary" onClick={() => window.location.reload()}>
          刷新页面
        </Button>,
        <Button key="home" onClick={() => void navigate('/book/home')}>
          返回首页
        </Button>,
      ]}
    />
  );
}
