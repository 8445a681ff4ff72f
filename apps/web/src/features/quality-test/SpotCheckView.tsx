import type { SpotMarker, SpotResult, SpotTask } from '@yj/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Card, Descriptions, Flex, Popconfirm, Space, Table, Tag, Typography } from 'antd';
import { useState } from 'react';
import { Link } from 'react-router';
import { useOneAtATime } from '../../app/useOneAtATime';
import { subjectCrumbs } from '../exam-admin/ExamLoader';
import { PageFrame } from '../exam-admin/PageFrame';
import { QueryFailed } from '../exam-admin/QueryFailed';
import type { BlockBundle } from '../exam-admin/SubjectLoader';
import { DeviationText } from './DeviationText';
import { qualityTestApi, qualityTestKeys, spotQuery } from './qualityTest.api';
import { SpotScoreForm } from './SpotScoreForm';

/** 抽查 (quality-test/spot): a leader re-marks markers' papers blind, then sees the difference. */
export function SpotCheckView({ subject, exam, blockId }: BlockBundle) {
  const s = subject.subjectInfo;
  const q = useQuery(spotQuery(blockId));
  const info = useQuery({
    queryKey: ['quality-test', 'questions', blockId],
    queryFn: () => qualityTestApi.questions(blockId),
    meta: { silent: true },
  });
  const qc = useQueryClient();
  const { message } = App.useApp();
  const [task, setTask] = useState<SpotTask | null>(null);
  const [result, setResult] = useState<SpotResult | null>(null);
  const open = task ?? (result ? null : (q.data?.open ?? null));
  const refresh = () => qc.invalidateQueries({ queryKey: qualityTestKeys.spot(blockId) });
  const claim = useOneAtATime({
    mutationFn: (userId?: number) => qualityTestApi.claim(blockId, userId),
    onSuccess: (t) => {
      setResult(null);
      setTask(t);
    },
  });
  const submit = useOneAtATime({
    mutationFn: (scores: Parameters<typeof qualityTestApi.submit>[2]) =>
      qualityTestApi.submit(open!.spotId, open!.leaseToken, scores),
    onSuccess: async (r) => {
      setTask(null);
      setResult(r);
      await refresh();
    },
  });
  const giveUp = useOneAtATime({
    mutationFn: () => qualityTestApi.release(open!.spotId, open!.leaseToken),
    onSuccess: async () => {
      setTask(null);
      await refresh();
    },
  });
  const remark = useOneAtATime({
    mutationFn: (taskId: number) => qualityTestApi.remark(blockId, taskId),
    onSuccess: async () => {
      message.success('已打回，这份试卷将由其他老师重评');
      setResult(null);
      await refresh();
    },
  });
  const failed = q.isError ? q : info.isError ? info : null;
  const questions = info.data?.questions ?? [];
  return (
    <PageFrame
      crumbs={subjectCrumbs(exam, s, { title: '抽查' })}
      title={`${s.name} · ${q.data?.blockName ?? ''} · 抽查`}
      testId="spot-check"
      extra={
        <Space>
          <Link to={`/book/quality-test/progress2?subjectId=${s.id}`}>
            <Button>质检进度</Button>
          </Link>
          <Button
            type="primary"
            disabled={!!open || !q.data?.spotPercent}
            loading={claim.isPending}
            onClick={() => claim.mutate(undefined)}
          >
            抽查下一份
          </Button>
        </Space>
      }
    >
      {failed ? (
        <QueryFailed title="抽查加载失败" error={failed.error} onRetry={() => void failed.refetch()} />
      ) : (
        <>
          {q.data && !q.data.spotPercent && (
            <Card size="small">
              <Typography.Text type="warning">
                本题块未开启抽查，请先在
                <Link to={`/book/subject/${s.id}/setting/qualitytest`}>质检设置</Link>
                中设置抽查比例。
              </Typography.Text>
            </Card>
          )}
          {open && (
            <Card
              size="small"
              title={`抽查：${open.markerName} 的一份试卷`}
              data-testid="spot-task"
              extra={
                <Button size="small" loading={giveUp.isPending} onClick={() => giveUp.mutate()}>
                  放弃这份
                </Button>
              }
            >
              <Flex gap={16} align="flex-start" wrap>
                <img
                  src={open.imageUrl}
                  alt="抽查试卷"
                  style={{ width: 480, maxWidth: '100%', border: '1px solid #f0f0f0' }}
                />
                <SpotScoreForm
                  key={open.spotId}
                  questions={questions}
                  busy={submit.isPending}
                  onSubmit={(scores) => submit.mutate(scores)}
                />
              </Flex>
            </Card>
          )}
          {result && (
            <Card size="small" title="抽查结果" data-testid="spot-result">
              <Descriptions size="small" column={2} bordered>
                <Descriptions.Item label="阅卷老师">{result.markerName}</Descriptions.Item>
                <Descriptions.Item label="偏差（原评 − 抽查）">
                  <Tag color={result.over ? 'red' : 'green'}>
                    {result.diff > 0 ? '+' : ''}
                    {result.diff} 分{result.over ? '，超过上限' : ''}
                  </Tag>
                </Descriptions.Item>
                <Descriptions.Item label="原评分">
                  {result.markerScore} 分（
                  {questions.map((x) => `第${x.no}题 ${result.markerQuestionScores[x.no] ?? '—'}`).join('，')}
                  ）
                </Descriptions.Item>
                <Descriptions.Item label="抽查分">
                  {result.leaderScore} 分（
                  {questions.map((x) => `第${x.no}题 ${result.leaderQuestionScores[x.no] ?? '—'}`).join('，')}
                  ）
                </Descriptions.Item>
              </Descriptions>
              <Space style={{ marginTop: 12 }}>
                <Popconfirm
                  title="打回这份试卷？"
                  description="原评分将被清除，试卷交由其他老师重评。"
                  okText="打回"
                  cancelText="取消"
                  onConfirm={() => remark.mutate(result.taskId)}
                >
                  <Button danger loading={remark.isPending}>
                    打回重评
                  </Button>
                </Popconfirm>
                <Button onClick={() => setResult(null)}>关闭</Button>
              </Space>
            </Card>
          )}
          <Card size="small" title={`阅卷老师（抽查比例 ${q.data?.spotPercent ?? 0}%）`}>
            <Table<SpotMarker>
              size="small"
              rowKey="userId"
              loading={q.isPending}
              dataSource={q.data?.markers ?? []}
              pagination={
                (q.data?.markers.length ?? 0) > 20 ? { pageSize: 20, showSizeChanger: false } : false
              }
              locale={{ emptyText: '这个题块还没有分配阅卷老师' }}
              columns={[
                { title: '阅卷老师', dataIndex: 'name' },
                { title: '已阅', dataIndex: 'done' },
                { title: '已抽查', dataIndex: 'checked' },
                { title: '待抽查', dataIndex: 'due' },
                {
                  title: '抽查偏差',
                  key: 'spot',
                  render: (_, m) => <DeviationText f={m.spot} limit={Number.POSITIVE_INFINITY} />,
                },
                {
                  title: '操作',
                  key: 'op',
                  render: (_, m) => (
                    <Button
                      size="small"
                      disabled={!!open || m.due <= 0}
                      onClick={() => claim.mutate(m.userId)}
                    >
                      抽查
                    </Button>
                  ),
                },
              ]}
            />
          </Card>
        </>
      )}
    </PageFrame>
  );
}
