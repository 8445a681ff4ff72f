import {
  scoreCellText,
  totalCellText,
  type AllScorePage,
  type AllScoreRow,
  type ExamDetail,
} from '@yj/contracts';
import { useQuery } from '@tanstack/react-query';
import { Result, Space, Tag, type TableColumnsType } from 'antd';
import type { SortOrder } from 'antd/es/table/interface';
import { useState } from 'react';
import { failureOf } from '../../api/errors';
import { examCrumbs } from '../exam-admin/ExamLoader';
import { PageFrame } from '../exam-admin/PageFrame';
import { ExamineeScoreCard } from '../score/ExamineeScoreCard';
import { QueryFailed } from '../exam-admin/QueryFailed';
import { allScoreQuery, type AllScoreQ } from './export.api';
import { ExportButton } from './ExportButton';
import { InTotalButton } from './InTotalButton';

/** A cell as the Excel shows it: the figure, 缺考, 违纪 (its 0 counts), or '—' for no sheet. */
function cell(v: string | number) {
  if (v === '缺考') return <Tag>缺考</Tag>;
  if (v === '违纪') return <Tag color="red">违纪</Tag>;
  return v === '' ? '—' : v;
}

function columns(page: AllScorePage | undefined, q: AllScoreQ): TableColumnsType<AllScoreRow> {
  const order = (key: string): SortOrder =>
    q.sort === key ? (q.order === 'asc' ? 'ascend' : 'descend') : null;
  const sorted = (key: string) => ({ key, sorter: true, sortOrder: order(key) });
  const subjects = page?.subjects ?? [];
  const joint = new Set(page?.items.map((r) => r.schoolName)).size > 1;
  return [
    { title: '考号', dataIndex: 'kaohao', fixed: 'left', width: 110, ...sorted('kaohao') },
    { title: '姓名', dataIndex: 'name', fixed: 'left', width: 90, ...sorted('name') },
    ...(joint ? [{ title: '学校', dataIndex: 'schoolName', width: 140 }] : []),
    { title: '班级', dataIndex: 'className', width: 110 },
    ...subjects.map((s) => ({
      title: s.inTotal ? s.name : `${s.name}（不计入总分）`,
      width: s.inTotal ? 80 : 140,
      render: (_: unknown, r: AllScoreRow) => cell(scoreCellText(r.subjects[String(s.id)]!)),
      ...sorted(`s${s.id}`),
    })),
    {
      title: '总分',
      width: 90,
      render: (_, r) => <b data-testid={`total-${r.kaohao}`}>{cell(totalCellText(r, subjects))}</b>,
      ...sorted('total'),
    },
  ];
}

/** exam/{examId}/all_score: every subject of the exam side by side with the total; sort, class, search, export. */
export function AllScoreView({ exam }: { exam: ExamDetail }) {
  const [q, setQ] = useState<AllScoreQ>({ page: 1, size: 50, sort: 'kaohao', order: 'asc' });
  const r = useQuery(allScoreQuery(exam.id, q));
  const frame = (body: React.ReactNode) => (
    <PageFrame
      crumbs={examCrumbs(exam, '全科成绩')}
      title={`${exam.name} · 全科成绩`}
      testId="all-score"
      extra={
        <Space>
          {exam.can.manage && r.data && <InTotalButton examId={exam.id} subjects={r.data.subjects} />}
          {exam.can.downloadScores && (
            <ExportButton
              request={{ kind: 'totals', examId: exam.id }}
              label="导出总分表"
              testId="export-totals"
            />
          )}
        </Space>
      }
    >
      {body}
    </PageFrame>
  );
  if (r.isError && !r.data) {
    const denied = failureOf(r.error) === 'forbidden';
    return frame(
      denied ? (
        <Result status="403" title="没有查看成绩的权限" subTitle="请联系考试管理员分配职务。" />
      ) : (
        <QueryFailed title="全科成绩加载失败" error={r.error} onRetry={() => void r.refetch()} />
      ),
    );
  }
  return frame(
    <ExamineeScoreCard<AllScoreRow, AllScoreQ>
      title="全科成绩"
      data={r.data}
      loading={r.isFetching}
      q={q}
      setQ={setQ}
      columns={columns(r.data, q)}
      emptyText="本次考试没有考生"
      sortOf={(key) => key ?? 'kaohao'}
    />,
  );
}
