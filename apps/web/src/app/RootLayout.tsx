import { Outlet } from 'react-router';
import { SysNoticeGate } from '../features/notice/SysNoticeGate';
import { TopProgressBar } from './progress/TopProgressBar';

/** Around every screen: the navigation progress bar and the once-per-text system notice. */
export function RootLayout() {
  return (
    <>
      <TopProgressBar />
      <Outlet />
      <SysNoticeGate />
    </>
  );
}
