import {
  EXPORT_KIND_LABELS,
  EXPORT_STATUS_LABELS,
  type ExportStatus,
  type ExportTaskItem,
} from '@yj/contracts';
import { useQuery } from '@tanstack/react-query';
import { Card, Progress, Table, Tag, Tooltip, Typography, type TableColumnsType } from 'antd';
import { serverPages } from '../../components/paging';
import { useState } from 'react';
import { QueryFailed } from '../exam-admin/QueryFailed';
import { centerQuery, fileUrl } from './export.api';

const STATUS_COLOR: Record<ExportStatus, string> = {
  pending: 'default',
  running: 'processing',
  done: 'success',
  failed: 'error',
  expired: 'default',
};

const time = (iso: string | null) =>
  iso
    ? new Date(iso).toLocaleString('zh-CN', {
        hour12: false,
        year: 'numeric',
        month: '2-digit',
        day: '2-digit',
        hour: '2-digit',
        minute: '2-digit',
      })
    : '—';

/** A file size in the unit people read: 字节, KB, MB. */
export function fileSize(bytes: number | null): string {
  if (bytes === null) return '—';
  if (bytes < 1024) return `${bytes} 字节`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

const columns: TableColumnsType<ExportTaskItem> = [
  { title: '文件', dataIndex: 'fileName', ellipsis: true, width: 210 },
  { title: '类型', key: 'kind', width: 100, render: (_, t) => EXPORT_KIND_LABELS[t.kind] },
  {
    title: '考试 / 科目',
    key: 'target',
    ellipsis: true,
    width: 170,
    render: (_, t) => (t.subjectName ? `${t.examName} · ${t.subjectName}` : t.examName),
  },
  { title: '申请人', dataIndex: 'userName', width: 80 },
  {
    title: '状态',
    key: 'status',
    width: 140,
    render: (_, t) =>
      t.status === 'pending' || t.status === 'running' ? (
        <Progress percent={t.progress} size="small" status="active" data-testid={`progress-${t.id}`} />
      ) : (
        <Tooltip title={t.error}>
          <Tag color={STATUS_COLOR[t.status]} data-testid={`status-${t.id}`}>
            {EXPORT_STATUS_LABELS[t.status]}
          </Tag>
        </Tooltip>
      ),
  },
  { title: '行数', dataIndex: 'rows', width: 70, render: (v: number | null) => v ?? '—' },
  { title: '大小', key: 'size', width: 80, render: (_, t) => fileSize(t.size) },
  {
    title: '创建 / 有效期至',
    key: 'time',
    width: 150,
    render: (_, t) => (
      <>
        <div>{time(t.createdAt)}</div>
        <Typography.Text type="secondary" data-testid={`expiry-${t.id}`}>
          {t.status === 'expired' ? '已过期' : time(t.expiresAt)}
        </Typography.Text>
      </>
    ),
  },
  {
    title: '操作',
    key: 'actions',
    fixed: 'right',
    width: 60,
    render: (_, t) =>
      t.status === 'done' ? (
        <Typography.Link href={fileUrl(t.id)} download={t.fileName} data-testid={`download-${t.id}`}>
          下载
        </Typography.Link>
      ) : null,
  },
];

/** download/center: the user's export tasks, their progress live, the file while it is kept. */
export function DownloadCenterView() {
  const [page, setPage] = useState(1);
  const size = 20;
  const r = useQuery(centerQuery(page, size));
  if (r.isError && !r.data)
    return <QueryFailed title="下载任务加载失败" error={r.error} onRetry={() => void r.refetch()} />;
  return (
    <Card title="下载中心" data-testid="download-center" extra="文件生成后保留 7 天，过期后请重新导出">
      <Table<ExportTaskItem>
        rowKey="id"
        size="small"
        loading={r.isPending}
        dataSource={r.data?.items}
        columns={columns}
        scroll={{ x: 'max-content' }}
        locale={{ emptyText: '还没有导出任务：在成绩页面点击“导出”后，文件会出现在这里' }}
        pagination={serverPages(page, size, r.data?.total, setPage)}
      />
    </Card>
  );
}
