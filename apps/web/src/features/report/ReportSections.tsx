import { useMemo, useState } from 'react';
import { Alert, Card, Descriptions, Empty, Select, Space, Typography } from 'antd';
import { fix2, pct, type Report } from '@yj/contracts';
import { EChart } from './EChart';
import {
  bandsOption,
  boxOption,
  overviewOption,
  questionsOption,
  radarOption,
  segmentsOption,
} from './report-charts';
import { groupSize, questionRuns } from './report-notes';
import { ReportTableCard } from './ReportTableCard';

// The parts of a report screen, shared by an exam's report (ReportView) and an analysis group's (GroupsTab).

/** A figure for the descriptions: '—' when it does not exist (nobody sat). */
const shown = (x: number | string, unit = '') => (x === '' ? '—' : `${x}${unit}`);

/** Why α and KR-20 are not given (the rule of @yj/stats `reliabilityWithheld`). */
const WITHHELD: Record<NonNullable<Report['reliabilityWithheld']>, string> = {
  fewExaminees: '人数过少，不计算',
  fewQuestions: '题目过少，不计算',
  noSpread: '总分无差异，不计算',
};

/** Which questions KR-20 is over (the rule of @yj/stats `columnReliability`). */
const kr20Covers = (r: Report) =>
  r.kr20Questions.length >= 2
    ? `KR-20 只计只有对错两种得分（0 分或满分）的题：第 ${questionRuns(r.kr20Questions)} 题，共 ${r.kr20Questions.length} 题，按答对题数（每题对 1 错 0）计算，与每题分值无关。`
    : 'KR-20 只计只有对错两种得分（0 分或满分）的题，本科目这样的题不足 2 道，不计算。';

/** α or KR-20: the figure, the reason it is withheld, or '—' (KR-20 without 2 right / wrong questions). */
const reliabilityShown = (r: Report, x: number | null) =>
  r.reliabilityWithheld ? WITHHELD[r.reliabilityWithheld] : shown(fix2(x));

export function Overview({ r }: { r: Report }) {
  const o = r.overall;
  const chart = useMemo(() => overviewOption(r), [r]);
  return (
    <Space direction="vertical" style={{ width: '100%' }} size="middle">
      <Card size="small" data-testid="report-overview">
        <Descriptions size="small" column={4}>
          <Descriptions.Item label="满分">{r.fullScore}</Descriptions.Item>
          <Descriptions.Item label="实考">{o.sat} 人</Descriptions.Item>
          <Descriptions.Item label="缺考">{o.absent} 人</Descriptions.Item>
          <Descriptions.Item label="平均分">{shown(fix2(o.mean))}</Descriptions.Item>
          <Descriptions.Item label="最高分">{shown(fix2(o.max))}</Descriptions.Item>
          <Descriptions.Item label="最低分">{shown(fix2(o.min))}</Descriptions.Item>
          <Descriptions.Item label="中位数">{shown(fix2(o.median))}</Descriptions.Item>
          <Descriptions.Item label="标准差">{shown(fix2(o.sd))}</Descriptions.Item>
          <Descriptions.Item label="优秀率">{shown(pct(o.excellent.rate), '%')}</Descriptions.Item>
          <Descriptions.Item label="良好率">{shown(pct(o.good.rate), '%')}</Descriptions.Item>
          <Descriptions.Item label="及格率">{shown(pct(o.pass.rate), '%')}</Descriptions.Item>
          <Descriptions.Item label="低分率">{shown(pct(o.low.rate), '%')}</Descriptions.Item>
          {r.subjectId !== null && (
            <>
              <Descriptions.Item label="信度 α">
                <span data-testid="report-alpha">{reliabilityShown(r, r.alpha)}</span>
              </Descriptions.Item>
              <Descriptions.Item label="KR-20">{reliabilityShown(r, r.kr20)}</Descriptions.Item>
            </>
          )}
        </Descriptions>
        <Typography.Text type="secondary" data-testid="rate-lines">
          四率按满分的 {r.settings.rates.excellent}% / {r.settings.rates.good}% / {r.settings.rates.pass}%
          划线（优秀、良好、及格为达到该线的人数占实考人数的比例，低分率为低于 {r.settings.rates.low}%
          的比例）。
        </Typography.Text>
        <br />
        <Typography.Text type="secondary" data-testid="report-conventions">
          统计口径：实考为有成绩的考生；缺考为没有成绩的考生（登记缺考的，以及未登记缺考但没有答题卡的），不计入任何统计。
          标准差为总体标准差，除以实考人数 n（σ = √(Σ(x − 平均分)² /
          n)）。一分一段按整分分行，带半分的成绩计入下一行（88.5 分计入 88 分一行）。
          {/* 10: RELIABILITY_MIN_EXAMINEES of @yj/stats */}
          {r.subjectId !== null && `信度 α 按各题都有得分的考生计算，不足 10 人时不计算；${kr20Covers(r)}`}
        </Typography.Text>
      </Card>
      <Card size="small" title="各班平均分、优秀率与及格率">
        {r.classes.some((c) => c.sat > 0) ? (
          <EChart option={chart} testId="chart-overview" />
        ) : (
          <Empty description="没有实考考生，无法绘制" />
        )}
      </Card>
      <ReportTableCard report={r} sheet="overview" empty="没有可统计的学校" />
    </Space>
  );
}

