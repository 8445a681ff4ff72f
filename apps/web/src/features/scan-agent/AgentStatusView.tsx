import { Alert, Descriptions, Progress, Space, Tag } from 'antd';
import { Link } from 'react-router';
import { SCAN_CLIENT_VERSION } from '../../api/constants';
import { clientErrors, queueLine, scannerLine, uploadPercent, versionProblem } from './agent-logic';
import type { AgentStatus, SmEnvelope } from './agent.types';

const DRIVERS: Record<string, string> = { folder: '扫描文件夹', sane: 'SANE 扫描仪', files: '导入文件' };
/** 双张检测 as the agent's last scan had it: a scanner without a sensor the agent can set is said, not hidden. */
const SENSOR = {
  on: { color: 'success', text: '双张检测已开启' },
  none: { color: 'warning', text: '本扫描仪没有可设置的双张检测，请留意叠张进纸' },
  off: { color: 'default', text: '双张检测已关闭' },
} as const;

/** The agent as it stands: scanner, version, subject it scans for, the local queue and its problems. */
export function AgentStatusView({
  env,
  status,
  version,
  subjectId,
}: {
  env: SmEnvelope<AgentStatus>;
  status: AgentStatus;
  version: SmEnvelope<{ version: number; latest?: number }> | null | undefined;
  subjectId: number;
}) {
  const scanner = scannerLine(status);
  const queue = queueLine(status);
  const old = versionProblem(version ?? undefined);
  const errors = clientErrors(env);
  return (
    <Space orientation="vertical" size={12} style={{ width: '100%' }}>
      {old && (
        <Alert
          type="error"
          showIcon
          title={old}
          action={<Link to="/book/tool/download">去工具下载</Link>}
          data-testid="agent-upgrade"
        />
      )}
      <Descriptions size="small" column={3} bordered data-testid="agent-status">
        <Descriptions.Item label="扫描仪">
          <Tag color={scanner.tone}>{scanner.text}</Tag>
          {status.scanner.device && <span data-testid="agent-device">{status.scanner.device}</span>}
          {status.scanner.doubleFeed && (
            <Tag
              color={SENSOR[status.scanner.doubleFeed].color}
              style={{ marginLeft: 8 }}
              data-testid="agent-double-feed"
            >
              {SENSOR[status.scanner.doubleFeed].text}
            </Tag>
          )}
        </Descriptions.Item>
        <Descriptions.Item label="客户端版本">
          <span data-testid="agent-version">{version?.data?.version ?? status.clientVersion}</span>
          {!old && (
            <Tag color="success" style={{ marginLeft: 8 }}>{`满足要求（${SCAN_CLIENT_VERSION}）`}</Tag>
          )}
        </Descriptions.Item>
        <Descriptions.Item label="扫描方式">{DRIVERS[status.driver] ?? status.driver}</Descriptions.Item>
        <Descriptions.Item label="当前科目">
          {status.subjectId === subjectId ? (
            <Tag color="blue">本科目</Tag>
          ) : status.subjectId ? (
            <Tag color="warning" data-testid="agent-other-subject">
              正在扫描其他科目（#{status.subjectId}），开始扫描后切换到本科目
            </Tag>
          ) : (
            <Tag>未选择，点击开始扫描</Tag>
          )}
        </Descriptions.Item>
        <Descriptions.Item label="上传" span={2}>
          <Tag color={queue.tone} data-testid="agent-queue-state">
            {queue.text}
          </Tag>
        </Descriptions.Item>
        <Descriptions.Item label="本机队列" span={3}>
          <Space size={24} wrap data-testid="agent-queue">
            <span>已扫描 {status.queue.scanned} 页</span>
            <span>已识别 {status.queue.recognised} 页</span>
            <span data-testid="agent-uploaded" data-count={status.queue.uploaded}>
              已上传 {status.queue.uploaded} 页
            </span>
            <span>待上传 {status.queue.pending} 页</span>
            <Progress percent={uploadPercent(status)} size="small" style={{ width: 200, margin: 0 }} />
          </Space>
        </Descriptions.Item>
      </Descriptions>
      {errors.map((e) => (
        <Alert key={e} type="warning" showIcon title={e} data-testid="agent-error" />
      ))}
    </Space>
  );
}
