import { CustomerServiceOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Button, Space, Typography } from 'antd';
import { noticeApi } from './notice.api';

/** 在线客服 in 帮助中心: the entries the system administrator set and this user may use; nothing when none. */
export function ServiceLinks() {
  const links = useQuery({ queryKey: ['serviceLinks', 'mine'], queryFn: noticeApi.serviceLinks });
  const { normal, vip } = links.data ?? { normal: null, vip: null };
  if (!normal && !vip) return null;
  return (
    <Space wrap data-testid="service-links" style={{ marginBottom: 16 }}>
      <Typography.Text>在线咨询：</Typography.Text>
      {normal && (
        <Button icon={<CustomerServiceOutlined />} href={normal} target="_blank" rel="noopener noreferrer">
          在线客服
        </Button>
      )}
      {vip && (
        <Button
          type="primary"
          icon={<CustomerServiceOutlined />}
          href={vip}
          target="_blank"
          rel="noopener noreferrer"
        >
          VIP 客服
        </Button>
      )}
    </Space>
  );
}
