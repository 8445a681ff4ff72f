import type { LoginResponse } from '@yj/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate, useSearchParams } from 'react-router';
import { SCAN_SESSION_KEY } from '../../api/constants';
import { takeSignedOut } from '../../api/session';
import { currentUserQuery } from './current-user-query';

/** After a successful login: remember the user and open where they were going (or the home page). */
export function useSignedIn(): (res: LoginResponse) => void {
  const qc = useQueryClient();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  return (res) => {
    qc.clear();
    takeSignedOut(); // signed in again: a later visit to the login page checks the session as usual
    // The local scan manager is sent the session in its yx_sid header (spec §7); the cookie is HttpOnly.
    sessionStorage.setItem(SCAN_SESSION_KEY, res.token);
    qc.setQueryData(currentUserQuery.queryKey, res.user);
    const target = params.get('redirect');
    // Only in-app paths: an absolute URL here would be an open redirect. A phone signing in to confirm a PC's
    // 扫码登录 goes back to that confirmation.
    const inApp = target?.startsWith('/book/') || target?.startsWith('/scan-login?');
    void navigate(inApp && target ? target : '/book/home', { replace: true });
  };
}
