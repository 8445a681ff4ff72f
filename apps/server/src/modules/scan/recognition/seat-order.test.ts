import { describe, expect, it } from 'vitest';
import { oneSlipApart, seatOutliers, type SeatSheet } from './seat-order';

/** A batch of one room from seat numbers (2026 01 nn), in scan order; paper ids from 1. */
const run = (seats: number[], room = '01', from = 1): SeatSheet[] =>
  seats.map((n, i) => ({
    paperId: from + i,
    kaohao: `202601${String(n).padStart(2, '0')}`,
    room,
    trusted: false,
    raised: false,
  }));
const seats = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => from + i);

describe('seatOutliers', () => {
  it('raises a sheet whose neighbours are in order and it not between them', () => {
    // seat 14 filled 24 (absent): found between 13 and 15
    const batch = run([...seats(1, 13), 24, ...seats(15, 23), ...seats(25, 30)]);
    expect(seatOutliers(batch)).toEqual([
      { paperId: 14, kaohao: '20260124', before: '20260113', after: '20260115' },
    ]);
  });

  it('reads a pile lying the other way round (descending) the same', () => {
    const batch = run([...seats(15, 30).reverse(), 4, ...seats(1, 13).reverse()]);
    expect(seatOutliers(batch)).toEqual([
      { paperId: 17, kaohao: '20260104', before: '20260115', after: '20260113' },
    ]);
  });

  it('judges each room’s run alone, past sheets without a number', () => {
    const batch = [
      ...run(seats(1, 12), '01'),
      { paperId: 50, kaohao: null, room: null, trusted: false, raised: false },
      ...run([...seats(1, 5), 19, ...seats(7, 12)], '02', 100),
    ].map((x) => (x.room === '02' && x.kaohao ? { ...x, kaohao: x.kaohao.replace('202601', '202602') } : x));
    expect(seatOutliers(batch)).toEqual([
      { paperId: 105, kaohao: '20260219', before: '20260205', after: '20260207' },
    ]);
  });

  it('says nothing of a run not in seat order, too short, or of its ends', () => {
    // shuffled
    expect(seatOutliers(run([3, 1, 7, 2, 9, 4, 12, 5, 6, 11, 8, 10]))).toEqual([]);
    // two sheets out of place in a room of 30
    expect(seatOutliers(run([...seats(1, 9), 27, ...seats(11, 19), 28, ...seats(21, 26)]))).toEqual([]);
    expect(seatOutliers(run([1, 2, 3, 4, 15, 6, 7, 8, 9]))).toEqual([]);
    expect(seatOutliers(run([25, ...seats(2, 12)]))).toEqual([]);
    expect(seatOutliers(run([...seats(1, 11), 1]))).toEqual([]);
  });

  it('leaves a sheet a person settled, or already raised', () => {
    const batch = run([...seats(1, 5), 16, ...seats(7, 12)]);
    expect(seatOutliers(batch.map((x) => (x.paperId === 6 ? { ...x, trusted: true } : x)))).toEqual([]);
    expect(seatOutliers(batch.map((x) => (x.paperId === 6 ? { ...x, raised: true } : x)))).toEqual([]);
  });
});

describe('oneSlipApart', () => {
  it('is one digit in the wrong row, or two neighbouring digits swapped', () => {
    expect(oneSlipApart('20260114', '20260124')).toBe(true);
    expect(oneSlipApart('20260114', '20260141')).toBe(true);
    expect(oneSlipApart('20260114', '20260127')).toBe(false);
    expect(oneSlipApart('20260114', '20260411')).toBe(false);
    expect(oneSlipApart('20260114', '20260114')).toBe(false);
    expect(oneSlipApart('20260114', '2026014')).toBe(false);
  });
});
