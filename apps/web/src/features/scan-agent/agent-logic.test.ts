import { describe, expect, it } from 'vitest';
import {
  missingAgentDelay,
  clientErrors,
  queueLine,
  scannerLine,
  uploadPercent,
  versionProblem,
} from './agent-logic';
import type { AgentStatus, SmEnvelope } from './agent.types';

const status = (over: Partial<AgentStatus> = {}): AgentStatus => ({
  status: 6,
  clientVersion: 110,
  driver: 'folder',
  scanner: { available: true, code: 0, message: '成功', device: '/scan' },
  subjectId: 3,
  schoolId: null,
  queue: { scanned: 4, recognised: 4, uploaded: 2, pending: 2 },
  upload: null,
  scan: null,
  ...over,
});
const env = (data: AgentStatus, code = 0, message = '成功'): SmEnvelope<AgentStatus> => ({
  code,
  message,
  data,
});

describe('scan agent panel logic', () => {
  it('says how the scanner and the queue stand', () => {
    expect(scannerLine(status())).toEqual({ tone: 'success', text: '扫描仪就绪' });
    const none = status({
      scanner: { available: false, code: 10, message: '扫描驱动未安装或扫描仪未连接', device: null },
    });
    expect(scannerLine(none)).toEqual({ tone: 'error', text: '扫描驱动未安装或扫描仪未连接' });
    expect(queueLine(status()).text).toBe('正在识别与上传（待上传 2 页）');
    expect(uploadPercent(status())).toBe(50);
    const cut = status({ upload: { code: 80, message: '网络断开，请检查网络连接', at: '' } });
    expect(queueLine(cut)).toEqual({ tone: 'warning', text: '网络中断，等待续传' });
    expect(queueLine(status({ queue: { scanned: 2, recognised: 2, uploaded: 2, pending: 0 } })).text).toBe(
      '已全部上传',
    );
  });

  it('shows client-scan errors only when the scanner status is not 6', () => {
    const cut = status({ upload: { code: 80, message: '网络断开，请检查网络连接', at: '' } });
    expect(clientErrors(env(cut, 80, '网络断开，请检查网络连接'))).toEqual([]);
    expect(clientErrors(env({ ...cut, status: 0 }, 80, '网络断开，请检查网络连接'))).toEqual([
      '网络断开，请检查网络连接',
      '[80] 网络断开，请检查网络连接',
    ]);
  });

  it('asks for an upgrade when the agent is older than version 110', () => {
    expect(versionProblem({ code: 0, message: '成功', data: { version: 110 } })).toBeNull();
    expect(versionProblem({ code: 83, message: '扫描客户端有新版本', data: { version: 100 } })).toBe(
      '扫描客户端版本过低（100，需要 110），请在“工具下载”下载新版本，解压后重启扫描客户端',
    );
    expect(versionProblem({ code: 0, message: '成功', data: { version: 109 } })).toMatch(/工具下载/);
  });

  it('asks for an upgrade when the platform has a newer client than the agent (api/scan/version)', () => {
    expect(
      versionProblem({ code: 83, message: '扫描客户端有新版本', data: { version: 110, latest: 112 } }),
    ).toBe('扫描客户端版本过低（110，需要 112），请在“工具下载”下载新版本，解压后重启扫描客户端');
    expect(versionProblem({ code: 0, message: '成功', data: { version: 110, latest: 110 } })).toBeNull();
  });
});

describe('missingAgentDelay', () => {
  it('backs off from 2 s to at most 30 s while no agent answers', () => {
    expect([0, 1, 2, 3, 4, 5, 10].map(missingAgentDelay)).toEqual([
      2000, 2000, 4000, 8000, 16000, 30000, 30000,
    ]);
  });
});
