import { redirect, type LoaderFunctionArgs } from 'react-router';
import { classifyError } from '../../api/classify-error';
import { clearSessionCookies } from '../../api/cookies';
import { noteSignedOut } from '../../api/session';
import { currentUserQuery } from '../../features/auth/current-user-query';
import { markLoaderFailed } from '../progress/loader-signal';
import { queryClient } from '../query-client';
import { loginWithReturn } from './login-return';
import { Shell } from './Shell';

/** /book needs a signed-in user: a session failure goes to /login, anything else lets the shell show it. */
export async function loader({ request }: LoaderFunctionArgs) {
  try {
    await queryClient.ensureQueryData(currentUserQuery);
  } catch (e) {
    if (classifyError(e).kind === 'session') {
      clearSessionCookies();
      noteSignedOut();
      throw redirect(loginWithReturn(request.url));
    }
    markLoaderFailed();
  }
  return null;
}

export const Component = Shell;
