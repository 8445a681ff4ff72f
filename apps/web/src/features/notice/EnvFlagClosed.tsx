import { ToolOutlined } from '@ant-design/icons';
import { Button, Result, Space } from 'antd';
import { rereadEnvFlag } from '../../api/env-flag';
import { useLogout } from '../account/useLogout';

/**
 * In place of every screen while 系统维护 closes the platform (not read-only) to all but the system administrator:
 * nothing behind it would load. The banner above says why and until when; the screen goes by itself when the flag
 * is lifted (read every minute), or at once on 重新检查.
 */
export function EnvFlagClosed() {
  const logout = useLogout();
  return (
    <Result
      icon={<ToolOutlined style={{ color: '#faad14' }} />}
      title="系统维护中，暂停使用"
      subTitle="维护结束后即可继续使用，请稍后再试。"
      extra={
        <Space>
          <Button type="primary" onClick={rereadEnvFlag}>
            重新检查
          </Button>
          <Button onClick={logout}>退出登录</Button>
        </Space>
      }
    />
  );
}
