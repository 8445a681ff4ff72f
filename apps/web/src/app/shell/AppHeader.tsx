import { QuestionCircleOutlined, ReloadOutlined } from '@ant-design/icons';
import type { UserProfile } from '@yj/contracts';
import { Button, ConfigProvider, Layout, Menu, Tooltip, Typography } from 'antd';
import { Link, useLocation } from 'react-router';
import { MessageBell } from '../../features/messages/MessageBell';
import { TaskBadge } from '../../features/tasks/TaskBadge';
import { UserMenu } from '../../features/account/UserMenu';
import { BrandMark } from '../../components/BrandMark';
import { litNavKeys, navItems } from './nav-items';

/** the header menu's items, closer than antd's 20 px a side */
const MENU_THEME = { components: { Menu: { itemPaddingInline: 12 } } };

interface Props {
  user: UserProfile;
  onReload: () => void;
}

function schoolLabel(user: UserProfile): string {
  if (user.schoolName) return user.schoolName;
  if (user.isAdmin) return '系统管理';
  return user.roles.includes('bureauAdmin') ? '教育局' : '未加入学校';
}

/** Header of the /book shell: product, current school, navigation, messages, account. */
export function AppHeader({ user, onReload }: Props) {
  const { pathname } = useLocation();
  const extra = navItems().filter((n) => !n.show || n.show(user));
  const selected = litNavKeys(pathname, extra);
  return (
    <Layout.Header
      style={{
        display: 'flex',
        alignItems: 'center',
        gap: 16,
        padding: '0 24px',
        background: '#fff',
        borderBottom: '1px solid #e5e6eb',
        position: 'sticky',
        top: 0,
        zIndex: 100,
      }}
    >
      <Link to="/book/home" style={{ display: 'flex', alignItems: 'center', gap: 8 }} aria-label="阅卷首页">
        <BrandMark size={28} />
        <Typography.Text strong style={{ fontSize: 18 }}>
          阅卷
        </Typography.Text>
      </Link>
      <Typography.Text
        type="secondary"
        data-testid="current-school"
        style={{ paddingLeft: 16, borderLeft: '1px solid #e5e6eb', whiteSpace: 'nowrap' }}
      >
        {schoolLabel(user)}
      </Typography.Text>
      {/* a school administrator's ten entries fit at 1366 beside the icons (antd's 20 px a side put the last two
          behind "…") */}
      <ConfigProvider theme={MENU_THEME}>
        <Menu
          mode="horizontal"
          selectedKeys={selected}
          style={{ flex: 1, minWidth: 0, borderBottom: 'none', marginLeft: 16 }}
          items={[
            { key: 'home', label: <Link to="/book/home">首页</Link> },
            ...extra.map((n) => ({
              key: n.key,
              label: (
                <Link to={n.to} data-track={`nav.${n.key}`}>
                  {n.label}
                </Link>
              ),
            })),
            { key: 'help', label: <Link to="/book/help">帮助中心</Link> },
          ]}
        />
      </ConfigProvider>
      <Tooltip title="刷新当前页面">
        <Button
          type="text"
          shape="circle"
          icon={<ReloadOutlined />}
          onClick={onReload}
          aria-label="刷新当前页面"
        />
      </Tooltip>
      <Tooltip title="帮助中心">
        <Link to="/book/help" aria-label="帮助中心">
          <Button type="text" shape="circle" icon={<QuestionCircleOutlined />} tabIndex={-1} />
        </Link>
      </Tooltip>
      <TaskBadge />
      <MessageBell />
      <UserMenu user={user} />
    </Layout.Header>
  );
}
