import { redirect } from 'react-router';
import { authApi } from '../../features/auth/auth.api';
import { LoginPage } from './LoginPage';

/** Someone still signed in goes straight to the home page; any failure simply shows the form. */
export async function loader() {
  try {
    await authApi.userInfo();
  } catch {
    return null;
  }
  return redirect('/book/home');
}

export const Component = LoginPage;
