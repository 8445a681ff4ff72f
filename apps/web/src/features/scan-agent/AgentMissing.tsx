import { ReloadOutlined } from '@ant-design/icons';
import { Button, Empty, Space, Typography } from 'antd';
import { DownloadAgentLink } from './DownloadAgentLink';

/** No agent answers on this computer: where to get it, and that the browser upload above still works. */
export function AgentMissing({ onRetry, checking }: { onRetry: () => void; checking: boolean }) {
  return (
    <Empty
      data-testid="agent-missing"
      image={Empty.PRESENTED_IMAGE_SIMPLE}
      description={
        <Space orientation="vertical" size={8} style={{ maxWidth: 720, textAlign: 'left' }}>
          <Typography.Text data-testid="agent-instruction">
            <Typography.Text strong>未检测到扫描客户端：</Typography.Text>请在扫描电脑上
            <DownloadAgentLink windows />
            （含运行环境，不用安装任何软件），全部解压后双击“启动扫描客户端”，再把扫描仪的“扫描到文件夹”设为解压出的
            scans 文件夹（放扫描图片的文件夹）。
          </Typography.Text>
          <Typography.Text type="secondary">
            其他系统或已装 Node.js 的电脑：
            <DownloadAgentLink />
            （需要 Node.js 20 或更高版本）。
          </Typography.Text>
          <Typography.Text type="secondary">
            不使用扫描客户端也可以：在上方“上传答题卡”中用浏览器直接上传扫描好的图片。
          </Typography.Text>
        </Space>
      }
    >
      <Button icon={<ReloadOutlined />} loading={checking} onClick={onRetry} data-testid="agent-retry">
        重新检测
      </Button>
    </Empty>
  );
}
