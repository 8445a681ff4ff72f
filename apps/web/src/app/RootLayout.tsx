import { Outlet } from 'react-router';
import { EnvFlagBanner } from '../features/notice/EnvFlagBanner';
import { SysNoticeGate } from '../features/notice/SysNoticeGate';
import { TopProgressBar } from './progress/TopProgressBar';

/** Around every screen: the navigation progress bar, 系统维护's banner and the once-per-text system notice. */
export function RootLayout() {
  return (
    <>
      <TopProgressBar />
      <EnvFlagBanner />
      <Outlet />
      <SysNoticeGate />
    </>
  );
}
