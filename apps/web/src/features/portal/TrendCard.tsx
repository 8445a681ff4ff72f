import type { PortalTrend } from '@yj/contracts';
import { Card, Segmented, Select } from 'antd';
import { useMemo, useState } from 'react';
import { EChart } from '../report/EChart';
import { TOTAL, trendModes, trendOption, trendSeries, type TrendMode } from './trend-chart';

/** 历次成绩: the total's or a subject's share of full marks, rank or band over the published exams (two or more). */
export function TrendCard({ trend }: { trend: PortalTrend }) {
  const [series, setSeries] = useState(TOTAL);
  const [wanted, setMode] = useState<TrendMode>('得分率');
  const modes = trendModes(trend, series);
  const mode = modes.includes(wanted) ? wanted : '得分率';
  const option = useMemo(() => trendOption(trend, series, mode), [trend, series, mode]);
  return (
    <Card
      size="small"
      title="历次成绩"
      data-testid="portal-trend"
      extra={
        <Select
          size="small"
          value={series}
          onChange={setSeries}
          options={trendSeries(trend).map((n) => ({ value: n, label: n }))}
          style={{ width: 96 }}
          data-testid="portal-trend-series"
        />
      }
    >
      {modes.length > 1 && (
        <Segmented
          block
          size="small"
          options={modes}
          value={mode}
          onChange={(v) => setMode(v as TrendMode)}
          data-testid="portal-trend-mode"
        />
      )}
      <EChart option={option} height={220} testId="portal-trend-chart" />
    </Card>
  );
}
