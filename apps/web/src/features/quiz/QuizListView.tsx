import { PlusOutlined } from '@ant-design/icons';
import { SUBJECT_STATUS_LABELS, type QuizRow, type UserProfile } from '@yj/contracts';
import { useQuery } from '@tanstack/react-query';
import { Button, Card, Empty, Input, Table, Tabs, Tag, Typography } from 'antd';
import { useState } from 'react';
import { Link } from 'react-router';
import { serverPages } from '../../components/paging';
import { homeCrumbs, PageFrame } from '../exam-admin/PageFrame';
import { QueryFailed } from '../exam-admin/QueryFailed';
import { quizListQuery } from './quiz.api';
import { QuizTrendTab } from './QuizTrendTab';

const PAGE_SIZE = 10;

/**
 * /book/quiz: the teacher's 课堂小测 (a school administrator: every quiz of the school, without 新建 unless they
 * teach too), apart from the exams, newest first, searchable by name.
 */
export function QuizListView({ user }: { user: UserProfile }) {
  const [page, setPage] = useState(1);
  const [keyword, setKeyword] = useState('');
  const list = useQuery({ ...quizListQuery(page, PAGE_SIZE, keyword), meta: { silent: true } });
  const mayCreate = user.held.includes('quiz.create');
  const create = mayCreate ? (
    <Link to="/book/quiz/create">
      <Button type="primary" icon={<PlusOutlined />} data-testid="quiz-create-link">
        新建小测
      </Button>
    </Link>
  ) : null;
  const columns = [
    {
      title: '小测名称',
      key: 'name',
      render: (_: unknown, r: QuizRow) => <Link to={`/book/quiz/${r.examId}`}>{r.name}</Link>,
    },
    { title: '学科', dataIndex: 'course', key: 'course' },
    { title: '班级', key: 'classes', render: (_: unknown, r: QuizRow) => r.classNames.join('、') },
    { title: '人数', dataIndex: 'students', key: 'students' },
    {
      title: '状态',
      key: 'status',
      render: (_: unknown, r: QuizRow) => <Tag>{SUBJECT_STATUS_LABELS[r.status] ?? '—'}</Tag>,
    },
    { title: '创建时间', key: 'createdAt', render: (_: unknown, r: QuizRow) => r.createdAt.slice(0, 10) },
  ];
  const quizzes = (
    <>
      <Input.Search
        allowClear
        placeholder="按小测名称搜索"
        style={{ maxWidth: 320, marginBottom: 16 }}
        onSearch={(v) => {
          setKeyword(v.trim());
          setPage(1);
        }}
      />
      {list.isError && !list.data ? (
        <QueryFailed title="小测列表加载失败" error={list.error} onRetry={() => void list.refetch()} />
      ) : (
        <Table<QuizRow>
          rowKey="examId"
          data-testid="quiz-table"
          columns={columns}
          dataSource={list.data?.items ?? []}
          loading={list.isFetching}
          locale={{
            emptyText: list.isPending ? (
              ' '
            ) : (
              <Empty
                description={
                  <Typography.Text type="secondary">
                    {keyword
                      ? '没有符合条件的小测'
                      : mayCreate
                        ? '还没有课堂小测。新建一次小测，一分钟内即可打印答题卡。'
                        : '本校还没有课堂小测。'}
                  </Typography.Text>
                }
              />
            ),
          }}
          pagination={serverPages(page, PAGE_SIZE, list.data?.total, setPage, {
            hideOnSinglePage: false,
            showTotal: (t) => `共 ${t} 次小测`,
          })}
        />
      )}
    </>
  );
  return (
    <PageFrame
      crumbs={homeCrumbs({ title: '课堂小测' })}
      title="课堂小测"
      extra={create}
      testId="quiz-list-page"
    >
      <Card>
        <Tabs
          data-testid="quiz-tabs"
          items={[
            { key: 'list', label: '小测列表', children: quizzes },
            { key: 'trend', label: '学情趋势', children: <QuizTrendTab /> },
          ]}
        />
      </Card>
    </PageFrame>
  );
}
