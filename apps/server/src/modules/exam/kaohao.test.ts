import { describe, expect, it } from 'vitest';
import { place, ruleProblem, type SeatStudent } from './kaohao';

const students: SeatStudent[] = [
  { studentId: 1, xuehao: '2026001', classId: 10, classIndex: 1, position: 1 },
  { studentId: 2, xuehao: '2026002', classId: 10, classIndex: 1, position: 2 },
  { studentId: 3, xuehao: '2026101', classId: 11, classIndex: 2, position: 1 },
];

describe('kaohao rules', () => {
  it('uses the xuehao as it is', () => {
    expect(place({ kind: 'xuehao' }, students, 30, 1, 1).map((p) => p.kaohao)).toEqual([
      '2026001',
      '2026002',
      '2026101',
    ]);
  });

  it('builds prefix + class + seat', () => {
    const p = place({ kind: 'classSeat', prefix: '26', classDigits: 2, seatDigits: 2 }, students, 0, 1, 1);
    expect(p.map((x) => x.kaohao)).toEqual(['260101', '260102', '260201']);
    // one room per class, seat = position in class
    expect(p.map((x) => [x.kaochang, x.seat])).toEqual([
      ['01', 1],
      ['01', 2],
      ['02', 1],
    ]);
  });

  it('numbers in sequence after what the exam already has, rooms of a fixed size', () => {
    const p = place({ kind: 'sequence', prefix: '9', digits: 4 }, students, 2, 5, 41);
    expect(p.map((x) => x.kaohao)).toEqual(['90041', '90042', '90043']);
    expect(p.map((x) => [x.kaochang, x.seat])).toEqual([
      ['05', 1],
      ['05', 2],
      ['06', 1],
    ]);
  });

  it('says when the digits are too few', () => {
    expect(
      ruleProblem(
        { kind: 'classSeat', prefix: '', classDigits: 1, seatDigits: 2 },
        [{ ...students[0]!, classIndex: 12 }],
        1,
      ),
    ).toMatch(/班级序号需要 2 位/);
    expect(ruleProblem({ kind: 'sequence', prefix: '', digits: 3 }, students, 998)).toMatch(/容量/);
    expect(ruleProblem({ kind: 'xuehao' }, students, 1)).toBeNull();
  });
});
