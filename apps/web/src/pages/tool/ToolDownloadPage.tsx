import { useQuery } from '@tanstack/react-query';
import { Card, Divider, Space, Typography } from 'antd';
import { SCAN_AGENT_WIN_MB, toolContract } from '@yj/contracts';
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
        <Space orientation="vertical" size={8} style={{ width: '100%' }}>
          <Text>
            装在连接扫描仪的电脑上：自动取走扫描好的答题卡，先在本机检查定位点和考号，再按扫描顺序上传到本平台。
          </Text>
          <Text strong>
            下载后全部解压，双击“启动扫描客户端”，把扫描仪的“扫描到文件夹”设为解压出的 scans
            文件夹（放扫描图片的文件夹）。
          </Text>
          <Paragraph type="secondary" style={{ marginBottom: 0 }}>
            平台地址已写在启动程序里，无需填写。仅扫描员和可以扫描的管理员可以下载。
          </Paragraph>
          {allowed.data?.scanAgent ? (
            <>
              <Divider style={{ margin: '8px 0' }} />
              <div data-testid="tool-scan-agent-windows">
                <Title level={5} style={{ marginTop: 0 }}>
                  Windows 扫描客户端（含运行环境，约 {SCAN_AGENT_WIN_MB} MB，解压即用）
                </Title>
                <Paragraph>
                  推荐。适用于 64 位的 Windows 10 / 11
                  电脑：运行环境和组件都已带在压缩包里，不用安装任何软件，第一次启动也不用联网下载。第一次下载时服务器要准备运行环境，可能需要一两分钟。
                </Paragraph>
                <DownloadAgentLink block windows />
              </div>
              <Divider style={{ margin: '8px 0' }} />
              <div data-testid="tool-scan-agent-portable">
                <Title level={5} style={{ marginTop: 0 }}>
                  其他系统 / 已装 Node.js 的电脑
                </Title>
                <Paragraph type="secondary">
                  体积小，适用于 Linux、macOS 等其他系统，或已装好 Node.js 20
                  及以上版本的电脑：第一次启动会联网下载需要的组件。Windows 双击“启动扫描客户端”，Linux、macOS
                  运行 start.sh。
                </Paragraph>
                <DownloadAgentLink block />
              </div>
            </>
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
