import { ReloadOutlined } from '@ant-design/icons';
import { Button, Empty, Space, Typography } from 'antd';
import { startCommand } from './agent-logic';

/** No agent answers on this computer: how to start it, and that the browser upload above still works. */
export function AgentMissing({ onRetry, checking }: { onRetry: () => void; checking: boolean }) {
  return (
    <Empty
      data-testid="agent-missing"
      image={Empty.PRESENTED_IMAGE_SIMPLE}
      description={
        <Space orientation="vertical" size={8} style={{ maxWidth: 720, textAlign: 'left' }}>
          <Typography.Text strong>未检测到扫描客户端</Typography.Text>
          <Typography.Text>
            在连接扫描仪的电脑上（仓库根目录）运行下面的命令启动扫描客户端，扫描仪的“扫描到文件夹”指向
            --folder 指定的文件夹：
          </Typography.Text>
          <Typography.Paragraph code copyable style={{ marginBottom: 0 }} data-testid="agent-command">
            {startCommand(window.location.origin)}
          </Typography.Paragraph>
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