export function Distribution({ r }: { r: Report }) {
  const bands = useMemo(() => bandsOption(r), [r]);
  const box = useMemo(() => boxOption(r), [r]);
  if (!r.overall.sat) return <Empty description="没有实考考生，无法绘制分布" />;
  return (
    <Space direction="vertical" style={{ width: '100%' }} size="middle">
      <Card size="small" title="分数段分布">
        <EChart option={bands} testId="chart-bands" />
      </Card>
      <Card size="small" title="各班成绩箱线图（最低分、下四分位、中位数、上四分位、最高分）">
        {r.classes.some((c) => c.box) ? (
          <EChart option={box} testId="chart-box" />
        ) : (
          <Empty description="没有班级数据" />
        )}
      </Card>
    </Space>
  );
}

export function Segments({ r }: { r: Report }) {
  const option = useMemo(() => segmentsOption(r), [r]);
  return (
    <Space direction="vertical" style={{ width: '100%' }} size="middle">
      <Card size="small" title="一分一段曲线">
        {r.segments.length ? (
          <EChart option={option} testId="chart-segments" />
        ) : (
          <Empty description="没有实考考生" />
        )}
      </Card>
      <ReportTableCard report={r} sheet="segments" empty="没有实考考生" />
    </Space>
  );
}

/** The classes a radar starts with: the first few, so the polygons stay readable. */
const RADAR_CLASSES = 6;

/** 各班得分率雷达图: the chosen classes over the questions, the exam's as a dashed reference. */
function ClassRadar({ r }: { r: Report }) {
  const [chosen, setChosen] = useState(() => r.classes.slice(0, RADAR_CLASSES).map((c) => c.id));
  const option = useMemo(() => radarOption(r, chosen), [r, chosen]);
  if (r.questions.length < 3) return null;
  return (
    <Card
      size="small"
      title="各班得分率雷达图"
      extra={
        <Select<number[]>
          mode="multiple"
          aria-label="雷达图班级"
          placeholder="选择班级"
          maxTagCount="responsive"
          style={{ width: 320 }}
          value={chosen}
          onChange={setChosen}
          options={r.classes.map((c) => ({
            label: r.schools.length > 1 ? `${c.schoolName} ${c.name}` : c.name,
            value: c.id,
          }))}
          data-testid="radar-classes"
        />
      }
    >
      <EChart option={option} height={420} testId="chart-radar" />
      <Typography.Text type="secondary">
        每条轴为一道题的得分率（0–100%），虚线为全体考生；班级较多时请在右上角选择要对比的班级。
      </Typography.Text>
    </Card>
  );
}

export function Questions({ r }: { r: Report }) {
  const option = useMemo(() => questionsOption(r), [r]);
  if (r.subjectId === null) return <Empty description="试题分析按科目查看：请在上方选择一个科目" />;
  return (
    <Space direction="vertical" style={{ width: '100%' }} size="middle">
      {r.questions.length > 0 && (
        <Card size="small" title="各题得分率与区分度">
          <EChart option={option} testId="chart-questions" />
        </Card>
      )}
      <ClassRadar key={r.subjectId} r={r} />
      <ReportTableCard report={r} sheet="questions" empty="本科目没有设置题目" />
      <Typography.Text type="secondary" data-testid="questions-conventions">
        难度 P 为得分率（越大越容易）。区分度 D 为总分前 27% 与后 27%
        考生该题平均分之差除以满分：每组人数为实考人数 × 27% 四舍五入（本次 {groupSize(r.overall.sat)}{' '}
        人）；总分相同而跨在分组边界上的考生全部计入，平分剩下的名额（如 3 人争 2 个名额，各按 2/3
        人计），不按考号取舍；实考不足 2 人时没有 D，记为 —。点二列相关为该题得分与总分的相关系数。
        {kr20Covers(r)}
      </Typography.Text>
    </Space>
  );
}

/**
 * 等级与临界生. In an analysis group's report the grades are drawn within the group (computeReport grades the
 * members' scores alone), while 临界生 are counted against the exam's fixed lines (a share of full marks): the
 * group is told which of the two is its own.
 */
export function Levels({ r, inGroup = false }: { r: Report; inGroup?: boolean }) {
  const { grades, critical } = r.settings;
  return (
    <Space direction="vertical" style={{ width: '100%' }} size="middle">
      {inGroup && (
        <Alert
          type="info"
          showIcon
          data-testid="group-levels-note"
          title="等级赋分按本分析组内的排名比例计算，与全年级报表中的等级可能不同。"
          description={
            critical.lines.length
              ? '临界生按全年级相同的临界线判定，只统计组内学生：某名学生是否为临界生，与全年级报表一致。'
              : undefined
          }
        />
      )}
      <ReportTableCard report={r} sheet="levels" empty="没有可查看的班级" />
      <Typography.Text type="secondary" data-testid="levels-conventions">
        等级赋分按{inGroup ? '分析组内实考学生' : '全体实考考生'}的分数排名划分：
        {grades.map((g) => `${g.grade} 等 ${g.share}%（${g.high}–${g.low} 分）`).join('，')}
        。划线按新高考等级赋分（广东等 3+1+2
        省份的五等级方案）的规则：考生的等级由排在其前面的人数决定——到某等为止的累计人数为实考人数 ×
        累计比例，四舍五入到整人，排在前面的人数少于它即属该等；同分考生名次相同，同属较高的等级，不拆开。等级内按比例转换：赋分
        = 本等最低赋分 + (原始分 − 本等最低原始分) × 本等赋分区间宽度 ÷
        本等原始分区间宽度，四舍五入取整（本等只有一个原始分时取本等最高赋分）。临界生为分数在临界线上下满分的{' '}
        {critical.within}% 以内的考生（线下：低于临界线；线上：达到临界线）。
        {!critical.lines.length && '本次考试未设置临界线。'}
      </Typography.Text>
    </Space>
  );
}
