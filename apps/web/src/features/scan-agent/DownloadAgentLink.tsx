import { DownloadOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { useState } from 'react';
import { FAILURES, SCAN_AGENT_WIN_MB } from '@yj/contracts';
import { downloadFile } from '../school-admin/download';

/** The server builds the zip for its own address; a refusal (无权限) shows as an error, not a broken file. */
export const SCAN_AGENT_PATH = '/api/tool/scanAgent';
/** The Windows package with its runtime inside (node.exe and components): unzip and double-click. */
export const SCAN_AGENT_WIN_PATH = '/api/tool/scanAgentWindows';

/** The first Windows download outlasts one request while the server fetches the runtime: ask again for a few
 * minutes (each request waits about 50 s) before showing 正在准备. */
const PREPARING = { errCode: FAILURES.scanAgentRuntimePreparing.errCode, everyMs: 3000, times: 6 };

/**
 * 下载扫描客户端: the packaged local scan agent (unzip, double-click 启动扫描客户端). `windows`: the package that
 * runs on a Windows PC with nothing installed; else the small one for a PC with Node.js (any system).
 */
export function DownloadAgentLink({ block, windows }: { block?: boolean; windows?: boolean }) {
  const [busy, setBusy] = useState(false);
  const label = windows ? `下载 Windows 扫描客户端（约 ${SCAN_AGENT_WIN_MB} MB）` : '下载通用版扫描客户端';
  return (
    <Button
      type={block ? (windows ? 'primary' : 'default') : 'link'}
      icon={block ? <DownloadOutlined /> : undefined}
      loading={busy}
      style={block ? undefined : { padding: 0, height: 'auto' }}
      data-testid={windows ? 'agent-download-windows' : 'agent-download'}
      onClick={() => {
        setBusy(true);
        void downloadFile(
          windows ? SCAN_AGENT_WIN_PATH : SCAN_AGENT_PATH,
          windows ? '扫描客户端-Windows.zip' : '扫描客户端.zip',
          windows ? PREPARING : undefined,
        ).finally(() => setBusy(false));
      }}
    >
      {/* the first Windows download waits while the server fetches the runtime (a minute or so) */}
      {busy && windows ? '正在准备下载…' : label}
    </Button>
  );
}
