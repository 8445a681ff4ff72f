import { describe, expect, it } from 'vitest';
import { previewKaohao } from './kaohao-preview';

const classes = [
  { id: 1, name: '高一(1)班', students: 35 },
  { id: 2, name: '高一(2)班', students: 0 },
  { id: 3, name: '高一(3)班', students: 40 },
];

describe('previewKaohao', () => {
  it('numbers by class and seat, skipping empty classes as the server does', () => {
    const p = previewKaohao({ kind: 'classSeat', prefix: '27', classDigits: 2, seatDigits: 2 }, classes, 30);
    expect(p.rows.map((r) => [r.className, r.first, r.last])).toEqual([
      ['高一(1)班', '270101', '270135'],
      ['高一(3)班', '270201', '270240'],
    ]);
    expect(p.total).toBe(75);
    expect(p.rooms).toBe(3);
    expect(p.problem).toBeNull();
  });

  it('continues the running number after the examinees already in the exam', () => {
    const p = previewKaohao({ kind: 'sequence', prefix: '', digits: 4 }, classes, 0, 101);
    expect(p.rows.map((r) => [r.first, r.last])).toEqual([
      ['0101', '0135'],
      ['0136', '0175'],
    ]);
    // a room per class
    expect(p.rooms).toBe(2);
  });

  it('says why a rule cannot number the students', () => {
    expect(
      previewKaohao(
        { kind: 'classSeat', prefix: '', classDigits: 2, seatDigits: 2 },
        [{ id: 1, name: '1班', students: 120 }],
        30,
      ).problem,
    ).toBe('班内序号需要 3 位，请增加座位位数');
    expect(
      previewKaohao(
        { kind: 'sequence', prefix: '', digits: 3 },
        [{ id: 1, name: '1班', students: 50 }],
        30,
        960,
      ).problem,
    ).toBe('考生人数超过 3 位流水号的容量，请增加位数');
  });

  it('uses the xuehao as is', () => {
    expect(previewKaohao({ kind: 'xuehao' }, classes, 30).rows[0]?.first).toBe('与学号相同');
  });
});
