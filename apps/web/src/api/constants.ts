/** Business constants of spec §9 that the web client uses. */
export const BASE_PATH = '/minions';
export const FILTER_BASE = '/filter';
export const SESSION_CODES: readonly number[] = [1000, 1001];
export const SMS_QUOTA_CODE = 2000;

/** Time-outs of spec §9, milliseconds. */
export const MINIONS_TIMEOUT_MS = 50_000;
export const REMOTE_TIMEOUT_MS = 20_000;
export const LOCAL_TIMEOUT_MS = 120_000;

/** Scan manager port default and the session-storage key that overrides it (spec §7). */
export const SCAN_MANAGER_DEFAULT_PORT = 18739;
export const SCAN_MANAGER_PORT_KEY = 'scanManagerPort';
/** Port of the local service base (spec §7); a local address's port is swapped for the one above. */
export const LOCAL_SERVICE_PORT = 18738;
/** Session-storage key of the session id the scan manager is sent as its yx_sid header (spec §7). */
export const SCAN_SESSION_KEY = 'yx_sid';
/** Scan client version this web needs (spec §9 "client version constant 110"): the one the server hands out. */
export { SCAN_CLIENT_VERSION } from '@yj/contracts';

/** Code given to rejections without any HTTP response (spec §8). */
export const NETWORK_ERROR_CODE = 1024;
export const CANCELLED_MESSAGE = 'Request cancelled';
export const DEFAULT_CANCEL_REASON = '切换考试或科目，已取消未完成的请求';
export const NETWORK_ERROR_MESSAGE = '网络连接异常，请检查网络后重试';
export const TIMEOUT_MESSAGE = '请求超时，请稍后重试';

/** Message dialog width of spec §9. */
export const MESSAGE_DIALOG_WIDTH = 410;
