import type { ExamDetail, SchoolScanProgress, SubjectScanProgress } from '@yj/contracts';
import { useQuery } from '@tanstack/react-query';
import { Card, Progress, Table, Tag } from 'antd';
import { Link } from 'react-router';
import { examCrumbs } from '../exam-admin/ExamLoader';
import { PageFrame } from '../exam-admin/PageFrame';
import { QueryFailed } from '../exam-admin/QueryFailed';
import { examProgressQuery, schoolProgressQuery } from './scan.queries';
import { batchPercent } from './scan-logic';

/** exam/{examId}/allscan: scan progress of every subject of the exam. */
export function AllScanView({ exam }: { exam: ExamDetail }) {
  const q = useQuery(examProgressQuery(exam.id));
  return (
    <PageFrame crumbs={examCrumbs(exam, '扫描进度')} title={`${exam.name} · 扫描进度`} testId="all-scan">
      {q.isError ? (
        <QueryFailed title="扫描进度加载失败" error={q.error} onRetry={() => void q.refetch()} />
      ) : (
        <Card>
          <Table<SubjectScanProgress>
            rowKey="subjectId"
            loading={q.isPending}
            dataSource={q.data ?? []}
            pagination={false}
            columns={[
              {
                title: '科目',
                dataIndex: 'name',
                render: (v: string, s) => <Link to={`/book/subject/${s.subjectId}/answerCard`}>{v}</Link>,
              },
              { title: '考生', dataIndex: 'examinees' },
              { title: '答题卡', dataIndex: 'papers' },
              { title: '实考', dataIndex: 'present' },
              { title: '缺考', dataIndex: 'absent' },
              {
                title: '未扫',
                dataIndex: 'missing',
                render: (v: number, s) => (
                  <Link to={`/book/missedExamDetail?subjectId=${s.subjectId}`}>
                    {v > 0 ? <Tag color="warning">{v}</Tag> : <Tag color="success">0</Tag>}
                  </Link>
                ),
              },
              {
                title: '待处理异常',
                dataIndex: 'exceptions',
                render: (v: number, s) => (
                  <Link to={`/book/scan/scanException?subjectId=${s.subjectId}`}>
                    {v > 0 ? <Tag color="error">{v}</Tag> : <Tag color="success">0</Tag>}
                  </Link>
                ),
              },
              {
                title: '扫描完成',
                key: 'finish',
                render: (_: unknown, s) => (
                  <Tag
                    color={s.schools > 0 && s.finishedSchools === s.schools ? 'success' : 'default'}
                    data-testid={`finished-schools-${s.subjectId}`}
                  >
                    {s.finishedSchools}/{s.schools} 校
                  </Tag>
                ),
              },
              {
                title: '识别进度',
                key: 'p',
                width: 240,
                render: (_: unknown, s) => (
                  <Progress
                    size="small"
                    percent={batchPercent(s)}
                    status={s.queued > 0 ? 'active' : 'normal'}
                    format={() => `${s.pages - s.queued}/${s.pages} 页`}
                  />
                ),
              },
            ]}
          />
        </Card>
      )}
      <SchoolsCard examId={exam.id} />
    </PageFrame>
  );
}

/** Every school of the exam over all subjects: 扫描完成 once every subject of the school is confirmed. */
function SchoolsCard({ examId }: { examId: number }) {
  const q = useQuery(schoolProgressQuery(examId));
  return (
    <Card
      title="各校扫描情况（全部科目）"
      extra="按答卷计：每名考生每个科目一份，已扫描 + 缺考 + 未扫 = 应扫答卷"
      data-testid="all-scan-schools"
    >
      {q.isError ? (
        <QueryFailed title="各校扫描情况加载失败" error={q.error} onRetry={() => void q.refetch()} />
      ) : (
        <Table<SchoolScanProgress>
          rowKey="schoolId"
          size="small"
          loading={q.isPending}
          dataSource={q.data ?? []}
          pagination={false}
          columns={[
            { title: '学校', dataIndex: 'schoolName' },
            { title: '考生', dataIndex: 'examinees' },
            { title: '应扫答卷', dataIndex: 'sheets' },
            { title: '已扫描', dataIndex: 'scanned' },
            { title: '缺考', dataIndex: 'absent' },
            { title: '未扫', dataIndex: 'missing' },
            { title: '待处理异常', dataIndex: 'exceptions' },
            {
              title: '扫描完成',
              dataIndex: 'scanFinished',
              render: (v: boolean) => (v ? <Tag color="success">已确认</Tag> : <Tag>未完成</Tag>),
            },
          ]}
        />
      )}
    </Card>
  );
}
