import { createContext, useContext } from 'react';

/**
 * Whether the signed-in user may change this subject's scan (subject.scan). A 学校负责人 or 联考监控员 holds
 * scan.read only: the 识别异常 screen shows them the same lists and images without a control the server
 * would answer 无权限. Outside a provider nothing may be changed.
 */
const CanScan = createContext(false);

export const CanScanProvider = CanScan.Provider;

export function useCanScan(): boolean {
  return useContext(CanScan);
}
