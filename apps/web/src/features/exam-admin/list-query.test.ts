import { describe, expect, it } from 'vitest';
import { dateRange } from './exam-columns';
import { EMPTY_FILTERS, hasFilters, toListRequest } from './list-query';
import { parseId } from './route-id';
import { resumeStep } from './create/wizard-steps';

describe('toListRequest', () => {
  it('leaves empty filters out', () => {
    expect(toListRequest(EMPTY_FILTERS, 1, 10)).toEqual({ page: 1, size: 10 });
    expect(
      toListRequest(
        {
          keyword: ' 期中 ',
          gradeId: 3,
          state: 'setting',
          includeHidden: true,
          dateFrom: '2026-11-01',
          dateTo: '2026-11-30',
        },
        2,
        10,
      ),
    ).toEqual({
      page: 2,
      size: 10,
      keyword: '期中',
      gradeId: 3,
      state: 'setting',
      includeHidden: true,
      dateFrom: '2026-11-01',
      dateTo: '2026-11-30',
    });
  });

  it('does not count the hidden switch as a narrowing filter', () => {
    expect(hasFilters({ ...EMPTY_FILTERS, includeHidden: true })).toBe(false);
    expect(hasFilters({ ...EMPTY_FILTERS, keyword: '  ' })).toBe(false);
    expect(hasFilters({ ...EMPTY_FILTERS, type: 1 })).toBe(true);
  });
});

describe('small helpers', () => {
  it('dateRange drops a repeated year', () => {
    expect(dateRange(null, null)).toBe('未定');
    expect(dateRange('2026-11-12', '2026-11-12')).toBe('2026-11-12');
    expect(dateRange('2026-11-12', '2026-11-13')).toBe('2026-11-12 ～ 11-13');
    expect(dateRange('2026-12-31', '2027-01-01')).toBe('2026-12-31 ～ 2027-01-01');
  });

  it('parseId accepts positive integers only', () => {
    expect(parseId('12')).toBe(12);
    expect(parseId('0')).toBeNull();
    expect(parseId('1e3')).toBeNull();
    expect(parseId(undefined)).toBeNull();
  });

  it('a created exam resumes at 考生 or later', () => {
    expect(resumeStep(2)).toBe(3);
    expect(resumeStep(3)).toBe(3);
    expect(resumeStep(4)).toBe(4);
    expect(resumeStep(9)).toBe(4);
  });
});
