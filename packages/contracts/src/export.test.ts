import { describe, expect, it } from 'vitest';
import { scoreCellText, totalCellText, type AllScoreSubject } from './export';

const subjects: AllScoreSubject[] = [
  { id: 1, name: '语文', fullScore: 150, inTotal: true },
  { id: 2, name: '数学', fullScore: 150, inTotal: true },
  { id: 3, name: '体育', fullScore: 60, inTotal: false },
];

describe('score cells as the screens and the Excel show them', () => {
  it('a figure, 缺考 never 0, 违纪 beside its 0, blank without a sheet', () => {
    expect(scoreCellText({ total: 0, status: 'ok' })).toBe(0);
    expect(scoreCellText({ total: 97.5, status: 'ok' })).toBe(97.5);
    expect(scoreCellText({ total: null, status: 'absent' })).toBe('缺考');
    expect(scoreCellText({ total: 0, status: 'irregular' })).toBe('违纪');
    expect(scoreCellText({ total: null, status: 'missing' })).toBe('');
  });

  it('the total: its sum; 缺考 only when every counted subject was missed; else blank', () => {
    const absent = { total: null, status: 'absent' as const };
    expect(totalCellText({ total: 180, subjects: {} }, subjects)).toBe(180);
    // 体育 is not counted: taking only it leaves the total 缺考
    expect(
      totalCellText(
        { total: null, subjects: { 1: absent, 2: absent, 3: { total: 50, status: 'ok' } } },
        subjects,
      ),
    ).toBe('缺考');
    expect(
      totalCellText(
        { total: null, subjects: { 1: absent, 2: { total: null, status: 'missing' } } },
        subjects,
      ),
    ).toBe('');
    expect(totalCellText({ total: null, subjects: {} }, [])).toBe('');
  });
});
