import { ToolOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import type { UserProfile } from '@yj/contracts';
import { Alert } from 'antd';
import { useCallback, useEffect, useRef, useSyncExternalStore } from 'react';
import { envFlagStore, registerEnvFlagReader } from '../../api/env-flag';
import { currentUserQuery } from '../auth/current-user-query';
import { envFlagText } from './env-flag-text';
import { noticeApi } from './notice.api';

/** How often the web reads the flag again while open. */
export const ENV_FLAG_POLL_MS = 60_000;

/**
 * 系统维护 across the top of every screen (signed in or not): reads the flag at start, every minute and at once
 * when the server refused a call by it, keeps it where the API client checks every call (api/env-flag.ts), and
 * shows its message and its time while it is set. A tab brought back to the front reads it at once.
 */
export function EnvFlagBanner() {
  const flag = useSyncExternalStore(envFlagStore.subscribe, envFlagStore.get);
  const reading = useRef(false);
  const read = useCallback(() => {
    if (reading.current) return;
    reading.current = true;
    noticeApi
      .envFlag()
      .then((f) => envFlagStore.set(f))
      // unreachable: the flag last read stays (the calls themselves will say what is wrong)
      .catch(() => undefined)
      .finally(() => {
        reading.current = false;
      });
  }, []);

  useEffect(() => {
    read();
    const timer = setInterval(read, ENV_FLAG_POLL_MS);
    registerEnvFlagReader(read);
    // back to a tab left open during the maintenance: read at once rather than at the next minute
    const onVisible = () => document.visibilityState === 'visible' && read();
    document.addEventListener('visibilitychange', onVisible);
    return () => {
      clearInterval(timer);
      document.removeEventListener('visibilitychange', onVisible);
    };
  }, [read]);
  // the system administrator passes any flag (they clear it): whoever is signed in, as the user cache says
  const qc = useQueryClient();
  useEffect(() => {
    const sync = () =>
      envFlagStore.setExempt(qc.getQueryData<UserProfile>(currentUserQuery.queryKey)?.isAdmin === true);
    sync();
    return qc.getQueryCache().subscribe((e) => {
      if (e.query.queryKey[0] === currentUserQuery.queryKey[0]) sync();
    });
  }, [qc]);

  if (!flag) return null;
  const { what, time } = envFlagText(flag);
  return (
    <Alert
      banner
      type="warning"
      showIcon
      icon={<ToolOutlined />}
      data-testid="env-flag-banner"
      role="alert"
      style={{ justifyContent: 'center' }}
      message={
        <span>
          <strong>系统维护中：{flag.message}</strong>
          <span style={{ marginLeft: 12 }}>{what}</span>
          <span style={{ marginLeft: 12, color: '#86909c' }}>{time}</span>
        </span>
      }
    />
  );
}
