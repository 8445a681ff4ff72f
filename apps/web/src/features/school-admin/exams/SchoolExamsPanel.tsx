import { EXAM_TYPE_LABELS, type ExamListItem } from '@yj/contracts';
import { useQuery } from '@tanstack/react-query';
import { Input, Space, Tag, Typography, type TableColumnsType } from 'antd';
import { serverPages } from '../../../components/paging';
import dayjs from 'dayjs';
import { useState } from 'react';
import { Link } from 'react-router';
import { PanelError } from '../common/PanelError';
import { schoolExamsQuery } from '../school-admin.queries';
import { QueryTable } from '../../../components/QueryTable';

const PAGE_SIZE = 10;

const columns: TableColumnsType<ExamListItem> = [
  {
    title: '考试名称',
    dataIndex: 'name',
    render: (v: string, e) => (
      <Link to={`/book/exam/${e.id}`}>
        <Typography.Text strong style={{ color: 'inherit' }}>
          {v}
        </Typography.Text>
      </Link>
    ),
  },
  {
    title: '类型',
    dataIndex: 'type',
    width: 100,
    render: (t: number) => <Tag>{EXAM_TYPE_LABELS[t] ?? '其他'}</Tag>,
  },
  { title: '年级', dataIndex: 'gradeName', width: 90, render: (v: string | null) => v ?? '—' },
  {
    title: '开考日期',
    dataIndex: 'startDate',
    width: 120,
    render: (v: string | null) => (v ? dayjs(v).format('YYYY-MM-DD') : '未定'),
  },
  {
    title: '科目',
    dataIndex: 'subjects',
    render: (s: ExamListItem['subjects']) => (
      <Space size={[4, 4]} wrap>
        {s.map((x) => (
          <Tag key={x.id} variant="filled" color="geekblue">
            {x.name}
          </Tag>
        ))}
      </Space>
    ),
  },
  { title: '考生', dataIndex: 'examinees', width: 80, align: 'right', render: (n: number) => `${n} 人` },
];

/** 本校考试 (selectedExam card): a read-only list; each exam opens its own detail screen. */
export function SchoolExamsPanel({ schoolId }: { schoolId: number }) {
  const [page, setPage] = useState(1);
  const [draft, setDraft] = useState('');
  const [keyword, setKeyword] = useState('');
  const exams = useQuery(schoolExamsQuery(schoolId, page, PAGE_SIZE, keyword));
  if (exams.isError && !exams.data)
    return <PanelError what="考试列表" error={exams.error} onRetry={() => void exams.refetch()} />;
  return (
    <div data-testid="exams-panel">
      <div style={{ marginBottom: 16 }}>
        <Input.Search
          allowClear
          placeholder="搜索考试名称"
          style={{ width: 260 }}
          value={draft}
          maxLength={50}
          onChange={(e) => setDraft(e.target.value)}
          onSearch={(v) => {
            setKeyword(v.trim());
            setPage(1);
          }}
        />
      </div>
      <QueryTable<ExamListItem>
        rowKey="id"
        size="middle"
        columns={columns}
        dataSource={exams.data?.items ?? []}
        query={exams}
        empty={
          keyword
            ? `没有名称包含“${keyword}”的考试`
            : '本校还没有考试。在“考试管理”中创建考试后，会在这里列出。'
        }
        pagination={serverPages(page, PAGE_SIZE, exams.data?.total, setPage, {
          showTotal: (t) => `共 ${t} 场考试`,
        })}
      />
    </div>
  );
}
