import { SCHOOL_TYPE_LABELS, schoolTypeLabel, type MonitorSummary } from '@yj/contracts';
import { useQuery } from '@tanstack/react-query';
import { Card, Col, Row, Segmented, Select, Space, Table, Typography, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { QueryFailed } from '../exam-admin/QueryFailed';
import { monitorSummaryQuery } from './monitor.api';
import { controlName, pageName } from './page-names';

type PageRow = MonitorSummary['views'][number];

function viewColumns(days: string[]): TableColumnsType<PageRow> {
  return [
    {
      title: '页面',
      key: 'page',
      fixed: 'left',
      width: 220,
      render: (_, r) => (
        <Space orientation="vertical" size={0}>
          <Typography.Text>{pageName(r.page)}</Typography.Text>
          {pageName(r.page) !== r.page && (
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {r.page}
            </Typography.Text>
          )}
        </Space>
      ),
    },
    { title: '合计', dataIndex: 'total', width: 70, fixed: 'left' },
    ...days.map((d, i) => ({
      title: d.slice(5),
      key: d,
      width: 58,
      align: 'right' as const,
      render: (_: unknown, r: PageRow) =>
        r.perDay[i] || <Typography.Text type="secondary">0</Typography.Text>,
    })),
  ];
}

/**
 * 访问统计 (the page-static monitor's summary, for the system administrator): views of each page per day, the most
 * clicked controls, and both per school type. Counters only: nobody is named.
 */
export function MonitorSummaryView() {
  const [days, setDays] = useState(7);
  const [schoolType, setSchoolType] = useState<number | undefined>(undefined);
  const r = useQuery(monitorSummaryQuery(days, schoolType));
  if (r.isError && !r.data)
    return <QueryFailed title="访问统计加载失败" error={r.error} onRetry={() => void r.refetch()} />;
  const s = r.data;
  const typeOptions = Object.keys(SCHOOL_TYPE_LABELS)
    .map(Number)
    .sort((a, b) => a - b)
    .map((t) => ({ value: t, label: schoolTypeLabel(t) }));
  return (
    <Space orientation="vertical" size={16} style={{ width: '100%' }} data-testid="monitor-summary">
      <Card
        title="访问统计"
        extra={
          <Space>
            <Select<number | undefined>
              style={{ width: 200 }}
              value={schoolType}
              onChange={setSchoolType}
              allowClear
              placeholder="全部学校类型"
              options={typeOptions}
              aria-label="学校类型"
              data-testid="monitor-school-type"
            />
            <Segmented<number>
              value={days}
              onChange={setDays}
              options={[
                { label: '近 7 天', value: 7 },
                { label: '近 30 天', value: 30 },
              ]}
              data-track="monitor.days"
            />
          </Space>
        }
      >
        <Typography.Paragraph type="secondary" style={{ marginBottom: 0 }}>
          按页面、日期和学校类型计数的页面访问与按钮点击；不记录是谁访问，也不记录页面上的姓名、成绩等内容。
        </Typography.Paragraph>
      </Card>
      <Row gutter={16}>
        <Col span={10}>
          <Card title="按学校类型" size="small">
            <Table
              rowKey="schoolType"
              size="small"
              pagination={false}
              loading={r.isPending}
              dataSource={s?.schoolTypes}
              data-testid="monitor-school-types"
              locale={{ emptyText: '这段时间没有访问' }}
              columns={[
                { title: '学校类型', key: 't', render: (_, x) => schoolTypeLabel(x.schoolType) },
                { title: '页面访问', dataIndex: 'views', align: 'right' },
                { title: '按钮点击', dataIndex: 'clicks', align: 'right' },
              ]}
            />
          </Card>
        </Col>
        <Col span={14}>
          <Card title="点击最多的按钮" size="small">
            <Table
              rowKey={(x) => `${x.control}|${x.page}`}
              size="small"
              pagination={false}
              loading={r.isPending}
              dataSource={s?.clicks}
              data-testid="monitor-clicks"
              locale={{ emptyText: '这段时间没有点击' }}
              columns={[
                { title: '按钮', key: 'c', render: (_, x) => controlName(x.control) },
                { title: '所在页面', key: 'p', ellipsis: true, render: (_, x) => pageName(x.page) },
                { title: '点击次数', dataIndex: 'count', align: 'right', width: 90 },
              ]}
            />
          </Card>
        </Col>
      </Row>
      <Card title="每个页面每天的访问" size="small">
        <Table<PageRow>
          rowKey="page"
          size="small"
          loading={r.isPending}
          dataSource={s?.views}
          columns={viewColumns(s?.days ?? [])}
          scroll={{ x: 'max-content' }}
          // the server sends the 50 most visited pages: one list, no pages to turn
          pagination={false}
          data-testid="monitor-views"
          locale={{ emptyText: '这段时间没有访问' }}
        />
      </Card>
    </Space>
  );
}
