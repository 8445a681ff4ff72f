import { BankOutlined } from '@ant-design/icons';
import type { UserProfile } from '@yj/contracts';
import { Card, Space, Tag, Typography } from 'antd';
import dayjs from 'dayjs';
import { UserAvatar } from '../../components/UserAvatar';
import { roleLabels } from '../../features/account/profile-format';

/** 上午好 / 下午好 / 晚上好 by the local hour. */
export function greeting(hour: number): string {
  if (hour < 5) return '夜深了';
  if (hour < 12) return '上午好';
  if (hour < 14) return '中午好';
  if (hour < 18) return '下午好';
  return '晚上好';
}

export function WelcomeCard({ user }: { user: UserProfile }) {
  const now = dayjs();
  return (
    <Card>
      <div style={{ display: 'flex', alignItems: 'center', gap: 20 }}>
        <UserAvatar user={user} size={56} />
        <div style={{ flex: 1, minWidth: 0 }}>
          <Typography.Title level={4} style={{ margin: 0 }} data-testid="welcome">
            {greeting(now.hour())}，{user.name}
          </Typography.Title>
          <Space size={12} wrap style={{ marginTop: 8 }}>
            <Typography.Text type="secondary">
              <BankOutlined style={{ marginRight: 6 }} />
              {user.schoolName ??
                (user.isAdmin ? '系统管理员账号，不隶属于学校' : '尚未加入学校，请联系学校管理员')}
            </Typography.Text>
            {roleLabels(user).map((r) => (
              <Tag key={r} color="blue" variant="filled">
                {r}
              </Tag>
            ))}
          </Space>
        </div>
        <Typography.Text type="secondary" style={{ whiteSpace: 'nowrap' }}>
          {now.format('YYYY年M月D日 dddd')}
        </Typography.Text>
      </div>
    </Card>
  );
}
