import { BASE_PATH } from './constants';
import { clearSessionCookies } from './cookies';

type Navigator = (to: string) => void;
type Reset = () => void;

let navigateInApp: Navigator | undefined;
let resetCaches: Reset | undefined;
let redirecting = false;
/** The session was just found ended: the login page need not ask the server again. */
let knownSignedOut = false;

/** Notes that a call just found no session (the /book loader, a 1000/1001 answer). */
export function noteSignedOut(): void {
  knownSignedOut = true;
}

/** True once after noteSignedOut: the login page's own check would only hear the same answer again. */
export function takeSignedOut(): boolean {
  const known = knownSignedOut;
  knownSignedOut = false;
  return known;
}

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
  noteSignedOut();
  if (redirecting) return;
  redirecting = true;
  resetCaches?.();
  // 学生端 / 家长端 sign in on their own page
  const login = window.location.pathname.startsWith(`${BASE_PATH}/portal`) ? '/portal/login' : '/login';
  if (navigateInApp) navigateInApp(login);
  else window.location.assign(`${BASE_PATH}${login}`);
  // Allow a later expiry (after signing in again) to redirect once more.
  setTimeout(() => {
    redirecting = false;
  }, 1000);
}
