import { homeContract, type ServiceLinksUpdate, type SysNotice, type SysNoticeUpdate } from '@yj/contracts';
import { callRoute } from '../../api/contract';

/** A notice with text, or null (none, or withdrawn by publishing an empty text). */
const shown = (n: SysNotice | null): SysNotice | null => (n?.text.trim() ? n : null);

export const noticeApi = {
  get: async (): Promise<SysNotice | null> => shown(await callRoute(homeContract.notice, {})),
  /** Publishing an empty text withdraws the notice; the server then answers null. */
  save: async (body: SysNoticeUpdate): Promise<SysNotice | null> =>
    shown(await callRoute(homeContract.saveNotice, { body })),
  /** 在线客服 as the signed-in user sees it */
  serviceLinks: () => callRoute(homeContract.serviceLinks, {}),
  /** both links, for the system administrator's editor */
  editServiceLinks: () => callRoute(homeContract.editServiceLinks, {}),
  saveServiceLinks: (body: ServiceLinksUpdate) => callRoute(homeContract.saveServiceLinks, { body }),
  /** the system administrator's warnings about this install */
  warnings: () => callRoute(homeContract.systemWarnings, {}),
};
