import { useQuery } from '@tanstack/react-query';
import { Card, Space, Typography } from 'antd';
import { toolContract } from '@yj/contracts';
import { callRoute } from '../../api/contract';
import { DownloadAgentLink } from '../../features/scan-agent/DownloadAgentLink';

const { Paragraph, Text, Title } = Typography;

/** /book/tool/download (spec §2): the programs a school installs beside the browser. */
export function ToolDownloadPage() {
  const allowed = useQuery({
    queryKey: ['tool', 'list'],
    queryFn: () => callRoute(toolContract.list, {}),
  });
  return (
    <Card>
      <Title level={3} style={{ marginTop: 0 }}>
        工具下载
      </Title>
      <Card type="inner" title="扫描客户端" data-testid="tool-scan-agent">
        <Space orientation="vertical" size={8}>
          <Text>
            装在连接扫描仪的电脑上：自动取走扫描好的答题卡，先在本机检查定位点和考号，再按扫描顺序上传到本平台。
          </Text>
          <Text strong>
            下载后解压，双击“启动扫描客户端”，把扫描仪的“扫描到文件夹”设为解压出的 scans 文件夹（放扫描图片的文件夹）。
          </Text>
          <Paragraph type="secondary" style={{ marginBottom: 0 }}>
            需要 Node.js 20
            或更高版本；第一次启动会自动下载需要的组件，请保持联网。平台地址已写在启动程序里，无需填写。仅扫描员和可以扫描的管理员可以下载。
          </Paragraph>
          {allowed.data?.scanAgent ? (
            <DownloadAgentLink block />
          ) : allowed.isSuccess ? (
            <Text type="secondary" data-testid="tool-scan-agent-none">
              你的账号没有扫描权限，不需要安装扫描客户端；如需扫描，请联系考试管理员分配扫描员角色。
            </Text>
          ) : null}
        </Space>
      </Card>
    </Card>
  );
}
