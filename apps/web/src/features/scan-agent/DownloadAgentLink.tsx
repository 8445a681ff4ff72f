import { DownloadOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { useState } from 'react';
import { downloadFile } from '../school-admin/download';

/** The server builds the zip for its own address; a refusal (无权限) shows as an error, not a broken file. */
export const SCAN_AGENT_PATH = '/api/tool/scanAgent';

/** 下载扫描客户端: the packaged local scan agent (unzip, double-click 启动扫描客户端). */
export function DownloadAgentLink({ block }: { block?: boolean }) {
  const [busy, setBusy] = useState(false);
  return (
    <Button
      type={block ? 'primary' : 'link'}
      icon={block ? <DownloadOutlined /> : undefined}
      loading={busy}
      style={block ? undefined : { padding: 0, height: 'auto' }}
      data-testid="agent-download"
      onClick={() => {
        setBusy(true);
        void downloadFile(SCAN_AGENT_PATH, '扫描客户端.zip').finally(() => setBusy(false));
      }}
    >
      下载扫描客户端
    </Button>
  );
}
