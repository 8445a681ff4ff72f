import {
  flagOf,
  homeContract,
  type EnvFlag,
  type EnvFlagUpdate,
  type ServiceLinksUpdate,
  type SysNotice,
  type SysNoticeUpdate,
} from '@yj/contracts';
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
  /** 系统维护: the flag in force, or null */
  envFlag: async (): Promise<EnvFlag | null> => flagOf(await callRoute(homeContract.envFlag, {})),
  setEnvFlag: async (body: EnvFlagUpdate): Promise<EnvFlag | null> =>
    flagOf(await callRoute(homeContract.setEnvFlag, { body })),
  clearEnvFlag: async (): Promise<EnvFlag | null> => flagOf(await callRoute(homeContract.clearEnvFlag, {})),
  /** the system administrator's warnings about this install */
  warnings: () => callRoute(homeContract.systemWarnings, {}),
};
