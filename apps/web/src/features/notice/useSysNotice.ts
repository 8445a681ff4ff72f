import { queryOptions } from '@tanstack/react-query';
import { noticeApi } from './notice.api';

export const sysNoticeQuery = queryOptions({
  queryKey: ['sysNotice'],
  queryFn: noticeApi.get,
  staleTime: 10 * 60_000,
  // A missing notice must never bother the user with an error dialog.
  meta: { silent: true },
});
