import type { KaohaoRule } from '@yj/contracts';

export interface PreviewClass {
  id: number;
  name: string;
  students: number;
}

export interface PreviewRow {
  classId: number;
  className: string;
  students: number;
  /** first and last kaohao of the class, or a note when the kaohao is the xuehao */
  first: string;
  last: string;
}

export interface KaohaoPreview {
  rows: PreviewRow[];
  total: number;
  rooms: number;
  /** why the server would refuse the rule, in its words, or null */
  problem: string | null;
}

const pad = (n: number, digits: number) => String(n).padStart(digits, '0');

/**
 * What the server's numbering (modules/exam/kaohao.ts) will produce for the chosen classes, before
 * anything is written. `seqStart` is the running number after the examinees already in the exam.
 * Students already in the exam are skipped by the server, so counts are an upper bound.
 */
export function previewKaohao(
  rule: KaohaoRule,
  classes: PreviewClass[],
  roomSize: number,
  seqStart = 1,
): KaohaoPreview {
  const taken = classes.filter((c) => c.students > 0);
  const total = taken.reduce((n, c) => n + c.students, 0);
  const rooms = roomSize > 0 ? Math.ceil(total / roomSize) : taken.length;
  let seq = seqStart;
  const rows = taken.map((c, i): PreviewRow => {
    const classIndex = i + 1;
    const firstSeq = seq;
    seq += c.students;
    const at = (position: number, running: number): string => {
      if (rule.kind === 'xuehao') return '与学号相同';
      if (rule.kind === 'classSeat')
        return `${rule.prefix}${pad(classIndex, rule.classDigits)}${pad(position, rule.seatDigits)}`;
      return `${rule.prefix}${pad(running, rule.digits)}`;
    };
    return {
      classId: c.id,
      className: c.name,
      students: c.students,
      first: at(1, firstSeq),
      last: at(c.students, seq - 1),
    };
  });
  return { rows, total, rooms, problem: ruleProblem(rule, taken, seqStart) };
}

function ruleProblem(rule: KaohaoRule, classes: PreviewClass[], seqStart: number): string | null {
  if (rule.kind === 'classSeat') {
    const maxClass = classes.length;
    const maxPos = Math.max(0, ...classes.map((c) => c.students));
    if (String(maxClass).length > rule.classDigits)
      return `班级序号需要 ${String(maxClass).length} 位，请增加班级位数`;
    if (String(maxPos).length > rule.seatDigits)
      return `班内序号需要 ${String(maxPos).length} 位，请增加座位位数`;
  }
  const total = classes.reduce((n, c) => n + c.students, 0);
  if (rule.kind === 'sequence' && String(seqStart + total - 1).length > rule.digits) {
    return `考生人数超过 ${rule.digits} 位流水号的容量，请增加位数`;
  }
  return null;
}
