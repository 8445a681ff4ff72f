import {
  allows,
  SCORE_STUDENT_STATUS_LABELS,
  type ScoreSort,
  type ScoreStudentRow,
  type ScoreStudentsPage,
} from '@yj/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Space, Tag, Tooltip, Typography, type TableColumnsType } from 'antd';
import type { SortOrder } from 'antd/es/table/interface';
import { useState } from 'react';
import { useOneAtATime } from '../../app/useOneAtATime';
import { Link } from 'react-router';
import { ExamineeScoreCard } from './ExamineeScoreCard';
import { QueryFailed } from '../exam-admin/QueryFailed';
import type { SubjectBundle } from '../exam-admin/SubjectLoader';
import { scoreApi, type StudentsQuery } from './score.api';
import { scoreKeys, studentsQuery } from './score.queries';
import { IrregularModal } from './IrregularModal';
import { figure } from './score-format';
import { AdjustModal } from './AdjustModal';

const STATUS_COLOR: Record<ScoreStudentRow['status'], string> = {
  ok: 'green',
  absent: 'default',
  missing: 'orange',
  irregular: 'red',
};
const SORTABLE = new Set<string>(['kaohao', 'name', 'objective', 'subjective', 'total']);

function columns(
  page: ScoreStudentsPage | undefined,
  q: StudentsQuery,
  paperLink: (r: ScoreStudentRow) => string | null,
  onAdjust: ((r: ScoreStudentRow) => void) | null,
  irregular: { mark: (r: ScoreStudentRow) => void; clear: (r: ScoreStudentRow) => void } | null,
  /** 改考号: the row's sheet to adjust/kaohao, the current exam number filled in */
  kaohaoLink: ((r: ScoreStudentRow) => string) | null,
): TableColumnsType<ScoreStudentRow> {
  const order = (key: ScoreSort): SortOrder =>
    q.sort === key ? (q.order === 'asc' ? 'ascend' : 'descend') : null;
  const sorted = (key: ScoreSort) => ({ key, sorter: true, sortOrder: order(key) });
  return [
    { title: '考号', dataIndex: 'kaohao', fixed: 'left', width: 110, ...sorted('kaohao') },
    { title: '姓名', dataIndex: 'name', fixed: 'left', width: 90, ...sorted('name') },
    { title: '班级', dataIndex: 'className', width: 110 },
    {
      title: '状态',
      key: 'status',
      width: 90,
      render: (_, r) => (
        <Tooltip title={r.irregularReason}>
          <Tag color={STATUS_COLOR[r.status]}>{SCORE_STUDENT_STATUS_LABELS[r.status]}</Tag>
        </Tooltip>
      ),
    },
    { title: '客观题', width: 80, render: (_, r) => figure(r.objective), ...sorted('objective') },
    { title: '主观题', width: 80, render: (_, r) => figure(r.subjective), ...sorted('subjective') },
    { title: '总分', width: 80, render: (_, r) => <b>{figure(r.total)}</b>, ...sorted('total') },
    ...(page?.questions ?? []).map((x) => ({
      title: x.no,
      key: `q${x.no}`,
      width: 64,
      // a 选做 question the student did not choose has no score: '—', not 0
      render: (_: unknown, r: ScoreStudentRow) => (r.total === null ? '' : figure(r.questions[x.no])),
    })),
    {
      title: '操作',
      key: 'actions',
      fixed: 'right',
      width: 220,
      render: (_, r) => {
        const to = paperLink(r);
        return (
          <Space size={8}>
            {to && <Link to={to}>答题卡</Link>}
            {/* 缺考 and no sheet have no score to adjust */}
            {onAdjust && r.total !== null && (
              <Typography.Link onClick={() => onAdjust(r)} data-testid={`adjust-${r.kaohao}`}>
                调整
              </Typography.Link>
            )}
            {/* 违纪 needs a sheet and no 缺考 (the server says so too) */}
            {irregular && r.status === 'ok' && (
              <Typography.Link
                type="danger"
                onClick={() => irregular.mark(r)}
                data-testid={`irregular-${r.kaohao}`}
              >
                违纪
              </Typography.Link>
            )}
            {irregular && r.status === 'irregular' && (
              <Typography.Link onClick={() => irregular.clear(r)} data-testid={`irregular-clear-${r.kaohao}`}>
                取消违纪
              </Typography.Link>
            )}
            {kaohaoLink && r.paperId !== null && (
              <Link to={kaohaoLink(r)} data-testid={`kaohao-${r.kaohao}`}>
                改考号
              </Link>
            )}
          </Space>
        );
      },
    },
  ];
}

/** stuScore: every student's score per question; sort, filter by class, search by name or exam number. */
export function StuScoreView({ subject, permission }: SubjectBundle) {
  const subjectId = subject.subjectInfo.id;
  const [q, setQ] = useState<StudentsQuery>({ page: 1, size: 50, sort: 'kaohao', order: 'asc' });
  const r = useQuery(studentsQuery(subjectId, q));
  const [adjusting, setAdjusting] = useState<ScoreStudentRow | null>(null);
  const [marking, setMarking] = useState<ScoreStudentRow | null>(null);
  const { modal, message } = App.useApp();
  const qc = useQueryClient();
  const clear = useOneAtATime({
    mutationFn: (x: ScoreStudentRow) => scoreApi.irregularCancel(subjectId, x.examineeId),
    onSuccess: (res, x) => {
      void message.success(`已取消 ${x.name} 的违纪标记，总分 ${res.total ?? '—'}`);
      void qc.invalidateQueries({ queryKey: scoreKeys.subject(subjectId) });
    },
  });
  // changes only until the scores are published
  const editable = allows(subject.subjectInfo.status, 'adjustScores') && permission.scoreAdjust;
  const irregular = editable
    ? {
        mark: setMarking,
        clear: (x: ScoreStudentRow) =>
          modal.confirm({
            title: `取消 ${x.name} 的违纪标记？`,
            content: '取消后按答题卡重新计算该考生本科成绩。',
            okText: '取消违纪',
            cancelText: '返回',
            onOk: () => clear.mutateAsync(x).catch(() => undefined),
          }),
      }
    : null;
  if (r.isError && !r.data)
    return <QueryFailed title="学生成绩加载失败" error={r.error} onRetry={() => void r.refetch()} />;
  const paperLink = (x: ScoreStudentRow) =>
    permission.scanRead && x.paperId !== null
      ? `/book/view/student/paper?subjectId=${subjectId}&examineeId=${x.examineeId}`
      : null;
  return (
    <ExamineeScoreCard<ScoreStudentRow, StudentsQuery>
      testId="stu-score"
      title="学生成绩"
      data={r.data}
      loading={r.isFetching}
      q={q}
      setQ={setQ}
      columns={columns(
        r.data,
        q,
        paperLink,
        editable ? setAdjusting : null,
        irregular,
        editable
          ? (x) => `/book/subject/${subjectId}/score/adjust/kaohao?from=${encodeURIComponent(x.kaohao)}`
          : null,
      )}
      emptyText="本科目没有考生"
      sortOf={(key) => (key !== null && SORTABLE.has(key) ? (key as ScoreSort) : 'kaohao')}
    >
      <IrregularModal subjectId={subjectId} row={marking} onClose={() => setMarking(null)} />
      <AdjustModal
        subjectId={subjectId}
        row={adjusting}
        questions={r.data?.questions ?? []}
        onClose={() => setAdjusting(null)}
      />
    </ExamineeScoreCard>
  );
}
