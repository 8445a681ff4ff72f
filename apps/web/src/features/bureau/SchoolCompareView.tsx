import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Alert, Card, Empty, Result, Segmented, Select, Space, Table, Tag, Typography } from 'antd';
import { useState } from 'react';
import { Link } from 'react-router';
import {
  COMPARE_LEVEL_LABELS,
  type CompareLevel,
  type CompareUnit,
  type SchoolComparison,
} from '@yj/contracts';
import { failureOf } from '../../api/errors';
import { useCurrentUser } from '../auth/current-user-context';
import { homeCrumbs, PageFrame } from '../exam-admin/PageFrame';
import { QueryFailed } from '../exam-admin/QueryFailed';
import { bureauApi, compareQueryOptions } from './bureau.api';
import { DownloadButton } from '../school-admin/DownloadButton';

const pct = (r: number | null) => (r === null ? '—' : `${(r * 100).toFixed(1)}%`);
const num = (x: number | null) => (x === null ? '—' : String(Math.round(x * 100) / 100));

/** The units compared, the whole exam last: mean, 四率, rank, 超均; `own`: a school's own marked 本校. */
function UnitsTable({ c, own }: { c: SchoolComparison; own: boolean }) {
  const label = COMPARE_LEVEL_LABELS[c.level];
  const rows = [...c.units, { ...c.whole, id: -1 }];
  return (
    <Table<CompareUnit>
      rowKey="id"
      size="small"
      pagination={false}
      dataSource={rows}
      data-testid="compare-units"
      columns={[
        {
          title: label,
          render: (_: unknown, u) =>
            u.id === -1 ? (
              <b>全体</b>
            ) : (
              <Space size={4}>
                {u.name}
                {own && u.mine && c.level === 'school' && <Tag color="blue">本校</Tag>}
              </Space>
            ),
        },
        { title: '实考', dataIndex: 'sat', align: 'right' },
        { title: '缺考', dataIndex: 'absent', align: 'right' },
        { title: '平均分', align: 'right', render: (_: unknown, u) => num(u.mean) },
        { title: '最高分', align: 'right', render: (_: unknown, u) => num(u.max) },
        { title: '最低分', align: 'right', render: (_: unknown, u) => num(u.min) },
        { title: '优秀率', align: 'right', render: (_: unknown, u) => pct(u.rates.excellent.rate) },
        { title: '良好率', align: 'right', render: (_: unknown, u) => pct(u.rates.good.rate) },
        { title: '及格率', align: 'right', render: (_: unknown, u) => pct(u.rates.pass.rate) },
        { title: '低分率', align: 'right', render: (_: unknown, u) => pct(u.rates.low.rate) },
        { title: '名次', align: 'right', render: (_: unknown, u) => (u.id === -1 ? '' : (u.rank ?? '—')) },
        { title: '超均', align: 'right', render: (_: unknown, u) => (u.id === -1 ? '' : num(u.aboveMean)) },
      ]}
    />
  );
}

/**
 * A 联考's schools compared (issue 35), for the bureau and for each school: the level (全市 / 区县 / 学校 / 班级),
 * the subject or 总分, the units' figures, 一分一段 of the whole exam, 得分率 per question per unit, one school's
 * students. A school sees the others as 学校甲 … unless the bureau shares names, and only its own students.
 */
