import type { KaohaoRule } from '@yj/contracts';

export interface SeatStudent {
  studentId: number;
  xuehao: string;
  classId: number;
  /** 1-based position of the class among the classes taken, in display order */
  classIndex: number;
  /** 1-based position of the student within the class */
  position: number;
}

export interface Placement {
  studentId: number;
  kaohao: string;
  kaochang: string;
  seat: number;
}

const pad = (n: number, digits: number) => String(n).padStart(digits, '0');

/** The kaohao of one student under a rule; `seq` is the 1-based running number among all examinees. */
export function kaohaoFor(rule: KaohaoRule, s: SeatStudent, seq: number): string {
  switch (rule.kind) {
    case 'xuehao':
      return s.xuehao;
    case 'classSeat':
      return `${rule.prefix}${pad(s.classIndex, rule.classDigits)}${pad(s.position, rule.seatDigits)}`;
    case 'sequence':
      return `${rule.prefix}${pad(seq, rule.digits)}`;
  }
}

/** Why a rule cannot number these students (digits too few), or null. */
export function ruleProblem(rule: KaohaoRule, students: SeatStudent[], seqStart: number): string | null {
  if (rule.kind === 'classSeat') {
    const maxClass = Math.max(0, ...students.map((s) => s.classIndex));
    const maxPos = Math.max(0, ...students.map((s) => s.position));
    if (String(maxClass).length > rule.classDigits)
      return `班级序号需要 ${String(maxClass).length} 位，请增加班级位数`;
    if (String(maxPos).length > rule.seatDigits)
      return `班内序号需要 ${String(maxPos).length} 位，请增加座位位数`;
  }
  if (rule.kind === 'sequence' && String(seqStart + students.length - 1).length > rule.digits) {
    return `考生人数超过 ${rule.digits} 位流水号的容量，请增加位数`;
  }
  return null;
}

/**
 * Numbers students and seats them: rooms of `roomSize` in order (0 = one room per class), continuing after
 * the rooms and running numbers already used in the exam.
 */
export function place(
  rule: KaohaoRule,
  students: SeatStudent[],
  roomSize: number,
  firstRoom: number,
  seqStart: number,
): Placement[] {
  return students.map((s, i) => {
    const room = roomSize > 0 ? firstRoom + Math.floor(i / roomSize) : firstRoom + s.classIndex - 1;
    const seat = roomSize > 0 ? (i % roomSize) + 1 : s.position;
    return { studentId: s.studentId, kaohao: kaohaoFor(rule, s, seqStart + i), kaochang: pad(room, 2), seat };
  });
}
