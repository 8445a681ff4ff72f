import { useQuery } from '@tanstack/react-query';
import { allows } from '@yj/contracts';
import { useState } from 'react';
import { Badge, Button, Card, Result, Skeleton, Space, Statistic, Tabs, Tag } from 'antd';
import { Link, useSearchParams } from 'react-router';
import { subjectCrumbs } from '../exam-admin/ExamLoader';
import { subjectStatusColor, subjectStatusLabel } from '../exam-admin/exam-state';
import { PageFrame } from '../exam-admin/PageFrame';
import { QueryFailed } from '../exam-admin/QueryFailed';
import type { SubjectBundle } from '../exam-admin/SubjectLoader';
import { infoQuery, progressQuery } from './lead.queries';
import { ProblemsTab } from './ProblemsTab';
import { ProgressTab } from './ProgressTab';
import { RemarkTab } from './RemarkTab';
import { ResetModal } from './ResetModal';
import { reselectPath } from '../reselect/ReselectView';

const TABS = ['progress', 'problems', 'arbitration', 'remark'] as const;
type TabKey = (typeof TABS)[number];

/** subject/{subjectId}/overview/block/{blockId}: a block leader's page — 进度, 问题卷, 仲裁, 打回. */
export function LeadBlockView({ bundle, blockId }: { bundle: SubjectBundle; blockId: number }) {
  const { subject, permission, exam } = bundle;
  const s = subject.subjectInfo;
  const info = useQuery(infoQuery(blockId));
  const progress = useQuery(progressQuery(blockId));
  const [params, setParams] = useSearchParams();
  const [resetting, setResetting] = useState(false);
  const tab: TabKey = TABS.find((t) => t === params.get('tab')) ?? 'progress';
  const crumbs = subjectCrumbs(
    exam,
    s,
    { title: '阅卷进度', to: `/book/review/progress/all?subjectId=${s.id}` },
    { title: info.data?.blockName ?? '题块' },
  );
  const failed = [info, progress].find((q) => q.isError);
  if (failed)
    return (
      <PageFrame crumbs={crumbs} title="题组长管理">
        <QueryFailed
          title="题块加载失败"
          error={failed.error}
          onRetry={() => {
            void info.refetch();
            void progress.refetch();
          }}
        />
      </PageFrame>
    );
  if (!info.data || !progress.data)
    return (
      <Card>
        <Skeleton active paragraph={{ rows: 6 }} />
      </Card>
    );
  const b = info.data;
  if (b.subjectId !== s.id) return <Result status="404" title="题块不属于这个科目" />;
  // the server refuses the writes anyway; the buttons show only for those it lets through
  const canAct = permission.lead;
  const arbitrate = `/book/subject/${s.id}/mark/${b.blockId}/arbitration/1`;
  // 重置阅卷: the subject's managers (as for 开始阅卷), while marking runs or is paused
  const canReset = permission.editSetting && allows(b.subjectStatus, 'resetMarks');
  return (
    <PageFrame
      crumbs={crumbs}
      testId="lead-block"
      title={
        <Space size={8}>
          {b.examName} · {b.subjectName} · {b.blockName}
          <Tag color={subjectStatusColor(b.subjectStatus)}>{subjectStatusLabel(b.subjectStatus)}</Tag>
        </Space>
      }
      extra={
        <Space>
          <Tag>
            {b.markCount === 2 ? `双评，误差阈值 ${b.threshold ?? 0} 分` : '单评'} · 满分 {b.fullScore} 分
          </Tag>
          <Link to={`/book/subject/${s.id}/overview/check/block/${b.blockId}`}>
            <Button>评阅明细</Button>
          </Link>
          {canReset && (
            <Button danger onClick={() => setResetting(true)} data-testid="reset-open">
              重置阅卷
            </Button>
          )}
          {canReset && (
            <Link to={reselectPath(s.id, blockId)} data-testid="reselect-open">
              <Button danger>重新选题</Button>
            </Link>
          )}
        </Space>
      }
    >
      <Card>
        <Tabs
          activeKey={tab}
          onChange={(k) => setParams({ tab: k }, { replace: true })}
          items={[
            {
              key: 'progress',
              label: '进度',
              children: <ProgressTab blockId={blockId} p={progress.data} canAct={canAct} />,
            },
            {
              key: 'problems',
              label: (
                <Badge count={b.problems} size="small" offset={[8, -2]}>
                  问题卷
                </Badge>
              ),
              children: <ProblemsTab info={b} canAct={canAct} />,
            },
            {
              key: 'arbitration',
              label: (
                <Badge count={b.arbitration} size="small" offset={[8, -2]}>
                  仲裁
                </Badge>
              ),
              children: (
                <Space orientation="vertical" size={16} data-testid="lead-arbitration">
                  <Statistic title="待仲裁试卷" value={b.arbitration} suffix="份" />
                  <Statistic title="已仲裁" value={progress.data.arbitration.done} suffix="份" />
                  {/* arbitrating is marking (subject.mark): an exam manager leads the block without marking it */}
                  {canAct && permission.mark && (
                    <Link to={arbitrate}>
                      <Button type="primary" disabled={b.arbitration === 0}>
                        开始仲裁
                      </Button>
                    </Link>
                  )}
                </Space>
              ),
            },
            {
              key: 'remark',
              label: '打回',
              children: <RemarkTab blockId={blockId} p={progress.data} canAct={canAct} />,
            },
          ]}
        />
      </Card>
      {canReset && (
        <ResetModal open={resetting} onClose={() => setResetting(false)} subjectId={s.id} p={progress.data} />
      )}
    </PageFrame>
  );
}
