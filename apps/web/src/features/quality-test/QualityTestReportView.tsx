import {
  biasText,
  flagText,
  qualityTestReportTable,
  voidedText,
  type QualityTestReportMarker,
  type ReportCell,
} from '@yj/contracts';
import { useQuery } from '@tanstack/react-query';
import { Card, Descriptions, Empty, Select, Space, Table, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import { subjectCrumbs } from '../exam-admin/ExamLoader';
import { PageFrame } from '../exam-admin/PageFrame';
import { QueryFailed } from '../exam-admin/QueryFailed';
import type { SubjectBundle } from '../exam-admin/SubjectLoader';
import { EChart } from '../quality/EChart';
import { progressQuery, qualityTestApi, reportQuery } from './qualityTest.api';
import { DownloadButton } from '../school-admin/DownloadButton';

interface Row {
  key: number;
  cells: ReportCell[];
}

const side = (d: 'high' | 'low') => (d === 'high' ? '高' : '低');

/** The chosen marker's drift, bias, flag and voided records in words, above their chart. */
function MarkerSummary({ m }: { m: QualityTestReportMarker }) {
  const voided = voidedText(m.voided);
  return (
    <Descriptions size="small" column={1} data-testid="quality-marker-summary" style={{ marginBottom: 8 }}>
      <Descriptions.Item label="漂移">
        {m.driftSignal ? (
          <Typography.Text type="danger">
            第 {m.driftSignal.t} 次起持续偏{side(m.driftSignal.direction)}
          </Typography.Text>
        ) : (
          '正常'
        )}
      </Descriptions.Item>
      <Descriptions.Item label="一贯偏差">
        <Typography.Text type={m.bias.signal ? 'danger' : undefined}>{biasText(m.bias)}</Typography.Text>
      </Descriptions.Item>
      <Descriptions.Item label="标记">
        <Typography.Text type={m.flag?.state === 1 ? 'danger' : undefined}>
          {flagText(m.flag)}
        </Typography.Text>
      </Descriptions.Item>
      {voided !== '无' && (
        <Descriptions.Item label="重置阅卷作废">
          <Typography.Text type="warning">{voided}</Typography.Text>
        </Descriptions.Item>
      )}
    </Descriptions>
  );
}

/** quality-test/report: per marker of a block every 质检 figure, the drift chart, and the table as Excel. */
export function QualityTestReportView({
  subject,
  exam,
  blockId,
}: SubjectBundle & { blockId: number | null }) {
  const s = subject.subjectInfo;
  const navigate = useNavigate();
  const blocks = useQuery(progressQuery(s.id));
  const chosen = blockId ?? blocks.data?.blocks[0]?.blockId ?? null;
  const q = useQuery({ ...reportQuery(chosen ?? 0), enabled: chosen !== null });
  const [picked, setPicked] = useState<number | null>(null);
  const table = useMemo(() => (q.data ? qualityTestReportTable(q.data) : null), [q.data]);
  const shown = q.data?.markers.find((m) => m.userId === picked) ?? q.data?.markers[0];
  const chart = useMemo(
    () => ({
      // redrawn on every poll: no animation replaying the line
      animation: false,
      tooltip: { trigger: 'axis' },
      legend: { top: 0 },
      grid: { left: 48, right: 16, top: 32, bottom: 32 },
      xAxis: { type: 'category', name: '次', data: (shown?.drift ?? []).map((x) => x.t) },
      yAxis: { type: 'value', name: '加权均值' },
      series: [
        { name: '偏差加权均值', type: 'line', data: (shown?.drift ?? []).map((x) => x.ewma) },
        {
          name: '控制上限',
          type: 'line',
          lineStyle: { type: 'dashed', color: '#ff4d4f' },
          itemStyle: { color: '#ff4d4f' },
          showSymbol: false,
          data: (shown?.drift ?? []).map((x) => x.limit),
        },
        {
          name: '控制下限',
          type: 'line',
          lineStyle: { type: 'dashed', color: '#ff4d4f' },
          itemStyle: { color: '#ff4d4f' },
          showSymbol: false,
          data: (shown?.drift ?? []).map((x) => -x.limit),
        },
      ],
    }),
    [shown],
  );
  const failed = blocks.isError ? blocks : q.isError ? q : null;
  return (
    <PageFrame
      crumbs={subjectCrumbs(exam, s, { title: '质检报告' })}
      title={`${s.name} · 质检报告`}
      testId="quality-test-report"
      extra={
        <Space>
          <Select
            style={{ width: 200 }}
            placeholder="选择题块"
            aria-label="题块"
            value={chosen ?? undefined}
            onChange={(id: number) => navigate(`/book/quality-test/report?subjectId=${s.id}&blockId=${id}`)}
            options={(blocks.data?.blocks ?? []).map((b) => ({ value: b.blockId, label: b.blockName }))}
          />
          <DownloadButton
            disabled={!table?.rows.length}
            path={chosen === null || !table ? null : qualityTestApi.exportPath(chosen)}
            fileName={`${table?.title ?? ''}.xlsx`}
          >
            导出 Excel
          </DownloadButton>
        </Space>
      }
    >
      {failed ? (
        <QueryFailed title="质检报告加载失败" error={failed.error} onRetry={() => void failed.refetch()} />
      ) : blocks.data && chosen === null ? (
        <Card>
          <Empty description="本科目还没有您可查看的题块" />
        </Card>
      ) : (
        <>
          <Card
            size="small"
            title={table?.title ?? '质检报告'}
            loading={!table}
            extra={
              q.data && (
                <Typography.Text type="secondary">
                  偏差 = 老师给分 − 参照分（标准卷参考分 / 第一次给分 / 题组长抽查分），偏差上限{' '}
                  {q.data.maxDeviation}{' '}
                  分；漂移与一贯偏差只看有参照的评分（标准卷、双评、抽查），自评另计；重置阅卷作废的记录单列
                </Typography.Text>
              )
            }
          >
            {table && (
              <Table<Row>
                size="small"
                rowKey="key"
                data-testid="quality-test-report-table"
                dataSource={table.rows.map((cells, key) => ({ key, cells }))}
                pagination={table.rows.length > 50 ? { pageSize: 50, showSizeChanger: false } : false}
                scroll={{ x: 'max-content' }}
                locale={{ emptyText: '这个题块还没有老师阅卷' }}
                columns={table.headers.map((h, i) => ({
                  title: h,
                  key: h,
                  fixed: i === 0 ? ('left' as const) : undefined,
                  render: (_: unknown, r: Row) => r.cells[i],
                }))}
              />
            )}
          </Card>
          <Card
            size="small"
            title="评分漂移（有参照的评分偏差的指数加权均值，超出控制线即持续偏高或偏低）"
            extra={
              <Select
                size="small"
                style={{ width: 160 }}
                placeholder="选择老师"
                aria-label="漂移老师"
                value={shown?.userId}
                onChange={setPicked}
                options={(q.data?.markers ?? []).map((m) => ({ value: m.userId, label: m.name }))}
              />
            }
          >
            {shown && <MarkerSummary m={shown} />}
            {shown?.drift.length ? (
              <EChart option={chart} testId="drift-chart" />
            ) : (
              <Empty description="这位老师还没有有参照的评分（标准卷、双评或抽查）" />
            )}
          </Card>
        </>
      )}
    </PageFrame>
  );
}
