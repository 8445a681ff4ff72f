import type { BlockProgress, PaperSearchItem } from '@yj/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Card, Flex, Input, Table, Typography } from 'antd';
import { serverPages } from '../../components/paging';
import { useState } from 'react';
import { Link } from 'react-router';
import { subjectCrumbs } from '../exam-admin/ExamLoader';
import { PageFrame } from '../exam-admin/PageFrame';
import { QueryFailed } from '../exam-admin/QueryFailed';
import type { SubjectBundle } from '../exam-admin/SubjectLoader';
import { searchPapersQuery, subjectProgressQuery } from './lead.queries';
import { OverviewNav } from './OverviewNav';
import { blockProgressColumn } from '../../components/BlockProgressBar';

function StudentSearch({ subjectId }: { subjectId: number }) {
  const [draft, setDraft] = useState('');
  const [keyword, setKeyword] = useState('');
  const [page, setPage] = useState(1);
  const q = useQuery({
    ...searchPapersQuery(subjectId, keyword, page),
    enabled: keyword !== '',
    placeholderData: keepPreviousData,
  });
  const stu = (paperId: number) =>
    `/book/subject/${subjectId}/overview/check/checkStuPaper?paperId=${paperId}`;
  return (
    <Card size="small" title="按学生查看" data-testid="student-search">
      <Input.Search
        aria-label="考号或姓名"
        placeholder="输入考号或姓名"
        enterButton="查找"
        allowClear
        maxLength={50}
        style={{ maxWidth: 360, marginBottom: 12 }}
        value={draft}
        onChange={(e) => setDraft(e.target.value)}
        onSearch={(v) => {
          setKeyword(v.trim());
          setPage(1);
        }}
      />
      {keyword === '' ? (
        <Typography.Paragraph type="secondary">
          输入考号或姓名，查看该生试卷的各题块评分与阅卷老师。
        </Typography.Paragraph>
      ) : q.isError ? (
        <QueryFailed title="查找失败" error={q.error} onRetry={() => void q.refetch()} />
      ) : (
        <Table<PaperSearchItem>
          size="small"
          rowKey="paperId"
          loading={q.isFetching}
          dataSource={q.data?.items ?? []}
          locale={{ emptyText: '没有找到该考号或姓名的答题卡' }}
          pagination={serverPages(page, 20, q.data?.total, setPage)}
          columns={[
            { title: '考号', dataIndex: 'kaohao', render: (v: string | null) => v ?? '—' },
            { title: '姓名', dataIndex: 'name', render: (v: string | null) => v ?? '—' },
            { title: '班级', dataIndex: 'className', render: (v: string | null) => v ?? '—' },
            { title: '学校', dataIndex: 'schoolName' },
            {
              title: '操作',
              render: (_, r) => (
                <Link to={stu(r.paperId)} data-testid={`stu-${r.paperId}`}>
                  查看试卷
                </Link>
              ),
            },
          ]}
        />
      )}
    </Card>
  );
}

/** overview/blockOrStudent (the overview's default): choose a block to check, or find a student's paper. */
export function BlockOrStudentView({ subject, exam }: SubjectBundle) {
  const s = subject.subjectInfo;
  const blocks = useQuery(subjectProgressQuery(s.id));
  return (
    <PageFrame
      crumbs={subjectCrumbs(exam, s, { title: '阅卷总览' })}
      title={`${exam.name} · ${s.name} · 阅卷总览`}
      testId="overview"
      extra={<OverviewNav subjectId={s.id} here="blockOrStudent" />}
    >
      <Flex vertical gap={12}>
        <Card size="small" title="按题块查看">
          {blocks.isError ? (
            <QueryFailed title="题块加载失败" error={blocks.error} onRetry={() => void blocks.refetch()} />
          ) : (
            <Table<BlockProgress>
              size="small"
              rowKey="blockId"
              loading={blocks.isPending}
              dataSource={blocks.data ?? []}
              pagination={false}
              locale={{ emptyText: '您在这个科目没有可查看的题块' }}
              columns={[
                { title: '题块', dataIndex: 'blockName' },
                blockProgressColumn(240),
                { title: '问题卷', render: (_, b) => b.tasks.problem },
                { title: '待仲裁', render: (_, b) => b.arbitration.waiting },
                {
                  title: '操作',
                  render: (_, b) => (
                    <Flex gap={12}>
                      <Link
                        to={`/book/subject/${s.id}/overview/check/block/${b.blockId}`}
                        data-testid={`check-${b.blockId}`}
                      >
                        评阅明细
                      </Link>
                      <Link to={`/book/subject/${s.id}/overview/block/${b.blockId}`}>题块管理</Link>
                      <Link to={`/book/review/abnormal/blockview?subjectId=${s.id}&blockId=${b.blockId}`}>
                        问题卷
                      </Link>
                    </Flex>
                  ),
                },
              ]}
            />
          )}
        </Card>
        <StudentSearch subjectId={s.id} />
      </Flex>
    </PageFrame>
  );
}
