import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Card, Empty, Select, Space, Table, Typography } from 'antd';
import {
  fix2,
  REPORT_PROGRESS_HEADERS,
  reportProgressCells,
  type Report,
  type ReportCell,
  type ReportProgressClass,
} from '@yj/contracts';
import { QueryFailed } from '../exam-admin/QueryFailed';
import { reportApi, reportProgressExamsQuery, reportProgressQuery, type ProgressFilter } from './report.api';
import { WIDE_TABLE } from './ReportTableCard';
import { DownloadButton } from '../school-admin/DownloadButton';
import { ClassSelect } from './ClassSelect';
import { useStudentPaging } from './useStudentPaging';

type Row = { key: string; cells: ReportCell[] };

/** The class summary and a page of students of 进退步 against one earlier exam. */
function ProgressOf({ r, earlierExamId }: { r: Report; earlierExamId: number }) {
  const [classId, setClassId] = useState(0);
  const { page, size, setPage, pagination } = useStudentPaging();
  const filter: ProgressFilter = { earlierExamId, subjectId: r.subjectId, classId: classId || null };
  const q = useQuery(reportProgressQuery(r.examId, filter, page, size));
  if (q.isError && !q.data)
    return <QueryFailed title="进退步加载失败" error={q.error} onRetry={() => void q.refetch()} />;
  const d = q.data;
  const rows: Row[] = (d?.items ?? []).map((s) => ({ key: s.kaohao, cells: reportProgressCells(s) }));
  return (
    <Space direction="vertical" style={{ width: '100%' }} size="middle">
      <Card size="small" title="班级进退步" data-testid="progress-classes">
        <Table<ReportProgressClass>
          size="small"
          rowKey="classId"
          loading={q.isFetching && !d}
          pagination={false}
          dataSource={d?.classes ?? []}
          locale={{ emptyText: '两次考试没有共同的学生' }}
          columns={[
            ...(r.schools.length > 1 ? [{ title: '学校', dataIndex: 'schoolName' }] : []),
            { title: '班级', dataIndex: 'className' },
            { title: '对比人数', dataIndex: 'compared', sorter: (a, b) => a.compared - b.compared },
            { title: '进步人数', dataIndex: 'up', sorter: (a, b) => a.up - b.up },
            { title: '退步人数', dataIndex: 'down', sorter: (a, b) => a.down - b.down },
            {
              title: '平均名次变化',
              key: 'mean',
              render: (c: ReportProgressClass) => fix2(c.meanChange),
              sorter: (a, b) => (a.meanChange ?? -Infinity) - (b.meanChange ?? -Infinity),
            },
          ]}
        />
      </Card>
      <Card
        size="small"
        title="学生进退步"
        data-testid="progress-students"
        extra={
          <DownloadButton
            size="small"
            disabled={!d?.total}
            path={reportApi.progressExportPath(r.examId, filter)}
            fileName="进退步.xlsx"
          >
            导出 Excel
          </DownloadButton>
        }
      >
        <ClassSelect
          r={r}
          style={{ marginBottom: 12 }}
          value={classId}
          onChange={(v) => {
            setClassId(v);
            setPage(1);
          }}
          testId="progress-class"
        />
        <Table<Row>
          size="small"
          rowKey="key"
          loading={q.isFetching}
          dataSource={rows}
          {...WIDE_TABLE}
          locale={{ emptyText: '没有可对比的学生' }}
          columns={REPORT_PROGRESS_HEADERS.map((h, i) => ({
            title: h,
            key: String(i),
            render: (row: Row) => row.cells[i],
            // 考号 and 姓名 stay in sight while the figures scroll
            fixed: i < 2 ? ('left' as const) : undefined,
          }))}
          pagination={pagination(d?.total ?? 0)}
        />
      </Card>
    </Space>
  );
}

/**
 * 进退步: the same students against an earlier exam of theirs — the exam-wide rank in each and the change
 * (上次名次 − 本次名次: positive is 进步), by class and per student. A subject is compared with the earlier
 * exam's subject of the same course; 总分 with its total.
 */
export function ProgressTab({ r }: { r: Report }) {
  const exams = useQuery(reportProgressExamsQuery(r.examId));
  const [earlier, setEarlier] = useState(0);
  if (exams.isError && !exams.data)
    return (
      <QueryFailed title="可对比的考试加载失败" error={exams.error} onRetry={() => void exams.refetch()} />
    );
  if (!exams.data) return <Card loading />;
  if (!exams.data.length)
    return <Empty description="没有与本次考试学生相同、且已发布成绩的其他考试，无法计算进退步" />;
  return (
    <Space direction="vertical" style={{ width: '100%' }} size="middle" data-testid="report-progress">
      <Space wrap>
        <Typography.Text>对比考试：</Typography.Text>
        <Select<number>
          aria-label="对比考试"
          style={{ width: 440 }}
          placeholder="请选择一次较早的考试"
          value={earlier || undefined}
          onChange={setEarlier}
          options={exams.data.map((x) => ({
            label: `${x.name}${x.startDate ? `（${x.startDate}）` : ''} · 共同学生 ${x.shared} 人`,
            value: x.id,
          }))}
          data-testid="progress-exam"
        />
      </Space>
      {earlier ? (
        <ProgressOf key={`${earlier}-${r.subjectId ?? 0}`} r={r} earlierExamId={earlier} />
      ) : (
        <Empty description="请选择要对比的考试" />
      )}
      <Typography.Text type="secondary">
        名次为各自考试全体考生中的总排名（同分同名次）；名次变化 = 上次名次 −
        本次名次，正数为进步、负数为退步；
        单科与上次考试的同名学科对比，总分与上次的总分对比；任一次缺考的学生不计入进退步人数。
      </Typography.Text>
    </Space>
  );
}
