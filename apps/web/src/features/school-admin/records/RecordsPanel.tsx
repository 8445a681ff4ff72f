import type { DynamicLogItem } from '@yj/contracts';
import { useQuery } from '@tanstack/react-query';
import { Tag, Typography, type TableColumnsType } from 'antd';
import dayjs from 'dayjs';
import { useMemo, useState } from 'react';
import { PanelError } from '../common/PanelError';
import { actionColor, actionLabel, summarizeRecord, type RecordLookup } from '../record-format';
import { classesQuery, recordsQuery } from '../school-admin.queries';
import { QueryTable } from '../../../components/QueryTable';

const PAGE_SIZE = 20;

/** 操作记录 card: who changed the school's people and classes, when, and what changed. */
export function RecordsPanel({ schoolId }: { schoolId: number }) {
  const [page, setPage] = useState(1);
  const [size, setSize] = useState(PAGE_SIZE);
  const records = useQuery(recordsQuery(schoolId, page, size));
  const classes = useQuery(classesQuery(schoolId));
  const look = useMemo<RecordLookup>(() => {
    const names = new Map((classes.data ?? []).map((c) => [c.id, c.name]));
    return { className: (id) => names.get(id) };
  }, [classes.data]);

  if (records.isError && !records.data)
    return <PanelError what="操作记录" error={records.error} onRetry={() => void records.refetch()} />;

  const columns: TableColumnsType<DynamicLogItem> = [
    {
      title: '时间',
      dataIndex: 'at',
      width: 170,
      render: (v: string) => dayjs(v).format('YYYY-MM-DD HH:mm:ss'),
    },
    {
      title: '操作人',
      dataIndex: 'userName',
      width: 120,
      render: (v: string | null) => v ?? <Typography.Text type="secondary">系统</Typography.Text>,
    },
    {
      title: '操作',
      dataIndex: 'action',
      width: 130,
      render: (a: string) => (
        <Tag color={actionColor(a)} variant="filled">
          {actionLabel(a)}
        </Tag>
      ),
    },
    { title: '内容', key: 'detail', render: (_v, r) => summarizeRecord(r.action, r.detail, look) || '—' },
  ];

  return (
    <QueryTable<DynamicLogItem>
      data-testid="records-panel"
      rowKey="id"
      size="middle"
      columns={columns}
      dataSource={records.data?.items ?? []}
      query={records}
      empty="还没有操作记录。新增、修改、删除或导入学生和老师后，会在这里留下记录。"
      pagination={{
        current: page,
        pageSize: size,
        total: records.data?.total ?? 0,
        showSizeChanger: true,
        pageSizeOptions: [20, 50, 100],
        showTotal: (t) => `共 ${t} 条记录`,
        onChange: (p, s) => {
          setPage(p);
          setSize(s);
        },
      }}
    />
  );
}
