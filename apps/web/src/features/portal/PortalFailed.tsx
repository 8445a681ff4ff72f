import { QueryFailed } from '../exam-admin/QueryFailed';

/** A portal screen that could not load (成绩尚未发布, 无权限 …): why, a retry and the way back to the list. */
export function PortalFailed(p: { error: unknown; onRetry: () => void; title: string }) {
  return <QueryFailed {...p} back={{ to: '/portal', label: '返回考试列表' }} />;
}