export function SchoolCompareView({ examId }: { examId: number }) {
  const user = useCurrentUser();
  const [subjectId, setSubjectId] = useState<number | undefined>();
  const [level, setLevel] = useState<CompareLevel>('school');
  const [schoolId, setSchoolId] = useState<number | undefined>();
  const query = { level, ...(subjectId ? { subjectId } : {}), ...(schoolId ? { schoolId } : {}) };
  const q = useQuery({ ...compareQueryOptions(examId, query), placeholderData: keepPreviousData });
  if (q.isError && !q.data)
    return failureOf(q.error) === 'forbidden' ? (
      <Result
        status="403"
        title="不能查看本次联考的跨校对比"
        subTitle="跨校对比只对教育局、联考管理人员和参加学校的管理员开放。"
      />
    ) : failureOf(q.error) === 'scoresNotPublished' ? (
      <Card>
        <Empty description="本次联考还没有发布成绩的科目：科目发布成绩后即可查看跨校对比" />
      </Card>
    ) : (
      <QueryFailed title="跨校对比加载失败" error={q.error} onRetry={() => void q.refetch()} />
    );
  const c = q.data;
  const bureau = user.roles.includes('bureauAdmin') || user.isAdmin;
  const listed = c?.mySchools.find((s) => s.id === schoolId) ?? c?.mySchools[0];
  return (
    <PageFrame
      crumbs={homeCrumbs(
        ...(bureau ? [{ title: '教育局', to: '/book/bureau' }] : []),
        { title: c?.examName ?? '联考', to: `/book/report_forms/${examId}` },
        { title: '跨校对比' },
      )}
      title={`${c?.examName ?? ''} · 跨校对比`}
      extra={
        <Space>
          {bureau && <Link to={`/book/bureau/exam/${examId}/progress`}>各校进度</Link>}
          <DownloadButton
            disabled={!c}
            data-testid="compare-export"
            path={bureauApi.compareExportPath(examId, query)}
            fileName="联考对比.xlsx"
          >
            导出 Excel
          </DownloadButton>
        </Space>
      }
      testId="school-compare"
    >
      <Card size="small">
        <Space wrap size="middle">
          <Segmented
            value={subjectId ?? 0}
            onChange={(v) => setSubjectId(v === 0 ? undefined : Number(v))}
            options={[
              { label: '总分', value: 0 },
              ...(c?.subjects ?? []).map((s) => ({ label: s.name, value: s.id })),
            ]}
            data-testid="compare-subject"
          />
          <Segmented<CompareLevel>
            value={level}
            onChange={setLevel}
            options={(['city', 'district', 'school', 'class'] as const).map((l) => ({
              label: `按${COMPARE_LEVEL_LABELS[l]}`,
              value: l,
            }))}
            data-testid="compare-level"
          />
          {c && c.mySchools.length > 1 && (
            <Select
              style={{ width: 200 }}
              value={listed?.id}
              onChange={setSchoolId}
              options={c.mySchools.map((s) => ({ label: s.name, value: s.id }))}
              aria-label="学校"
            />
          )}
        </Space>
      </Card>
      {c && !bureau && (
        <Alert
          type="info"
          showIcon
          message="全体与各校的统计为整场联考的数据；学生名单只显示本校学生，其他学校以代号显示（教育局允许时显示校名）。"
        />
      )}
      <Card
        title={`${c?.name ?? ''} · ${COMPARE_LEVEL_LABELS[level]}对比（满分 ${c?.fullMarks ?? ''}）`}
        loading={!c}
      >
        {c && <UnitsTable c={c} own={!bureau} />}
      </Card>
      {c && c.questions.length > 0 && (
        <Card title="试题得分率" size="small">
          <Table
            rowKey="no"
            size="small"
            pagination={false}
            scroll={{ x: 'max-content' }}
            dataSource={c.questions}
            data-testid="compare-questions"
            columns={[
              { title: '题号', dataIndex: 'no', fixed: 'left' },
              { title: '满分', dataIndex: 'full', align: 'right' },
              { title: '全体', align: 'right', render: (_: unknown, x) => pct(x.whole) },
              ...c.units.map((u, k) => ({
                title: u.name,
                key: String(u.id),
                align: 'right' as const,
                render: (_: unknown, x: SchoolComparison['questions'][number]) => pct(x.units[k] ?? null),
              })),
            ]}
          />
        </Card>
      )}
      {c && (
        <Space align="start" style={{ width: '100%' }} styles={{ item: { flex: 1, minWidth: 0 } }}>
          <Card title="一分一段（全体）" size="small">
            <Table
              rowKey="score"
              size="small"
              dataSource={c.ladder}
              pagination={{ pageSize: 10, showSizeChanger: false, size: 'small' }}
              columns={[
                { title: '分数', dataIndex: 'score', align: 'right' },
                { title: '人数', dataIndex: 'count', align: 'right' },
                { title: '累计人数', dataIndex: 'cumulative', align: 'right' },
                { title: '累计比例', align: 'right', render: (_: unknown, s) => pct(s.cumulativeRate) },
              ]}
            />
          </Card>
          <Card title={`学生成绩（${listed?.name ?? ''}）`} size="small">
            <Table
              rowKey="kaohao"
              size="small"
              dataSource={c.students}
              data-testid="compare-students"
              pagination={{ pageSize: 10, showSizeChanger: false, size: 'small' }}
              columns={[
                { title: '考号', dataIndex: 'kaohao' },
                { title: '姓名', dataIndex: 'name' },
                { title: '班级', dataIndex: 'className' },
                {
                  title: '成绩',
                  align: 'right',
                  render: (_: unknown, s) => (s.score === null ? '缺考' : s.score),
                },
                { title: '联考名次', align: 'right', render: (_: unknown, s) => s.rank ?? '—' },
              ]}
            />
            <Typography.Text type="secondary">联考名次为在整场联考全体考生中的名次。</Typography.Text>
          </Card>
        </Space>
      )}
    </PageFrame>
  );
}
