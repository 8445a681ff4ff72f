import { useQuery } from '@tanstack/react-query';
import { quizTrendSheet, trendRateText, type QuizTrendView } from '@yj/contracts';
import { Button, Empty, Select, Space, Table, Typography } from 'antd';
import type { EChartsCoreOption } from 'echarts/core';
import { useMemo, useState } from 'react';
import { QueryFailed } from '../exam-admin/QueryFailed';
import { EChart } from '../report/EChart';
import { downloadFile } from '../school-admin/download';
import { quizApi, quizTrendQuery } from './quiz.api';

type Student = QuizTrendView['students'][number];

/** The class's 得分率 per quiz, overall and by question type, as lines over the term. */
function trendOption(t: QuizTrendView): EChartsCoreOption {
  const line = (name: string, pick: (q: QuizTrendView['quizzes'][number]) => number | null) => ({
    name,
    type: 'line',
    connectNulls: true,
    label: { show: name === '总得分率', formatter: '{c}%' },
    data: t.quizzes.map(pick),
  });
  return {
    animation: false,
    tooltip: { trigger: 'axis', valueFormatter: (v: number | null) => trendRateText(v) },
    legend: { top: 0 },
    grid: { left: 48, right: 24, top: 40, bottom: 32 },
    xAxis: { type: 'category', data: t.quizzes.map((q) => q.name) },
    yAxis: { type: 'value', min: 0, max: 100, axisLabel: { formatter: '{value}%' } },
    series: [
      line('总得分率', (q) => q.rate),
      line('客观题得分率', (q) => q.objectiveRate),
      line('主观题得分率', (q) => q.subjectiveRate),
    ],
  };
}

/** An empty figure sorts below every number. */
const byFigure = (a: number | null, b: number | null) => (a ?? -Infinity) - (b ?? -Infinity);

/** The students' columns: the cells of the Excel export, every one sortable (学号 as text, the rest by figure). */
function columns(t: QuizTrendView) {
  const { headers, rows } = quizTrendSheet(t);
  const cells = new Map(t.students.map((s, k) => [s.studentId, rows[k]!]));
  const figures: Array<(s: Student) => number | null> = [
    ...t.quizzes.map((_, q) => (s: Student) => s.rates[q] ?? null),
    (s) => s.sat,
    (s) => s.rate,
    (s) => s.objectiveRate,
    (s) => s.subjectiveRate,
  ];
  return headers.map((title, i) => {
    const f = figures[i - 2];
    return {
      title,
      key: String(i),
      fixed: i < 2 ? ('left' as const) : undefined,
      sorter: f
        ? (a: Student, b: Student) => byFigure(f(a), f(b))
        : (a: Student, b: Student) =>
            (i === 0 ? a.xuehao : a.name).localeCompare(i === 0 ? b.xuehao : b.name),
      render: (_: unknown, s: Student) => cells.get(s.studentId)![i],
    };
  });
}

/**
 * 学情趋势 (issue 33): a class's quizzes over the term — the class's 得分率 in each, overall and by question type,
 * as a chart; each student's 得分率 per quiz and over the term in a sortable table, downloadable as Excel.
 */
export function QuizTrendTab() {
  const [classId, setClassId] = useState<number>();
  const q = useQuery({ ...quizTrendQuery(classId), meta: { silent: true } });
  const [busy, setBusy] = useState(false);
  const t = q.data;
  const option = useMemo(() => (t ? trendOption(t) : null), [t]);
  const cols = useMemo(() => (t ? columns(t) : []), [t]);
  if (q.isError && !t)
    return <QueryFailed title="学情趋势加载失败" error={q.error} onRetry={() => void q.refetch()} />;
  if (!t) return null;
  if (t.classId === null)
    return <Empty description="没有可查看的班级：学情趋势按任教班级（学校管理员按本校班级）统计。" />;
  return (
    <div data-testid="quiz-trend">
      <Space wrap style={{ marginBottom: 16 }}>
        <Select<number>
          aria-label="班级"
          style={{ width: 220 }}
          value={t.classId}
          onChange={setClassId}
          showSearch
          optionFilterProp="label"
          options={t.classes.map((c) => ({ value: c.classId, label: `${c.gradeName} ${c.name}` }))}
          data-testid="quiz-trend-class"
        />
        <Button
          loading={busy}
          disabled={!t.quizzes.length}
          onClick={() => {
            setBusy(true);
            const name = t.classes.find((c) => c.classId === t.classId)?.name ?? '班级';
            void downloadFile(quizApi.trendExportPath(t.classId!), `${name}-课堂小测学情趋势.xlsx`).finally(
              () => setBusy(false),
            );
          }}
          data-testid="quiz-trend-export"
        >
          导出 Excel
        </Button>
      </Space>
      {t.quizzes.length === 0 ? (
        <Empty description="这个班级还没有课堂小测成绩" />
      ) : (
        <>
          <Typography.Paragraph type="secondary">
            共 {t.quizzes.length} 次小测。得分率为实考学生得分之和除以满分之和；缺考不计入。
          </Typography.Paragraph>
          <EChart option={option!} height={280} testId="quiz-trend-chart" />
          <Table<Student>
            rowKey="studentId"
            size="small"
            data-testid="quiz-trend-students"
            columns={cols}
            dataSource={t.students}
            scroll={{ x: 'max-content' }}
            pagination={{ pageSize: 50, hideOnSinglePage: true, showTotal: (n) => `共 ${n} 名学生` }}
          />
        </>
      )}
    </div>
  );
}
