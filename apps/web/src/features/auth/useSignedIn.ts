import type { LoginResponse } from '@yj/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate, useSearchParams } from 'react-router';
import { currentUserQuery } from './current-user-query';

/** After a successful login: remember the user and open where they were going (or the home page). */
export function useSignedIn(): (res: LoginResponse) => void {
  const qc = useQueryClient();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  return (res) => {
    qc.clear();
    qc.setQueryData(currentUserQuery.queryKey, res.user);
    const target = params.get('redirect');
    // Only in-app paths: an absolute URL here would be an open redirect.
    void navigate(target?.startsWith('/book/') ? target : '/book/home', { replace: true });
  };
}
