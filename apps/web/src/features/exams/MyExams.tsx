import {
  EXAM_ROLE_LABELS,
  EXAM_TYPE_LABELS,
  type ExamRoleValue,
  type HomeExam,
  type UserProfile,
} from '@yj/contracts';
import { useQuery } from '@tanstack/react-query';
import { Button, Card, Input, Result, Space, Table, Tag, Typography, type TableColumnsType } from 'antd';
import { serverPages } from '../../components/paging';
import dayjs from 'dayjs';
import { useState } from 'react';
import { Link } from 'react-router';
import { useReloadView } from '../../app/shell/reload-view';
import { isRecord } from '../../api/errors';
import { ExamsEmpty } from './ExamsEmpty';
import { HOME_PAGE_SIZE, homeExamsQuery } from './useHomeExams';

/** Why the list failed, in words a teacher can pass on (with the trace id when the server gave one). */
function failureHint(error: unknown): string {
  const env = isRecord(error) && isRecord(error.data) && !('message' in error) ? error.data : error;
  const traceId = isRecord(env) && typeof env.traceId === 'string' ? env.traceId : null;
  const base = '可能是网络不稳定或服务器繁忙，请稍后重新加载。';
  return traceId ? `${base}如果问题持续，请把错误编号 ${traceId} 告诉学校管理员。` : base;
}

const columns: TableColumnsType<HomeExam> = [
  {
    title: '考试名称',
    dataIndex: 'name',
    render: (name: string, e: HomeExam) => (
      <Link to={`/book/exam/${e.id}`}>
        <Typography.Text strong style={{ color: 'inherit' }}>
          {name}
        </Typography.Text>
      </Link>
    ),
  },
  {
    title: '类型',
    dataIndex: 'type',
    width: 110,
    render: (t: number) => <Tag>{EXAM_TYPE_LABELS[t] ?? '其他'}</Tag>,
  },
  { title: '年级', dataIndex: 'gradeName', width: 100, render: (v: string | null) => v ?? '—' },
  {
    title: '学校',
    dataIndex: 'schoolName',
    width: 180,
    ellipsis: true,
    render: (v: string | null) => v ?? '—',
  },
  {
    title: '开考日期',
    dataIndex: 'startDate',
    width: 120,
    render: (v: string | null) => (v ? dayjs(v).format('YYYY-MM-DD') : '未定'),
  },
  {
    title: '我的角色',
    dataIndex: 'roles',
    width: 220,
    render: (roles: number[]) =>
      roles.length ? (
        <Space size={[4, 4]} wrap>
          {roles.map((r) => (
            <Tag key={r} color="geekblue" variant="filled">
              {EXAM_ROLE_LABELS[r as ExamRoleValue] ?? `角色 ${r}`}
            </Tag>
          ))}
        </Space>
      ) : (
        <Typography.Text type="secondary">—</Typography.Text>
      ),
  },
];

/** 我的考试: the exams the user takes part in, searchable and paged by the server. */
export function MyExams({ user }: { user: UserProfile }) {
  const [page, setPage] = useState(1);
  const [draft, setDraft] = useState('');
  const [keyword, setKeyword] = useState('');
  const exams = useQuery(homeExamsQuery({ page, size: HOME_PAGE_SIZE, keyword }));
  const reloadView = useReloadView();

  const search = (
    <Input.Search
      allowClear
      placeholder="搜索考试名称"
      maxLength={50}
      style={{ width: 260 }}
      value={draft}
      onChange={(e) => setDraft(e.target.value)}
      onSearch={(v) => {
        setKeyword(v.trim());
        setPage(1);
      }}
    />
  );

  let body;
  if (exams.isError && !exams.data) {
    body = (
      <Result
        status="warning"
        title="考试列表加载失败"
        subTitle={failureHint(exams.error)}
        extra={<Button onClick={reloadView}>重新加载</Button>}
      />
    );
  } else if (exams.data && exams.data.total === 0) {
    body = (
      <ExamsEmpty
        user={user}
        keyword={keyword}
        onClearSearch={() => {
          setDraft('');
          setKeyword('');
          setPage(1);
        }}
      />
    );
  } else {
    body = (
      <Table<HomeExam>
        rowKey="id"
        columns={columns}
        dataSource={exams.data?.items ?? []}
        loading={exams.isFetching}
        pagination={serverPages(page, HOME_PAGE_SIZE, exams.data?.total, setPage, {
          showTotal: (t) => `共 ${t} 场考试`,
        })}
      />
    );
  }

  return (
    <Card title="我的考试" extra={search} data-testid="my-exams">
      {body}
    </Card>
  );
}
