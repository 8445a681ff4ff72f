import {
  TASK_KIND_LABELS,
  TASK_STATUS_LABELS,
  type TaskItem,
  type TaskScope,
  type TaskStatus,
} from '@yj/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Card, Progress, Segmented, Space, Table, Tag, Typography, type TableColumnsType } from 'antd';
import dayjs from 'dayjs';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { serverPages } from '../../components/paging';
import { useCurrentUser } from '../auth/current-user-context';
import { QueryFailed } from '../exam-admin/QueryFailed';
import { fileUrl } from '../export/export.api';
import { taskKeys, taskListQuery } from './tasks.api';

const STATUS_COLOR: Record<TaskStatus, string> = {
  queued: 'default',
  running: 'processing',
  done: 'success',
  failed: 'error',
  expired: 'default',
};

const time = (iso: string | null) => (iso ? dayjs(iso).format('MM-DD HH:mm') : '—');

/** Where a task's result is handled: its file, the scan page's 识别异常, the block's 智能辅助. */
function ResultAction({ t }: { t: TaskItem }) {
  if (t.downloadable)
    return (
      <Typography.Link href={fileUrl(t.id)} data-track="task.download" data-testid={`task-download-${t.key}`}>
        下载
      </Typography.Link>
    );
  if (t.kind === 'recognition' && t.subjectId && t.problem)
    return (
      <Link
        to={`/book/subject/${t.subjectId}/answerCard`}
        data-track="task.handle"
        data-testid={`task-go-${t.key}`}
      >
        去处理
      </Link>
    );
  if (t.kind === 'intelligent' && t.subjectId)
    return (
      <Link
        to={`/book/subject/${t.subjectId}/setting/intelligent`}
        data-track="task.handle"
        data-testid={`task-go-${t.key}`}
      >
        {t.status === 'failed' ? '重新检测' : '查看'}
      </Link>
    );
  if (t.kind === 'export' && (t.status === 'failed' || t.status === 'expired'))
    return <Link to="/book/download/center">下载中心</Link>;
  return null;
}

function columns(school: boolean): TableColumnsType<TaskItem> {
  return [
    {
      title: '任务',
      key: 'title',
      width: 190,
      render: (_, t) => (
        <Space orientation="vertical" size={0}>
          <Typography.Text strong>{t.title}</Typography.Text>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {TASK_KIND_LABELS[t.kind]}
          </Typography.Text>
        </Space>
      ),
    },
    {
      title: '考试 / 科目',
      key: 'target',
      ellipsis: true,
      width: 180,
      render: (_, t) => (t.subjectName ? `${t.examName} · ${t.subjectName}` : t.examName),
    },
    ...(school ? [{ title: '发起人', dataIndex: 'userName', width: 90 }] : []),
    {
      title: '状态',
      key: 'status',
      width: 150,
      render: (_, t) =>
        t.status === 'queued' || t.status === 'running' ? (
          <Progress
            percent={t.progress}
            size="small"
            status="active"
            data-testid={`task-progress-${t.key}`}
          />
        ) : (
          <Tag color={STATUS_COLOR[t.status]} data-testid={`task-status-${t.key}`}>
            {TASK_STATUS_LABELS[t.status]}
          </Tag>
        ),
    },
    {
      title: '进度与说明',
      key: 'detail',
      // a failure's explanation wraps inside the column: the time and the action stay on screen at 1366
      width: 320,
      render: (_, t) => (
        <Space orientation="vertical" size={2} data-testid={`task-detail-${t.key}`}>
          {t.detail && <Typography.Text>{t.detail}</Typography.Text>}
          {t.problem && (
            <Typography.Text type={t.status === 'failed' ? 'danger' : 'warning'}>{t.problem}</Typography.Text>
          )}
        </Space>
      ),
    },
    {
      title: '开始 / 完成',
      key: 'time',
      width: 110,
      render: (_, t) => (
        <>
          <div>{time(t.createdAt)}</div>
          <Typography.Text type="secondary">{time(t.finishedAt)}</Typography.Text>
        </>
      ),
    },
    {
      title: '操作',
      key: 'action',
      width: 80,
      fixed: 'right',
      render: (_, t) => <ResultAction t={t} />,
    },
  ];
}

/**
 * 我的任务 (offline/task, task_info): the exports, recognition and 智能辅助 runs the person started, their progress
 * live, the result where it is, and a failure said in words; a school's administrator may list the school's.
 */
export function TaskListView() {
  const user = useCurrentUser();
  const mayList = user.isSchoolAdmin || user.isAdmin;
  const [scope, setScope] = useState<TaskScope>('mine');
  const [page, setPage] = useState(1);
  const size = 20;
  const r = useQuery(taskListQuery(scope, page, size));
  const queryClient = useQueryClient();
  // the header's count follows what this list just read: a task seen finishing here is no longer counted there
  useEffect(() => {
    void queryClient.invalidateQueries({ queryKey: taskKeys.count });
  }, [r.data, queryClient]);
  if (r.isError && !r.data)
    return <QueryFailed title="任务加载失败" error={r.error} onRetry={() => void r.refetch()} />;
  return (
    <Card
      title="我的任务"
      data-testid="task-list"
      extra={
        mayList ? (
          <Segmented<TaskScope>
            value={scope}
            onChange={(v) => {
              setScope(v);
              setPage(1);
            }}
            options={[
              { label: '我发起的', value: 'mine' },
              { label: '全校任务', value: 'school' },
            ]}
            data-track="task.scope"
          />
        ) : (
          <Typography.Text type="secondary">导出、识别和智能辅助等后台任务</Typography.Text>
        )
      }
    >
      <Table<TaskItem>
        rowKey="key"
        size="small"
        loading={r.isPending}
        dataSource={r.data?.items}
        columns={columns(scope === 'school')}
        scroll={{ x: 1040 }}
        locale={{
          emptyText: '还没有后台任务：导出成绩、上传答题卡识别、智能辅助检测后，进度和结果会出现在这里',
        }}
        pagination={serverPages(page, size, r.data?.total, setPage, { showTotal: (n) => `共 ${n} 个任务` })}
      />
    </Card>
  );
}
