import { SCAN_CLIENT_VERSION } from '../../api/constants';
import type { AgentStatus, SmEnvelope } from './agent.types';

/** Spec §4/§9: scanner status 6, the default, means the web shows no client-scan errors. */
export const QUIET_SCANNER_STATUS = 6;

/** Scan codes of spec §8 the panel tells apart (92: a scan that failed or stopped mid-pile). */
export const CODE = { ok: 0, noScanner: 10, inUse: 11, network: 80, update: 83, scanFailed: 92 } as const;

export type Tone = 'success' | 'processing' | 'warning' | 'error' | 'default';

/** The one line saying how the scanner is: ready, in use, not found. */
export function scannerLine(s: AgentStatus): { tone: Tone; text: string } {
  if (s.scanner.code === CODE.inUse)
    return { tone: 'processing', text: s.scanner.message || '扫描仪已被占用' };
  if (!s.scanner.available || s.scanner.code !== CODE.ok)
    return { tone: 'error', text: s.scanner.message || '未找到扫描仪，请检查连接' };
  return { tone: 'success', text: '扫描仪就绪' };
}

/** How the upload queue stands: everything sent, sending, or held (network cut, no template, signed out). */
export function queueLine(s: AgentStatus): { tone: Tone; text: string } {
  const { queue, upload } = s;
  if (upload)
    return { tone: 'warning', text: upload.code === CODE.network ? '网络中断，等待续传' : '上传暂停' };
  if (queue.pending > 0) return { tone: 'processing', text: `正在识别与上传（待上传 ${queue.pending} 页）` };
  if (queue.scanned === 0) return { tone: 'default', text: '还没有扫描页面' };
  return { tone: 'success', text: '已全部上传' };
}

/** Share of the scanned pages the server has (0–100). */
export const uploadPercent = (s: AgentStatus): number =>
  s.queue.scanned === 0 ? 0 : Math.round((s.queue.uploaded / s.queue.scanned) * 100);

/**
 * The client-scan errors to show (spec §8 messages as the agent words them): the status call's own failure,
 * the last upload and scan problems. None at scanner status 6.
 */
export function clientErrors(env: SmEnvelope<AgentStatus>): string[] {
  const s = env.data;
  if (!s || s.status === QUIET_SCANNER_STATUS) return [];
  const out = [
    env.code !== CODE.ok ? env.message : null,
    s.upload ? `[${s.upload.code}] ${s.upload.message}` : null,
    s.scan ? `[${s.scan.code}] ${s.scan.message}` : null,
  ];
  return [...new Set(out.filter((x): x is string => !!x))];
}

/**
 * Whether the agent is new enough: the web asks checkVersion with the version it needs (110); the agent
 * answers 83 when it is older than that or than the platform's current one (api/scan/version, `latest`), or
 * may report a lower version itself. The new version is downloaded from 工具下载.
 */
export function versionProblem(
  env: SmEnvelope<{ version: number; latest?: number }> | undefined,
): string | null {
  if (!env) return null;
  const version = env.data?.version;
  const needed = Math.max(SCAN_CLIENT_VERSION, env.data?.latest ?? 0);
  if (env.code === CODE.update || (version !== undefined && version < needed))
    return `扫描客户端版本过低（${version ?? '未知'}，需要 ${needed}），请在“工具下载”下载新版本，解压后重启扫描客户端`;
  return null;
}

/**
 * How long to wait before looking for a missing agent again after `misses` looks in a row that found
 * nothing: 2 s, 4 s, 8 s … up to 30 s. Each refused look is a red line the browser itself prints in the
 * console, so a teacher without the agent gets a few, not one every few seconds all day.
 */
export function missingAgentDelay(misses: number): number {
  return Math.min(30_000, 1000 * 2 ** Math.max(1, misses));
}
