import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Button, Card, Empty, Modal, Select, Space, Table, Typography } from 'antd';
import {
  commentaryCells,
  REPORT_COMMENTARY_HEADERS,
  type CommentaryQuestion,
  type ReportCommentary,
} from '@yj/contracts';
import { QueryFailed } from '../exam-admin/QueryFailed';
import { TaskImage } from '../marking-lead/TaskImage';
import { reportApi, reportCommentaryQuery } from './report.api';
import { WIDE_TABLE } from './ReportTableCard';
import { DownloadButton } from '../school-admin/DownloadButton';

type Student = NonNullable<NonNullable<CommentaryQuestion['typical']>['high']>;
type Shown = { q: CommentaryQuestion; s: Student; which: '高分' | '低分' };

/** An empty figure sorts below every number. */
const byRate = (a: number | null, b: number | null) => (a ?? -Infinity) - (b ?? -Infinity);
const gap = (q: CommentaryQuestion) =>
  q.classRate === null || q.gradeRate === null ? null : q.classRate - q.gradeRate;

/** The sortable columns (by their figure, an empty one lowest): 得分率 of the class and grade, the gap. */
const SORTERS: Record<number, (q: CommentaryQuestion) => number | null> = {
  4: (q) => q.classRate,
  5: (q) => q.gradeRate,
  6: gap,
};

/**
 * The table's columns: the cells of the Excel export (so a download matches the screen), a gap below the
 * grade in red, then the typical answers' buttons.
 */
function columns(onShow: (s: Shown) => void) {
  return [
    ...REPORT_COMMENTARY_HEADERS.map((title, i) => {
      const figure = SORTERS[i];
      return {
        title,
        key: String(i),
        fixed: i === 0 ? ('left' as const) : undefined,
        sorter: figure && ((a: CommentaryQuestion, b: CommentaryQuestion) => byRate(figure(a), figure(b))),
        render: (q: CommentaryQuestion) => {
          const cell = commentaryCells(q)[i];
          const g = gap(q);
          return i === 6 && g !== null && g < 0 ? (
            <Typography.Text type="danger">{cell}</Typography.Text>
          ) : (
            cell
          );
        },
      };
    }),
    {
      title: '典型答卷',
      key: 'typical',
      render: (q: CommentaryQuestion) =>
        q.typical === null ? (
          '—'
        ) : (
          <Space size={4}>
            {q.typical.high && (
              <Button size="small" onClick={() => onShow({ q, s: q.typical!.high!, which: '高分' })}>
                高分 {q.typical.high.score}
              </Button>
            )}
            {q.typical.low && (
              <Button size="small" onClick={() => onShow({ q, s: q.typical!.low!, which: '低分' })}>
                低分 {q.typical.low.score}
              </Button>
            )}
          </Space>
        ),
    },
  ];
}

/**
 * 试卷讲评 (exam_commentary): one class against its grade question by question — 得分率 of both, the wrong
 * answers chosen most, who lost most, and the highest and lowest scored answers' cut images to show the class.
 */
export function CommentaryTab({ examId, subjectId }: { examId: number; subjectId: number }) {
  const [classId, setClassId] = useState<number | null>(null);
  const [shown, setShown] = useState<Shown | null>(null);
  const q = useQuery(reportCommentaryQuery(examId, subjectId, classId));
  if (q.isError && !q.data)
    return <QueryFailed title="试卷讲评加载失败" error={q.error} onRetry={() => void q.refetch()} />;
  const c: ReportCommentary | undefined = q.data;
  if (!c) return <Card loading />;
  const many = new Set(c.classes.map((x) => x.schoolName)).size > 1;
  return (
    <Card
      size="small"
      data-testid="report-commentary"
      title={`试卷讲评 · ${c.subjectName} · ${many ? `${c.schoolName} ` : ''}${c.className}`}
      extra={
        <Space>
          <Select<number>
            aria-label="讲评班级"
            style={{ width: 220 }}
            value={c.classId}
            onChange={setClassId}
            options={c.classes.map((x) => ({
              label: many ? `${x.schoolName} ${x.name}` : x.name,
              value: x.id,
            }))}
            data-testid="commentary-class"
          />
          <DownloadButton
            size="small"
            disabled={!c.questions.length}
            path={reportApi.commentaryExportPath(examId, subjectId, c.classId)}
            fileName={`${c.className}-试卷讲评.xlsx`}
          >
            导出 Excel
          </DownloadButton>
        </Space>
      }
    >
      <Typography.Paragraph type="secondary" data-testid="commentary-sat">
        本班实考 {c.sat} 人，全体实考 {c.gradeSat}{' '}
        人。差值为班级得分率减年级（全体考生）得分率，低于年级的标红；
        错选最多为客观题中本班选择最多的错误选项；典型答卷为本班该题得分最高与最低的主观题答卷切图。
      </Typography.Paragraph>
      {c.questions.length ? (
        <Table<CommentaryQuestion>
          size="small"
          rowKey="no"
          loading={q.isFetching}
          columns={columns(setShown)}
          dataSource={c.questions}
          pagination={c.questions.length > 50 ? { pageSize: 50, showSizeChanger: false } : false}
          {...WIDE_TABLE}
          showSorterTooltip={{ title: '点击排序' }}
        />
      ) : (
        <Empty description="本科目没有设置题目" />
      )}
      <Modal
        open={shown !== null}
        title={
          shown &&
          `第${shown.q.no}题 ${shown.which}答卷：${shown.s.name}（${shown.s.score} / ${shown.q.full} 分）`
        }
        footer={null}
        width={820}
        onCancel={() => setShown(null)}
        destroyOnHidden
      >
        {shown && (
          <TaskImage
            src={reportApi.commentaryImagePath(examId, subjectId, shown.q.no, shown.s.examineeId)}
            alt={`第${shown.q.no}题${shown.which}答卷`}
          />
        )}
      </Modal>
    </Card>
  );
}
