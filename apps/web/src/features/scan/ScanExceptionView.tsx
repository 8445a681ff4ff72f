import type { ScanExceptionItem } from '@yj/contracts';
import { useQueries, useQuery } from '@tanstack/react-query';
import { Alert, Badge, Button, Card, Col, Empty, Result, Row, Space, Table, Tag, Typography } from 'antd';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { PageFrame } from '../exam-admin/PageFrame';
import { QueryFailed } from '../exam-admin/QueryFailed';
import type { SubjectBundle } from '../exam-admin/SubjectLoader';
import { BlankPapersAction } from './BlankPapersAction';
import { CanScanProvider, useCanScan } from './can-scan';
import { ExceptionPanel } from './ExceptionPanel';
import { ObjectivePanel } from './ObjectivePanel';
import { countsQuery, exceptionsQuery, progressQuery } from './scan.queries';
import { BADGES, openTotal, RISK_LABELS, type Badge as BadgeDef } from './scan-logic';
import { scanCrumbs } from './scan-pages';

/** The open exceptions of one badge (its types together), oldest first. */
function useBadgeItems(subjectId: number, badge: BadgeDef) {
  const qs = useQueries({ queries: badge.types.map((t) => exceptionsQuery(subjectId, t)) });
  const items = qs.flatMap((q) => q.data?.items ?? []).sort((a, b) => a.id - b.id);
  return { items, pending: qs.some((q) => q.isPending), error: qs.find((q) => q.isError)?.error };
}

function BadgeList({ subjectId, examId, badge }: { subjectId: number; examId: number; badge: BadgeDef }) {
  const { items, pending } = useBadgeItems(subjectId, badge);
  const canScan = useCanScan();
  const [picked, setPicked] = useState<number | null>(null);
  if (badge.key === 'objExp') return <ObjectivePanel subjectId={subjectId} items={items} />;
  const current = items.find((x) => x.id === picked) ?? items[0];
  if (!pending && !current) return <Empty description={`没有${badge.label}`} />;
  const blankPages = canScan && items.some((x) => x.type === 'blank');
  return (
    <Row gutter={[16, 12]}>
      {blankPages && (
        <Col span={24}>
          <BlankPapersAction subjectId={subjectId} />
        </Col>
      )}
      <Col flex="300px">
        <Table<ScanExceptionItem>
          rowKey="id"
          size="small"
          loading={pending}
          dataSource={items}
          pagination={false}
          scroll={{ y: 640 }}
          onRow={(r) => ({ onClick: () => setPicked(r.id), style: { cursor: 'pointer' } })}
          rowClassName={(r) => (r.id === current?.id ? 'ant-table-row-selected' : '')}
          columns={[
            { title: '考号', dataIndex: 'kaohao', width: 110, render: (v: string | null) => v ?? '未识别' },
            { title: '原因', dataIndex: 'reason', ellipsis: true },
          ]}
        />
      </Col>
      <Col flex="auto" style={{ minWidth: 0 }}>
        {current && (
          <ExceptionPanel key={current.id} subjectId={subjectId} examId={examId} exceptionId={current.id} />
        )}
      </Col>
    </Row>
  );
}

/**
 * scan/scanException?subjectId=: badges with counts, risk items, and the screen of the chosen kind; read-only
 * for whom may see a scan but not change it (can-scan.ts).
 */
export function ScanExceptionView(b: SubjectBundle) {
  return (
    <CanScanProvider value={b.permission.scan}>
      <ExceptionScreen {...b} />
    </CanScanProvider>
  );
}

function ExceptionScreen({ subject, exam }: SubjectBundle) {
  const canScan = useCanScan();
  const info = subject.subjectInfo;
  const subjectId = info.id;
  const [params, setParams] = useSearchParams();
  const counts = useQuery({ ...countsQuery(subjectId), refetchInterval: 3000 });
  const progress = useQuery(progressQuery(subjectId));
  const c = counts.data;
  const chosen =
    BADGES.find((b) => b.key === params.get('type')) ?? BADGES.find((b) => c && c[b.key] > 0) ?? BADGES[0]!;
  const choose = (key: string) =>
    setParams(
      (p) => {
        p.set('type', key);
        return p;
      },
      { replace: true },
    );
  const queued = progress.data?.total.queued ?? 0;
  return (
    <PageFrame
      crumbs={scanCrumbs(exam, info, '识别异常')}
      title={`${exam.name} · ${info.name} · 识别异常处理`}
      extra={
        <Space>
          <Link to={`/book/missedExamDetail?subjectId=${subjectId}`}>
            <Button>缺扫名单</Button>
          </Link>
          <Link to={`/book/subject/${subjectId}/answerCard`}>
            <Button>{canScan ? '上传答题卡' : '扫描进度'}</Button>
          </Link>
        </Space>
      }
      testId="scan-exception"
    >
      {!canScan && (
        <Alert
          type="info"
          showIcon
          title="您可以查看识别异常和答题卡图像；处理异常需由本科目的扫描员、学科负责人或考试管理员进行。"
          data-testid="scan-read-only"
        />
      )}
      {counts.isError ? (
        <QueryFailed title="异常统计加载失败" error={counts.error} onRetry={() => void counts.refetch()} />
      ) : (
        <Card size="small" loading={!c}>
          {c && (
            <Space orientation="vertical" size={12} style={{ width: '100%' }}>
              <Space wrap size={8} data-testid="scan-badges">
                {BADGES.map((b) => (
                  <Button
                    key={b.key}
                    type={b.key === chosen.key ? 'primary' : 'default'}
                    onClick={() => choose(b.key)}
                    data-testid={`badge-${b.key}`}
                    data-count={c[b.key]}
                  >
                    {b.label}
                    <Badge
                      count={c[b.key]}
                      showZero
                      color={c[b.key] > 0 ? '#f5222d' : '#52c41a'}
                      style={{ marginInlineStart: 6 }}
                    />
                  </Button>
                ))}
              </Space>
              <Space wrap size={4}>
                <Typography.Text type="secondary">风险项：</Typography.Text>
                {Object.entries(RISK_LABELS).map(([k, label]) => {
                  const n = c.riskItems[k as keyof typeof RISK_LABELS];
                  return (
                    <Tag key={k} color={n > 0 ? 'warning' : 'default'} data-testid={`risk-${k}`}>
                      {label} {n}
                    </Tag>
                  );
                })}
                {queued > 0 && <Tag color="processing">还有 {queued} 页正在识别</Tag>}
              </Space>
            </Space>
          )}
        </Card>
      )}
      {c && openTotal(c) === 0 ? (
        <Card>
          <Result
            status="success"
            title="没有待处理的识别异常"
            subTitle={
              queued > 0
                ? `还有 ${queued} 页正在识别，完成后如有异常会出现在这里。`
                : '所有已识别的答题卡都已处理完毕。'
            }
            data-testid="no-exceptions"
            extra={
              <Link to={`/book/missedExamDetail?subjectId=${subjectId}`}>
                <Button type="primary">查看缺扫名单</Button>
              </Link>
            }
          />
        </Card>
      ) : (
        <BadgeList key={chosen.key} subjectId={subjectId} examId={exam.id} badge={chosen} />
      )}
    </PageFrame>
  );
}
