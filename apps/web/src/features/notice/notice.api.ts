import type { SysNotice, SysNoticeUpdate } from '@yj/contracts';
import { api } from '../../api/filter';
import { isRecord } from '../../api/errors';

/** A notice, or null: code 0 with null data comes back as the whole envelope (spec §7). */
function asNotice(r: unknown): SysNotice | null {
  return isRecord(r) && typeof r.text === 'string' && r.text.trim() ? (r as unknown as SysNotice) : null;
}

export const noticeApi = {
  get: async (): Promise<SysNotice | null> => asNotice(await api.get<unknown>('/api/anno/getSysNotice')),
  /** Publishing an empty text withdraws the notice; the server then answers null. */
  save: async (body: SysNoticeUpdate): Promise<SysNotice | null> =>
    asNotice(await api.post<unknown>('/api/admin/sysNotice', body)),
};
