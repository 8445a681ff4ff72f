import type { ScanExceptionDetail } from '@yj/contracts';
import { describe, expect, it } from 'vitest';
import { marksOf, regionLabel } from './exception-marks';

const box = { x: 10, y: 20, w: 30, h: 12 };
function detail(
  region: string,
  bubbles: NonNullable<ScanExceptionDetail['highlight']>['bubbles'],
  kept: Record<string, unknown> = {},
) {
  return {
    exception: { region, detail: kept },
    highlight: { pageId: 1, box, bubbles },
  } as unknown as ScanExceptionDetail;
}

describe('exception marks', () => {
  it('names recognition regions in Chinese', () => {
    expect(regionLabel('anchors')).toBe('定位点');
    expect(regionLabel('identity')).toBe('页码标识');
    expect(regionLabel('客观题1-5')).toBe('客观题1-5');
    expect(regionLabel(null)).toBe('—');
  });

  it('draws the 缺考标记 bubble once, in Chinese, not "absent 90%" over the region name', () => {
    const marks = marksOf(detail('缺考标记', [{ label: 'absent', box, fill: 0.9 }]));
    expect(marks).toEqual([{ box, label: '缺考标记 已涂 90%', color: '#fa8c16' }]);
  });

  it('keeps the region and each option with its fill for a group of bubbles', () => {
    const a = { x: 12, y: 22, w: 5, h: 5 };
    const marks = marksOf(detail('客观题1-5', [{ label: 'A', box: a, fill: 0.42 }]));
    expect(marks.map((m) => m.label)).toEqual(['客观题1-5', 'A 42%']);
  });

  it('draws an option put in doubt by a tick after it or a ring round it in its own colour, and says so', () => {
    const at = (x: number) => ({ x, y: 22, w: 5, h: 5 });
    const bubbles = ['A', 'B', 'C', 'D'].map((label, i) => ({ label, box: at(12 + 8 * i), fill: 0.05 }));
    const marks = marksOf(detail('3', bubbles, { fills: [0.05, 0.05, 0.05, 0.05], doubted: [1] }));
    expect(marks.map((m) => [m.label, m.color])).toEqual([
      ['3', undefined],
      ['A 5%', '#fa8c16'],
      ['B 存疑', '#1677ff'],
      ['C 5%', '#fa8c16'],
      ['D 5%', '#fa8c16'],
    ]);
  });
});
