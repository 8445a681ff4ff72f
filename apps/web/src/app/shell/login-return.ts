import { BASE_PATH } from '../../api/constants';

/** /login?redirect=<where the user was going>, so signing in again returns there. */
export function loginWithReturn(url: string): string {
  const u = new URL(url);
  const path = u.pathname.startsWith(BASE_PATH) ? u.pathname.slice(BASE_PATH.length) : u.pathname;
  return `/login?redirect=${encodeURIComponent(path + u.search)}`;
}
