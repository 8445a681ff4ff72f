import { redirect, type LoaderFunctionArgs } from 'react-router';
import { authApi } from '../../features/auth/auth.api';
import { ScanLoginConfirmPage } from './ScanLoginConfirmPage';

/** The phone must be signed in to confirm: otherwise it signs in first and comes back here. */
export async function loader({ request }: LoaderFunctionArgs) {
  try {
    await authApi.userInfo();
  } catch {
    const url = new URL(request.url);
    const back = `/scan-login${url.search}`;
    return redirect(`/login?redirect=${encodeURIComponent(back)}`);
  }
  return null;
}

export const Component = ScanLoginConfirmPage;
