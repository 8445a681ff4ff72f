import { useQueryClient } from '@tanstack/react-query';
import { App } from 'antd';
import { useNavigate } from 'react-router';
import { clearSessionCookies } from '../../api/cookies';
import { authApi } from '../auth/auth.api';

/** Signs out on the server, then forgets everything cached for this user. */
export function useLogout(): () => void {
  const navigate = useNavigate();
  const qc = useQueryClient();
  const { message } = App.useApp();
  return () => {
    void authApi
      .logout()
      // Even if the server is unreachable, leaving must still work on this machine.
      .catch(() => undefined)
      .finally(() => {
        clearSessionCookies();
        qc.clear();
        void navigate('/login', { replace: true });
        void message.success('已安全退出');
      });
  };
}
