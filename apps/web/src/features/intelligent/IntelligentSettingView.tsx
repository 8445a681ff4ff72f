import { useQuery, useQueryClient } from '@tanstack/react-query';
import { allows, type IntelligentBlockView, type IntelligentRunKind } from '@yj/contracts';
import { Alert, App, Button, Card, Empty, Skeleton, Space, Switch, Table, Typography } from 'antd';
import { Link } from 'react-router';
import { useOneAtATime } from '../../app/useOneAtATime';
import { subjectCrumbs } from '../exam-admin/ExamLoader';
import { PageFrame } from '../exam-admin/PageFrame';
import { QueryFailed } from '../exam-admin/QueryFailed';
import type { SubjectBundle } from '../exam-admin/SubjectLoader';
import { intelligentApi, intelligentKeys } from './intelligent.api';
import { RunCell, runActive } from './RunCell';

/**
 * subject/{subjectId}/setting/intelligent (智能辅助): per block, 智能判空 and 相同答案归组 switched on (both off
 * by default), a detection started and followed while it runs, then the check or the group screen.
 */
export function IntelligentSettingView({ bundle }: { bundle: SubjectBundle }) {
  const s = bundle.subject.subjectInfo;
  const qc = useQueryClient();
  const { message } = App.useApp();
  const settings = useQuery({
    queryKey: intelligentKeys.all(s.id),
    queryFn: () => intelligentApi.settings(s.id),
    // follow a run while it goes (progress shown), quiet otherwise
    refetchInterval: (q) =>
      q.state.data?.blocks.some((b) => runActive(b.blankRun) || runActive(b.groupRun)) ? 1500 : false,
  });
  const refresh = () => qc.invalidateQueries({ queryKey: intelligentKeys.all(s.id) });
  const save = useOneAtATime({
    mutationFn: (v: { blockId: number; blank: boolean; grouping: boolean }) => intelligentApi.save(s.id, v),
    onSuccess: async () => {
      message.success('已保存');
      await refresh();
    },
  });
  const run = useOneAtATime({
    mutationFn: (v: { blockId: number; kind: IntelligentRunKind }) =>
      intelligentApi.run(s.id, v.blockId, v.kind),
    onSuccess: async () => {
      message.success('已开始检测');
      await refresh();
    },
  });
  const crumbs = subjectCrumbs(bundle.exam, s, { title: '智能辅助' });
  if (settings.isError && !settings.data)
    return (
      <PageFrame crumbs={crumbs} title="智能辅助">
        <QueryFailed
          title="智能辅助设置加载失败"
          error={settings.error}
          onRetry={() => void settings.refetch()}
        />
      </PageFrame>
    );
  if (!settings.data)
    return (
      <Card>
        <Skeleton active paragraph={{ rows: 5 }} />
      </Card>
    );
  const marking = allows(settings.data.subjectStatus, 'changeMarks');
  const base = `/book/subject/${s.id}/setting/intelligent`;
  return (
    <PageFrame
      crumbs={crumbs}
      title={`${bundle.exam.name} · ${s.name} · 智能辅助`}
      testId="intelligent-setting"
    >
      <Card>
        <Space orientation="vertical" size={12} style={{ width: '100%' }}>
          <Alert
            type="info"
            showIcon
            title="两项功能默认关闭，按题块开启"
            description={
              <>
                <div>
                  智能判空：比较每份答卷的作答区与空白答题卡，找出未作答的答卷；题组长抽查确认后记 0
                  分，并从任务池移出（可随时退回正常阅卷）。
                </div>
                <div>
                  相同答案归组：把笔迹图像相同的填空类答案归为一组，阅卷老师可对整组一次给分，也可把个别答卷移出分组。
                </div>
              </>
            }
          />
          {!marking && <Alert type="warning" showIcon title="开始阅卷后才能检测；阅卷完成后不能再修改" />}
          <Table<IntelligentBlockView>
            rowKey="blockId"
            dataSource={settings.data.blocks}
            pagination={false}
            locale={{ emptyText: <Empty description="这个科目还没有您负责的题块" /> }}
            columns={[
              { title: '题块', dataIndex: 'name' },
              { title: '题号', render: (_, b) => b.nos.join('、') },
              {
                title: '智能判空',
                render: (_, b) => (
                  <Switch
                    checked={b.blank}
                    checkedChildren="开"
                    unCheckedChildren="关"
                    loading={save.isPending}
                    onChange={(v) => save.mutate({ blockId: b.blockId, blank: v, grouping: b.grouping })}
                    data-testid={`blank-switch-${b.blockId}`}
                  />
                ),
              },
              {
                title: '判空检测',
                render: (_, b) => (
                  <Space orientation="vertical" size={4}>
                    <RunCell run={b.blankRun} found={(n) => `检出 ${n} 份空白`} />
                    <Typography.Text type="secondary">
                      待确认 {b.blanks.detected} · 已记 0 分 {b.blanks.applied} · 已退回 {b.blanks.returned}
                    </Typography.Text>
                    <Space>
                      <Button
                        size="small"
                        disabled={!b.blank || !marking || runActive(b.blankRun)}
                        onClick={() => run.mutate({ blockId: b.blockId, kind: 'blank' })}
                        data-testid={`blank-run-${b.blockId}`}
                      >
                        {b.blankRun ? '重新检测' : '开始检测'}
                      </Button>
                      {b.blankRun?.status === 'done' && (
                        <Link
                          to={`${base}/check?blockId=${b.blockId}`}
                          data-testid={`blank-check-${b.blockId}`}
                        >
                          <Button size="small" type="primary">
                            抽查确认
                          </Button>
                        </Link>
                      )}
                    </Space>
                  </Space>
                ),
              },
              {
                title: '相同答案归组',
                render: (_, b) => (
                  <Switch
                    checked={b.grouping}
                    checkedChildren="开"
                    unCheckedChildren="关"
                    loading={save.isPending}
                    onChange={(v) => save.mutate({ blockId: b.blockId, blank: b.blank, grouping: v })}
                    data-testid={`group-switch-${b.blockId}`}
                  />
                ),
              },
              {
                title: '归组',
                render: (_, b) => (
                  <Space orientation="vertical" size={4}>
                    <RunCell run={b.groupRun} found={(n) => `${n} 组`} />
                    <Space>
                      <Button
                        size="small"
                        disabled={!b.grouping || !marking || runActive(b.groupRun)}
                        onClick={() => run.mutate({ blockId: b.blockId, kind: 'group' })}
                        data-testid={`group-run-${b.blockId}`}
                      >
                        {b.groupRun ? '重新归组' : '开始归组'}
                      </Button>
                      {b.groupRun?.status === 'done' && (
                        <Link
                          to={`${base}/intelligentReview?blockId=${b.blockId}`}
                          data-testid={`group-open-${b.blockId}`}
                        >
                          <Button size="small" type="primary">
                            归组评阅
                          </Button>
                        </Link>
                      )}
                    </Space>
                  </Space>
                ),
              },
            ]}
          />
        </Space>
      </Card>
    </PageFrame>
  );
}
