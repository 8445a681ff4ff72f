import { queryOptions } from '@tanstack/react-query';
import { authApi } from './auth.api';

/** The signed-in user; the /book loader fills it before the shell renders. */
export const currentUserQuery = queryOptions({
  queryKey: ['currentUser'],
  queryFn: authApi.userInfo,
  staleTime: 5 * 60_000,
  // The /book loader redirects on session loss; the shell shows other failures.
  meta: { silent: true, sessionHandled: true },
});
