import type { MarkerProgress, MarkerQuality } from '@yj/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  App,
  Button,
  Card,
  Col,
  Popconfirm,
  Progress,
  Row,
  Select,
  Space,
  Statistic,
  Table,
  Tag,
  Typography,
} from 'antd';
import { useMemo, useState } from 'react';
import { Link } from 'react-router';
import { useOneAtATime } from '../../app/useOneAtATime';
import { subjectCrumbs } from '../exam-admin/ExamLoader';
import { PageFrame } from '../exam-admin/PageFrame';
import { QueryFailed } from '../exam-admin/QueryFailed';
import type { BlockBundle } from '../exam-admin/SubjectLoader';
import { EChart } from './EChart';
import { eta, num, pct, percent, speed } from './format';
import { qualityApi } from './quality.api';
import { blockMonitorQuery, blockQualityQuery, qualityKeys } from './quality.queries';
import { QualitySettingButton } from './QualitySettingButton';

function FlagTag({ m }: { m: MarkerQuality }) {
  if (!m.flag) return <Tag color="green">正常</Tag>;
  if (m.flag.state === 0) return <Tag>已放行</Tag>;
  return <Tag color="red">{m.flag.paused ? '已标记 · 暂停领取' : '已标记'}</Tag>;
}

/** qualityMonitorBlock: a block's live progress and each marker's 质检 figures, flagged markers first. */
export function QualityBlockView({ subject, exam, permission, blockId }: BlockBundle) {
  const s = subject.subjectInfo;
  const progress = useQuery(blockMonitorQuery(blockId));
  const quality = useQuery(blockQualityQuery(blockId));
  const [picked, setPicked] = useState<number | null>(null);
  const qc = useQueryClient();
  const { message } = App.useApp();
  const release = useOneAtATime({
    mutationFn: (userId: number) => qualityApi.release(blockId, userId),
    onSuccess: async () => {
      message.success('已放行，该老师可以继续阅卷');
      await qc.invalidateQueries({ queryKey: qualityKeys.block(blockId) });
    },
  });
  const p = progress.data;
  const q = quality.data;
  const shown = q?.markers.find((m) => m.userId === picked) ?? q?.markers[0];
  const bins = q?.bins.length ?? 10;
  const labels = useMemo(
    () =>
      Array.from({ length: bins }, (_, i) => {
        const w = (q?.fullScore ?? 0) / bins;
        return `${num(i * w, 1)}–${num((i + 1) * w, 1)}`;
      }),
    [bins, q?.fullScore],
  );
  const distribution = useMemo(
    () => ({
      tooltip: { trigger: 'axis', valueFormatter: (v: number) => `${Math.round(v * 1000) / 10}%` },
      legend: { top: 0 },
      grid: { left: 48, right: 16, top: 32, bottom: 32 },
      xAxis: { type: 'category', data: labels, name: '分数' },
      yAxis: { type: 'value', axisLabel: { formatter: (v: number) => `${Math.round(v * 100)}%` } },
      series: [
        { name: '题块', type: 'bar', data: q?.bins ?? [], itemStyle: { color: '#91caff' } },
        {
          name: shown ? shown.name : '老师',
          type: 'bar',
          data: shown?.bins ?? [],
          itemStyle: { color: shown?.flag?.state === 1 ? '#ff4d4f' : '#1677ff' },
        },
      ],
    }),
    [labels, q?.bins, shown],
  );
  const speedChart = useMemo(
    () => ({
      tooltip: { trigger: 'axis' },
      grid: { left: 48, right: 16, top: 24, bottom: 32 },
      xAxis: {
        type: 'category',
        data: (p?.speed ?? []).map((x) =>
          new Date(x.at).toLocaleTimeString('zh-CN', { hour: '2-digit', minute: '2-digit', hour12: false }),
        ),
      },
      yAxis: { type: 'value', name: '份/5分钟', minInterval: 1 },
      series: [
        {
          name: '评卷份数',
          type: 'line',
          smooth: true,
          areaStyle: {},
          data: (p?.speed ?? []).map((x) => x.marks),
        },
      ],
    }),
    [p?.speed],
  );
  const failed = progress.isError ? progress : quality.isError ? quality : null;
  return (
    <PageFrame
      crumbs={subjectCrumbs(exam, s, { title: '质量监控' })}
      title={`${s.name} · ${p?.blockName ?? q?.blockName ?? ''} · 质量监控`}
      testId="quality-block"
      extra={
        <Space>
          <Link to={`/book/qualityMonitorStudent?subjectId=${s.id}&blockId=${blockId}`}>
            <Button>按试卷查看双评差异</Button>
          </Link>
          <Link to={`/book/review/progress/all?subjectId=${s.id}`}>
            <Button>科目阅卷进度</Button>
          </Link>
          {permission.lead && q && (
            <QualitySettingButton blockId={blockId} limits={q.limits} pause={q.pause} />
          )}
        </Space>
      }
    >
      {failed ? (
        <QueryFailed title="质量监控加载失败" error={failed.error} onRetry={() => void failed.refetch()} />
      ) : (
        <>
          <Card size="small" loading={progress.isPending} data-testid="block-summary">
            {p && (
              <Row gutter={24}>
                <Col span={5}>
                  <Statistic title="已出分 / 试卷" value={p.done} suffix={`/ ${p.total}`} />
                  <Progress percent={percent(p.share)} size="small" />
                </Col>
                <Col span={5}>
                  <Statistic title="近10分钟速度" value={speed(p.recentPerHour)} />
                </Col>
                <Col span={5}>
                  <Statistic title="预计完成" value={eta(p.estimatedFinish, p.done, p.total)} />
                </Col>
                <Col span={5}>
                  <Statistic
                    title="双评一致率 / 仲裁率"
                    value={
                      p.double ? `${pct(p.double.agreement)} / ${pct(p.double.arbitrationRate)}` : '单评'
                    }
                  />
                </Col>
                <Col span={4}>
                  <Statistic
                    title="被标记老师"
                    value={p.flagged}
                    valueStyle={p.flagged ? { color: '#cf1322' } : undefined}
                  />
                </Col>
              </Row>
            )}
          </Card>
          <Row gutter={16}>
            <Col span={12}>
              <Card size="small" title="阅卷速度（最近2小时，每5分钟）">
                <EChart option={speedChart} testId="speed-chart" />
              </Card>
            </Col>
            <Col span={12}>
              <Card
                size="small"
                title="评分分布：老师与题块"
                extra={
                  <Select
                    size="small"
                    style={{ width: 160 }}
                    placeholder="选择老师"
                    value={shown?.userId}
                    onChange={setPicked}
                    options={(q?.markers ?? []).map((m) => ({ value: m.userId, label: m.name }))}
                  />
                }
              >
                <EChart option={distribution} testId="distribution-chart" />
              </Card>
            </Col>
          </Row>
          <Card
            size="small"
            title="阅卷老师质量"
            extra={
              q && (
                <Typography.Text type="secondary">
                  题块平均分 {num(q.mean)}，标准差 {num(q.sd)}，共 {q.n} 份
                </Typography.Text>
              )
            }
          >
            <Table<MarkerQuality>
              rowKey="userId"
              size="small"
              loading={quality.isPending}
              dataSource={q?.markers ?? []}
              pagination={(q?.markers.length ?? 0) > 50 ? { pageSize: 50 } : false}
              // 状态 and 操作 stay in sight on the right while the figures scroll (a 1366 px screen is too narrow)
              scroll={{ x: 'max-content' }}
              rowClassName={(m) => (m.flag?.state === 1 ? 'quality-flagged' : '')}
              onRow={(m) =>
                ({
                  style: m.flag?.state === 1 ? { background: '#fff1f0' } : undefined,
                  'data-testid': `quality-row-${m.userId}`,
                }) as React.HTMLAttributes<HTMLElement>
              }
              locale={{ emptyText: '还没有老师提交评分' }}
              columns={[
                { title: '老师', dataIndex: 'name', fixed: 'left', width: 100 },
                { title: '已评', dataIndex: 'n' },
                { title: '平均分', render: (_, m) => num(m.mean) },
                { title: '标准差', render: (_, m) => num(m.sd) },
                {
                  title: (
                    <>
                      与题块差
                      <br />
                      （标准差）
                    </>
                  ),
                  render: (_, m) => num(m.meanDiffSd),
                },
                { title: '零分率', render: (_, m) => pct(m.zeroShare) },
                { title: '满分率', render: (_, m) => pct(m.fullShare) },
                { title: '双评一致率', render: (_, m) => (m.agreement.n ? pct(m.agreement.within) : '—') },
                { title: '仲裁率', render: (_, m) => pct(m.arbitrationRate) },
                {
                  title: '标准卷偏差',
                  render: (_, m) => (m.standard.n ? `${num(m.standard.meanDiff)} 分` : '—'),
                },
                {
                  title: (
                    <>
                      评分漂移
                      <br />
                      （加权均值）
                    </>
                  ),
                  render: (_, m) => (m.drift.n ? `${num(m.drift.ewma)}（限 ±${num(m.drift.limit)}）` : '—'),
                },
                {
                  title: (
                    <>
                      一贯偏差
                      <br />
                      （有参照的评分）
                    </>
                  ),
                  render: (_, m) =>
                    m.bias.signal ? (
                      <Typography.Text type="danger" data-testid={`quality-bias-${m.userId}`}>
                        偏{m.bias.signal.direction === 'high' ? '高' : '低'}{' '}
                        {num(Math.abs(m.bias.signal.mean))} 分 （第 {m.bias.signal.t} 份起）
                      </Typography.Text>
                    ) : m.bias.n ? (
                      `正常（${m.bias.n} 份）`
                    ) : (
                      '—'
                    ),
                },
                {
                  title: '状态',
                  fixed: 'right',
                  width: 180,
                  render: (_, m) => (
                    <Space orientation="vertical" size={2}>
                      <FlagTag m={m} />
                      {m.flag && (
                        <Typography.Text
                          type="secondary"
                          style={{ fontSize: 12 }}
                          data-testid={`quality-flag-at-${m.userId}`}
                        >
                          评完 {m.flag.atDone} 份后标记
                          {m.flag.atEvidence ? `（依据 ${m.flag.atEvidence} 份有参照的评分）` : ''}
                        </Typography.Text>
                      )}
                      {m.flag?.state === 1 &&
                        m.flag.reasons.map((r) => (
                          <Typography.Text key={r} type="danger" style={{ fontSize: 12 }}>
                            {r}
                          </Typography.Text>
                        ))}
                    </Space>
                  ),
                },
                ...(permission.lead
                  ? [
                      {
                        title: '操作',
                        fixed: 'right' as const,
                        width: 72,
                        render: (_: unknown, m: MarkerQuality) =>
                          m.flag?.state === 1 ? (
                            <Popconfirm
                              title={`放行${m.name}？`}
                              description="放行后该老师可以继续领取试卷，之后的评分仍会被监控。"
                              okText="放行"
                              cancelText="取消"
                              onConfirm={() => release.mutateAsync(m.userId)}
                            >
                              <Button size="small" type="link">
                                放行
                              </Button>
                            </Popconfirm>
                          ) : null,
                      },
                    ]
                  : []),
              ]}
            />
          </Card>
          <Card size="small" title="阅卷老师进度">
            <Table<MarkerProgress>
              rowKey="userId"
              size="small"
              loading={progress.isPending}
              dataSource={p?.markers ?? []}
              pagination={(p?.markers.length ?? 0) > 50 ? { pageSize: 50 } : false}
              locale={{ emptyText: '这个题块还没有阅卷老师' }}
              columns={[
                {
                  title: '老师',
                  render: (_, m) =>
                    m.flagged ? (
                      <Space>
                        {m.name}
                        <Tag color="red">已标记</Tag>
                      </Space>
                    ) : (
                      m.name
                    ),
                },
                { title: '已评', dataIndex: 'done' },
                { title: '剩余', render: (_, m) => m.remaining ?? '—' },
                { title: '近10分钟', render: (_, m) => speed(m.recentPerHour) },
                { title: '平均速度', render: (_, m) => speed(m.overallPerHour) },
                {
                  title: '预计完成',
                  render: (_, m) => (m.remaining === null ? '—' : eta(m.estimatedFinish, m.done, m.total)),
                },
              ]}
            />
          </Card>
        </>
      )}
    </PageFrame>
  );
}
