import {
  CustomerServiceOutlined,
  DownOutlined,
  LockOutlined,
  LogoutOutlined,
  NotificationOutlined,
  ToolOutlined,
  UserOutlined,
} from '@ant-design/icons';
import type { UserProfile } from '@yj/contracts';
import { Dropdown, type MenuProps } from 'antd';
import { useState, type CSSProperties } from 'react';
import { UserAvatar } from '../../components/UserAvatar';
import { EnvFlagEditor } from '../notice/EnvFlagEditor';
import { ServiceLinksEditor } from '../notice/ServiceLinksEditor';
import { SysNoticeEditor } from '../notice/SysNoticeEditor';
import { ChangePasswordModal } from './ChangePasswordModal';
import { ProfileModal } from './ProfileModal';
import { useLogout } from './useLogout';

type Dialog = 'profile' | 'password' | 'notice' | 'serviceLinks' | 'envFlag' | null;

const triggerStyle: CSSProperties = {
  display: 'flex',
  alignItems: 'center',
  gap: 8,
  height: 40,
  padding: '0 8px',
  border: 'none',
  borderRadius: 6,
  background: 'transparent',
  cursor: 'pointer',
  lineHeight: 1,
};
const nameStyle: CSSProperties = {
  maxWidth: 120,
  overflow: 'hidden',
  textOverflow: 'ellipsis',
  whiteSpace: 'nowrap',
  fontSize: 14,
};

/** Avatar and name in the header; its menu opens the account dialogs. */
export function UserMenu({ user }: { user: UserProfile }) {
  const [dialog, setDialog] = useState<Dialog>(null);
  const logout = useLogout();

  const items: MenuProps['items'] = [
    { key: 'profile', icon: <UserOutlined />, label: '个人中心' },
    { key: 'password', icon: <LockOutlined />, label: '修改密码' },
    ...(user.isAdmin
      ? [
          { key: 'notice', icon: <NotificationOutlined />, label: '系统公告' },
          { key: 'serviceLinks', icon: <CustomerServiceOutlined />, label: '客服链接' },
          { key: 'envFlag', icon: <ToolOutlined />, label: '系统维护' },
        ]
      : []),
    { type: 'divider' as const },
    { key: 'logout', icon: <LogoutOutlined />, label: '退出登录', danger: true },
  ];

  const onClick: MenuProps['onClick'] = ({ key }) => {
    if (key === 'logout') logout();
    else setDialog(key as Dialog);
  };

  return (
    <>
      <Dropdown menu={{ items, onClick }} trigger={['click']} placement="bottomRight">
        <button
          type="button"
          data-testid="user-menu"
          aria-label={`${user.name}的账号菜单`}
          style={triggerStyle}
        >
          <UserAvatar user={user} size={30} />
          <span style={nameStyle}>{user.name}</span>
          <DownOutlined style={{ fontSize: 10, color: '#86909c' }} />
        </button>
      </Dropdown>
      <ProfileModal open={dialog === 'profile'} user={user} onClose={() => setDialog(null)} />
      <ChangePasswordModal
        open={dialog === 'password'}
        account={user.account}
        onClose={() => setDialog(null)}
      />
      {user.isAdmin && <SysNoticeEditor open={dialog === 'notice'} onClose={() => setDialog(null)} />}
      {user.isAdmin && (
        <ServiceLinksEditor open={dialog === 'serviceLinks'} onClose={() => setDialog(null)} />
      )}
      {user.isAdmin && <EnvFlagEditor open={dialog === 'envFlag'} onClose={() => setDialog(null)} />}
    </>
  );
}
