import { BASE_PATH } from './constants';
import { clearSessionCookies } from './cookies';

type Navigator = (to: string) => void;
type Reset = () => void;

let navigateInApp: Navigator | undefined;
let resetCaches: Reset | undefined;
let redirecting = false;

/** The router and query cache register here so a session failure can leave without a page reload. */
export function registerSessionHandlers(navigate: Navigator, reset: Reset): void {
  navigateInApp = navigate;
  resetCaches = reset;
}

/**
 * Spec §4/§8: on 1000/1001 clear the cookies and go to /minions/login. Several calls may fail at
 * once; only the first one navigates.
 */
export function endSession(): void {
  clearSessionCookies();
  if (redirecting) return;
  redirecting = true;
  resetCaches?.();
  if (navigateInApp) navigateInApp('/login');
  else window.location.assign(`${BASE_PATH}/login`);
  // Allow a later expiry (after signing in again) to redirect once more.
  setTimeout(() => {
    redirecting = false;
  }, 1000);
}
