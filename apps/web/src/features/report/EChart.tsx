import { useEffect, useRef } from 'react';
import { BarChart, BoxplotChart, LineChart, RadarChart } from 'echarts/charts';
import {
  GridComponent,
  LegendComponent,
  MarkLineComponent,
  RadarComponent,
  TooltipComponent,
} from 'echarts/components';
import * as echarts from 'echarts/core';
import type { EChartsCoreOption } from 'echarts/core';
import { CanvasRenderer } from 'echarts/renderers';

// Only what the report charts draw: bars (distribution), a line (一分一段), box plots (classes), radar (questions),
// a mark line (成绩概览's exam mean).
echarts.use([
  BarChart,
  BoxplotChart,
  LineChart,
  RadarChart,
  GridComponent,
  RadarComponent,
  LegendComponent,
  MarkLineComponent,
  TooltipComponent,
  CanvasRenderer,
]);

/** One ECharts canvas that follows its option and its container's width. */
export function EChart({
  option,
  height = 320,
  testId,
}: {
  option: EChartsCoreOption;
  height?: number;
  testId: string;
}) {
  const box = useRef<HTMLDivElement>(null);
  const chart = useRef<echarts.ECharts | null>(null);
  useEffect(() => {
    const c = echarts.init(box.current!);
    chart.current = c;
    const resize = new ResizeObserver(() => c.resize());
    resize.observe(box.current!);
    return () => {
      resize.disconnect();
      c.dispose();
      chart.current = null;
    };
  }, []);
  useEffect(() => {
    // drawn once, not grown over a second: the growing bars redrew the canvas every frame while the report was
    // opening (issue 31, point 12); an option may still ask for animation
    chart.current?.setOption({ animation: false, ...option }, true);
  }, [option]);
  return <div ref={box} data-testid={testId} style={{ width: '100%', height }} />;
}
