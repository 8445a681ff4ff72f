import { redirect } from 'react-router';
import { takeSignedOut } from '../../api/session';
import { authApi } from '../../features/auth/auth.api';
import { LoginPage } from './LoginPage';

/** Someone still signed in goes straight to the home page; any failure simply shows the form. */
export async function loader() {
  // sent here because the session just ended: asking again would hear the same (one call, not two)
  if (takeSignedOut()) return null;
  try {
    await authApi.userInfo();
  } catch {
    return null;
  }
  return redirect('/book/home');
}

export const Component = LoginPage;
