import { useQuery } from '@tanstack/react-query';
import { Button, Layout, Result, Spin } from 'antd';
import { useEffect, useSyncExternalStore } from 'react';
import { Outlet, useMatches } from 'react-router';
import { CurrentUserContext } from '../../features/auth/current-user-context';
import { currentUserQuery } from '../../features/auth/current-user-query';
import { AppHeader } from './AppHeader';
import { ReloadViewContext } from './reload-view';
import { useCancelStaleReads } from './useCancelStaleReads';
import { useRemount } from './useRemount';
import { useMonitor } from '../../features/monitor/useMonitor';
import { failureOf } from '../../api/errors';
import { envFlagStore } from '../../api/env-flag';
import { EnvFlagClosed } from '../../features/notice/EnvFlagClosed';

/** The /book shell: header, the routed view (which it can reload), footer. */
export function Shell() {
  const user = useQuery(currentUserQuery);
  const [mounted, reloadView] = useRemount();
  useCancelStaleReads();
  // page views and clicks on marked controls, counted for the system administrator (nobody named)
  useMonitor();
  // a route whose handle says wide (the marking screen: image and 给分板 side by side) takes the whole width
  const handles = useMatches().map((m) => (m.handle ?? {}) as { wide?: boolean; bare?: boolean });
  const wide = handles.some((h) => h.wide === true);
  // a route whose handle says bare (the marking screen) has the window's whole height: no site header or
  // footer, its own header leads back (at 768 px the site header cost the answer image a tenth of its height)
  const bare = handles.some((h) => h.bare === true);

  // 系统维护 closed the platform to all but the system administrator: the server refuses even who-am-I then (its
  // refusal brings the flag here); once the flag is lifted, who-am-I is asked again
  const flag = useSyncExternalStore(envFlagStore.subscribe, envFlagStore.get);
  const closed = !!flag && !flag.readOnly && !user.data?.isAdmin;
  const refusedByFlag = user.isError && failureOf(user.error) === 'envFlagClosed';
  const { refetch } = user;
  useEffect(() => {
    if (!closed && refusedByFlag) void refetch();
  }, [closed, refusedByFlag, refetch]);

  if (user.isPending) return <Spin fullscreen description="正在加载…" />;
  if (closed || refusedByFlag) return <EnvFlagClosed />;
  if (user.isError && !user.data) {
    return (
      <Result
        status="warning"
        title="暂时无法连接到服务器"
        subTitle="请检查网络连接后重试。"
        extra={
          <Button type="primary" loading={user.isFetching} onClick={() => void user.refetch()}>
            重新连接
          </Button>
        }
      />
    );
  }

  return (
    <CurrentUserContext.Provider value={user.data}>
      <ReloadViewContext.Provider value={reloadView}>
        <Layout style={{ minHeight: '100vh' }}>
          {!bare && <AppHeader user={user.data} onReload={reloadView} />}
          <Layout.Content
            style={{
              padding: bare ? 0 : '24px 24px 0',
              width: '100%',
              maxWidth: wide ? 'none' : 1200,
              margin: '0 auto',
              boxSizing: 'border-box',
            }}
          >
            {mounted ? <Outlet /> : null}
          </Layout.Content>
          {!bare && (
            <Layout.Footer
              style={{ textAlign: 'center', color: '#86909c', fontSize: 12, background: 'transparent' }}
            >
              阅卷 · 考试扫描、阅卷与成绩分析平台
            </Layout.Footer>
          )}
        </Layout>
      </ReloadViewContext.Provider>
    </CurrentUserContext.Provider>
  );
}
