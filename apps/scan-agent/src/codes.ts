import { SCAN_CLIENT_VERSION } from '@yj/contracts';

/**
 * Version of this client (spec §9 "client version constant 110"), as the source it was built from says; the web
 * asks checkVersion with the one it needs, and the platform's api/scan/version names the current one.
 */
export const CLIENT_VERSION = SCAN_CLIENT_VERSION;

/** Ports of spec §7/§9: the local service base, and the scan-manager port the web puts in session storage. */
export const LOCAL_SERVICE_PORT = 18738;
export const SCAN_MANAGER_PORT = 18739;

/** Scanner status 6: the default, and it means the web shows no client-scan errors (spec §4, §9). */
export const DEFAULT_SCANNER_STATUS = 6;
export const DEFAULT_DPI = 200;

/**
 * Scan codes of spec §8. The spec names the ranges (30–35 template errors, 90–95 template and scan);
 * the code inside a range that each message takes is ours.
 */
export const ScanCode = {
  ok: 0,
  fail: 1,
  invalidParam: 2,
  noScanner: 10,
  inUse: 11,
  noTemplate: 12,
  lever: 14,
  templateIncomplete: 30,
  examNoAreaMissing: 31,
  regionOutOfBounds: 32,
  templateIdDiffers: 33,
  templatePageCount: 34,
  anchorAdjust: 35,
  recognising: 40,
  reviewing: 41,
  lackPage: 42,
  duplicateExamNo: 50,
  invalid: 51,
  network: 80,
  memory: 81,
  update: 83,
  templateNotOnline: 90,
  noTemplateImage: 91,
  scanFailed: 92,
  qrNotFound: 93,
  anchorError: 94,
  internal: 95,
} as const;
export type ScanCodeValue = (typeof ScanCode)[keyof typeof ScanCode];

/** The Chinese message of each scan code (spec §8 scan and client-scan messages). */
export const SCAN_MESSAGES: Record<ScanCodeValue, string> = {
  0: '成功',
  1: '未知错误',
  2: '参数错误',
  10: '未找到扫描仪，请检查连接',
  11: '扫描仪已被占用',
  12: '模板未在线制作',
  14: '扫描仪拨杆朝下，请调整后重新扫描',
  30: '模板数据不完整',
  31: '考号区域缺失或页面为空',
  32: '模板区域超出图像范围',
  33: '模板ID不一致',
  34: '模板页数与实际页数不一致',
  35: '调整定位点失败',
  40: '正在识别',
  41: '正在审核',
  42: '缺页：答题卡页数不完整',
  50: '考号重复',
  51: '考号无效',
  80: '网络问题，请检查网络后重试',
  81: '电脑内存不足',
  83: '扫描客户端有新版本，请重启扫描客户端',
  90: '模板未在线制作',
  91: '未扫描到模板图像',
  92: '扫描失败，请重新扫描',
  93: '未找到二维码',
  94: '定位点异常',
  95: '内部错误',
};

/** The two network messages of spec §8 (both code 80): no connection at all, or the server failing. */
export const NETWORK_DOWN = '网络断开，请检查网络连接';
export const NETWORK_PROBLEM = '网络问题，服务器暂时无法响应，请稍后重试';

/** A failure of a /sm call: a scan code, its message, optional data. */
export class ScanError extends Error {
  constructor(
    readonly code: number,
    message?: string,
    readonly data: unknown = null,
    readonly status = 200,
  ) {
    super(message ?? SCAN_MESSAGES[code as ScanCodeValue] ?? SCAN_MESSAGES[ScanCode.fail]);
  }
}

/** Envelope of every /sm answer (spec §7): code 0 with data, or a scan code with its message. */
export interface SmEnvelope<T = unknown> {
  code: number;
  message: string;
  data: T;
}

export const okEnvelope = <T>(data: T): SmEnvelope<T> => ({
  code: ScanCode.ok,
  message: SCAN_MESSAGES[0],
  data,
});
