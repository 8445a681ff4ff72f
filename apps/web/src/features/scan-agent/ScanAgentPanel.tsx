import { useOneAtATime } from '../../app/useOneAtATime';
import { PlayCircleOutlined, ReloadOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Card, Divider, Skeleton, Space } from 'antd';
import { useEffect } from 'react';
import { scanKeys } from '../scan/scan.queries';
import { CODE } from './agent-logic';
import { agentApi } from './agent.api';
import { agentKeys, agentStatusQuery, agentVersionQuery } from './agent.queries';
import { AgentConfigForm } from './AgentConfigForm';
import { AgentExceptions } from './AgentExceptions';
import { AgentMissing } from './AgentMissing';
import { AgentStatusView } from './AgentStatusView';

/**
 * 扫描客户端 on the subject's scan screen: finds the local scan agent (spec §7, scan-manager port from
 * session storage), shows its status and version, its settings, starts scanning for this subject, and
 * lists the problems it found locally. Without an agent it says how to start one.
 */
export function ScanAgentPanel({ examId, subjectId }: { examId: number; subjectId: number }) {
  const { message, modal } = App.useApp();
  const qc = useQueryClient();
  const probe = useQuery(agentStatusQuery());
  const found = probe.data?.kind === 'found';
  const version = useQuery({ ...agentVersionQuery(), enabled: found });
  // Pages the agent uploaded are the platform's now: the screen's recognition progress reloads to show them.
  const uploaded = probe.data?.kind === 'found' ? probe.data.env.data?.queue.uploaded : undefined;
  useEffect(() => {
    if (uploaded) void qc.invalidateQueries({ queryKey: scanKeys.subject(subjectId) });
  }, [uploaded, qc, subjectId]);
  const start = useOneAtATime({
    mutationFn: async () => {
      // this subject first: pages scanned from now on go into its batch
      const set = await agentApi.setConfig({ examId, subjectId });
      if (set.code !== 0) return set;
      return agentApi.startScan();
    },
    meta: { silent: true },
    onSuccess: async (env) => {
      // A scan stopped mid-pile (a jam, two sheets fed as one) says what to do with the pile: it stays until read.
      if (env.code === CODE.scanFailed)
        modal.error({ title: '扫描已停止', content: env.message, okText: '知道了' });
      else if (env.code !== 0) message.error(env.message);
      else message.success('已开始扫描：放入扫描仪或扫描文件夹的答题卡会自动识别并上传');
      await qc.invalidateQueries({ queryKey: agentKeys.all });
    },
    onError: () => void message.error('扫描客户端没有响应'),
  });

  const recheck = () => void qc.invalidateQueries({ queryKey: agentKeys.all });
  let body;
  if (probe.isPending) body = <Skeleton active paragraph={{ rows: 2 }} />;
  else if (probe.isError || !probe.data || probe.data.kind === 'missing')
    body = <AgentMissing onRetry={recheck} checking={probe.isFetching} />;
  else if (probe.data.kind === 'no-session')
    body = (
      <Alert
        type="info"
        showIcon
        data-testid="agent-no-session"
        title="扫描客户端需要本窗口的登录会话"
        description="请在本窗口重新登录后再打开扫描页面；浏览器上传不受影响。"
      />
    );
  else if (!probe.data.env.data)
    // an agent that refuses this page (started for another platform address)
    body = (
      <Alert
        type="error"
        showIcon
        data-testid="agent-refused"
        title={`扫描客户端拒绝了本页面：${probe.data.env.message}`}
        description={`请用 --origin ${window.location.origin} 重新启动扫描客户端。`}
      />
    );
  else
    body = (
      <Space orientation="vertical" size={12} style={{ width: '100%' }} data-testid="agent-found">
        <AgentStatusView
          env={probe.data.env}
          status={probe.data.env.data}
          version={version.data}
          subjectId={subjectId}
        />
        <Divider titlePlacement="start" plain style={{ margin: '4px 0' }}>
          扫描设置
        </Divider>
        <AgentConfigForm />
        <Divider titlePlacement="start" plain style={{ margin: '4px 0' }}>
          本机识别异常
        </Divider>
        <AgentExceptions subjectId={subjectId} />
      </Space>
    );

  return (
    <Card
      title="扫描客户端"
      data-testid="scan-agent-panel"
      extra={
        found && (
          <Space>
            <Button icon={<ReloadOutlined />} onClick={recheck}>
              刷新
            </Button>
            <Button
              type="primary"
              icon={<PlayCircleOutlined />}
              loading={start.isPending}
              onClick={() => start.mutate()}
              data-testid="agent-start"
            >
              开始扫描
            </Button>
          </Space>
        )
      }
    >
      {body}
    </Card>
  );
}
