// What the local scan agent answers on /sm/* (apps/scan-agent/src/sm.routes.ts); the agent is a separate
// program the school installs, so the web reads its answers defensively and shows its Chinese messages.

/** Envelope of every /sm answer: code 0 or a scan code of spec §8, its message, data. */
export interface SmEnvelope<T> {
  code: number;
  message: string;
  data: T | null;
}

export interface AgentProblem {
  code: number;
  message: string;
  at: string;
}

export interface AgentStatus {
  /** scanner status of the settings; 6 (the default) means client-scan errors are not shown */
  status: number;
  clientVersion: number;
  driver: 'folder' | 'sane' | 'files';
  scanner: {
    available: boolean;
    code: number;
    message: string;
    device: string | null;
    /** 双张检测 as the agent's last scan had it (absent until it drove one) */
    doubleFeed?: 'on' | 'none' | 'off';
  };
  subjectId: number | null;
  schoolId: number | null;
  queue: { scanned: number; recognised: number; uploaded: number; pending: number };
  upload: AgentProblem | null;
  scan: AgentProblem | null;
}

export interface AgentConfig {
  examId: number | null;
  subjectId: number | null;
  schoolId: number | null;
  dpi: number;
  colorType: 'gray' | 'color';
  duplex: boolean;
  /** 双张检测: the scanner's double-feed sensor stops the scan, where it has one */
  doubleFeed: boolean;
  scannerStatus: number;
  pagesPerUpload: number;
  driver: string;
  device: string | null;
  serverUrl: string;
  clientVersion: number;
}

export type AgentConfigPatch = Partial<
  Pick<
    AgentConfig,
    | 'examId'
    | 'subjectId'
    | 'schoolId'
    | 'dpi'
    | 'colorType'
    | 'duplex'
    | 'doubleFeed'
    | 'scannerStatus'
    | 'pagesPerUpload'
  >
>;

/** One page of a local exception list: the agent's shape, shared through contracts. */
export type { AgentExceptionPaper } from '@yj/contracts';

/** The three local exception lists of spec §7, by the call that reads them. */
export const AGENT_EXCEPTION_LISTS = [
  { key: 'anchor', path: '/sm/getAnchorExceptionPapers', title: '定位异常' },
  { key: 'kaohao', path: '/sm/getKaoHaoExceptionPapers', title: '考号异常' },
  { key: 'duplicate', path: '/sm/getDuplicationOfKaoHaoExceptionPapers', title: '考号重复' },
] as const;
export type AgentExceptionKind = (typeof AGENT_EXCEPTION_LISTS)[number]['key'];
