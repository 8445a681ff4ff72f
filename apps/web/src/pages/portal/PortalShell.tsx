import { LeftOutlined, MenuOutlined } from '@ant-design/icons';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Dropdown, Result, Select, Spin } from 'antd';
import { Navigate, Outlet, useLocation, useNavigate, useSearchParams } from 'react-router';
import { PortalFrame } from '../../features/portal/PortalFrame';
import { chooseChild, PortalWhoContext } from '../../features/portal/portal-child';
import { portalApi } from '../../features/portal/portal.api';
import { portalMeQuery } from '../../features/portal/portal.queries';

/** /portal: the signed-in student or parent, a header with the child chosen and the account menu. */
export function PortalShell() {
  const me = useQuery(portalMeQuery);
  const [params, setParams] = useSearchParams();
  const navigate = useNavigate();
  const location = useLocation();
  const qc = useQueryClient();
  const logout = useMutation({
    mutationFn: portalApi.logout,
    onSettled: () => {
      qc.clear();
      void navigate('/portal/login', { replace: true });
    },
  });
  if (me.isPending)
    return (
      <PortalFrame>
        <Spin style={{ display: 'block', paddingTop: 120 }} />
      </PortalFrame>
    );
  if (me.isError)
    return (
      <PortalFrame>
        <Result
          status="warning"
          title="无法读取账号信息"
          extra={<Button onClick={() => void me.refetch()}>重试</Button>}
        />
      </PortalFrame>
    );
  const who = chooseChild(me.data, params.get('c'));
  const parent = me.data.kind === 'parent';
  const atHome = location.pathname.replace(/\/$/, '').endsWith('/portal');
  if (parent && !me.data.children.length && !location.pathname.includes('/portal/children'))
    return <Navigate to="/portal/children" replace />;
  const keep = (to: string) => (who.studentId && parent ? `${to}?c=${who.studentId}` : to);
  const menu = [
    ...(parent ? [{ key: 'children', label: '我的孩子' }] : []),
    { key: 'account', label: '修改密码' },
    { key: 'logout', label: '退出登录', danger: true },
  ];
  return (
    <PortalFrame>
      <header
        style={{
          position: 'sticky',
          top: 0,
          zIndex: 10,
          display: 'flex',
          alignItems: 'center',
          gap: 8,
          padding: '10px 12px',
          background: '#1f6feb',
          color: '#fff',
        }}
      >
        {!atHome && (
          <Button
            type="text"
            aria-label="返回"
            icon={<LeftOutlined style={{ color: '#fff' }} />}
            onClick={() => void navigate(-1)}
          />
        )}
        <div style={{ flex: 1, minWidth: 0, fontWeight: 600, fontSize: 16 }} data-testid="portal-title">
          {parent && me.data.children.length > 1 ? (
            <Select
              size="small"
              value={who.studentId}
              style={{ minWidth: 160 }}
              onChange={(v) => setParams({ c: String(v) })}
              options={me.data.children.map((c) => ({
                value: c.studentId,
                label: `${c.name} · ${c.className}`,
              }))}
            />
          ) : (
            who.childName || '成绩查询'
          )}
        </div>
        <Dropdown
          trigger={['click']}
          menu={{
            items: menu,
            onClick: ({ key }) => {
              if (key === 'logout') logout.mutate();
              else void navigate(keep(`/portal/${key}`));
            },
          }}
        >
          <Button
            type="text"
            aria-label="菜单"
            icon={<MenuOutlined style={{ color: '#fff' }} />}
            data-testid="portal-menu"
          />
        </Dropdown>
      </header>
      <PortalWhoContext.Provider value={who}>
        <main style={{ padding: 12 }}>
          <Outlet />
        </main>
      </PortalWhoContext.Provider>
    </PortalFrame>
  );
}
