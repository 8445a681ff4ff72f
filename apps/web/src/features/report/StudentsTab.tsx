import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { Card, Input, Space, Table, Typography } from 'antd';
import {
  REPORT_STUDENT_HEADERS,
  reportStudentCells,
  type Report,
  type ReportCell,
  type ReportStudent,
} from '@yj/contracts';
import { QueryFailed } from '../exam-admin/QueryFailed';
import { reportApi, reportStudentsQuery, type StudentFilter } from './report.api';
import { WIDE_TABLE } from './ReportTableCard';
import { DownloadButton } from '../school-admin/DownloadButton';
import { ClassSelect } from './ClassSelect';
import { useStudentPaging } from './useStudentPaging';

type Row = { key: number; cells: ReportCell[] };

/**
 * 学生成绩: every examinee the user may see with ranks in class / school / exam, Z and T, 等级赋分 — paged on the
 * server, by class and exam number or name; the export holds the whole filtered list with the same cells.
 */
export function StudentsTab({ r }: { r: Report }) {
  // 0: every class
  const [classId, setClassId] = useState(0);
  const [keyword, setKeyword] = useState('');
  const { page, size, setPage, pagination } = useStudentPaging();
  const filter: StudentFilter = { subjectId: r.subjectId, classId: classId || null, keyword };
  const q = useQuery(reportStudentsQuery(r.examId, filter, page, size));
  if (q.isError && !q.data)
    return <QueryFailed title="学生成绩加载失败" error={q.error} onRetry={() => void q.refetch()} />;
  const rows: Row[] = (q.data?.items ?? []).map((s: ReportStudent) => ({
    key: s.examineeId,
    cells: reportStudentCells(s),
  }));
  const columns = [
    ...REPORT_STUDENT_HEADERS.map((h, i) => ({
      title: h,
      key: String(i),
      render: (row: Row) => row.cells[i],
      fixed: i < 2 ? ('left' as const) : undefined,
    })),
    {
      title: '学生报告',
      key: 'report',
      render: (row: Row) => (
        // a page of its own to print: a new tab keeps this list where it was
        <Link to={`/book/report_forms/${r.examId}/student/${row.key}`} target="_blank">
          查看 / 打印
        </Link>
      ),
    },
  ];
  return (
    <Card
      size="small"
      title="学生成绩"
      data-testid="report-students"
      extra={
        <DownloadButton
          size="small"
          disabled={!q.data?.total}
          path={reportApi.studentsExportPath(r.examId, filter)}
          fileName="学生成绩.xlsx"
        >
          导出 Excel
        </DownloadButton>
      }
    >
      <Space wrap style={{ marginBottom: 12 }}>
        <ClassSelect
          r={r}
          value={classId}
          onChange={(v) => {
            setClassId(v);
            setPage(1);
          }}
          label={(c) => (r.schools.length > 1 ? `${c.schoolName} ${c.name}` : c.name)}
          testId="students-class"
        />
        <Input.Search
          allowClear
          placeholder="考号或姓名"
          style={{ width: 220 }}
          onSearch={(v) => {
            setKeyword(v);
            setPage(1);
          }}
          data-testid="students-search"
        />
      </Space>
      <Table<Row>
        size="small"
        rowKey="key"
        loading={q.isFetching}
        columns={columns}
        dataSource={rows}
        {...WIDE_TABLE}
        locale={{ emptyText: q.data ? '没有符合条件的学生' : '加载中' }}
        pagination={pagination(q.data?.total ?? 0)}
      />
      <Typography.Text type="secondary">
        排名为竞争排名（同分同名次，其后名次顺延）；总排名为全体考生中的名次。Z 分数 = (分数 − 平均分) /
        标准差，T 分数 = 50 + 10Z，均按全体实考考生计算；等级赋分按报表设置的比例与赋分区间。缺考不参与排名。
      </Typography.Text>
    </Card>
  );
}
