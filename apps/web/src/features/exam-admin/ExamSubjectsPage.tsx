import type { UseQueryResult } from '@tanstack/react-query';
import type { ExamDetail } from '@yj/contracts';
import { Card, Table } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { examCrumbs } from './ExamLoader';
import { PageFrame } from './PageFrame';
import { QueryFailed } from './QueryFailed';

/**
 * An exam's page of its subjects, a row each, under the exam's crumbs (题块设置, 阅卷分配): the page frame, the
 * failed load and the unpaged table are the same; the columns say what the page is about.
 */
export function ExamSubjectsPage<T extends { subjectId: number }>(props: {
  exam: ExamDetail;
  /** the page's name, in its crumbs and title */
  title: string;
  testId: string;
  /** what the failed load says (`{title}加载失败` unless given) */
  failedTitle?: string;
  q: UseQueryResult<T[]>;
  columns: ColumnsType<T>;
}) {
  const { exam, title, q } = props;
  return (
    <PageFrame crumbs={examCrumbs(exam, title)} title={`${exam.name} · ${title}`} testId={props.testId}>
      {q.isError ? (
        <QueryFailed
          title={props.failedTitle ?? `${title}加载失败`}
          error={q.error}
          onRetry={() => void q.refetch()}
        />
      ) : (
        <Card>
          <Table<T>
            rowKey="subjectId"
            loading={q.isPending}
            pagination={false}
            dataSource={q.data ?? []}
            locale={{ emptyText: '这场考试还没有科目' }}
            columns={props.columns}
          />
        </Card>
      )}
    </PageFrame>
  );
}
