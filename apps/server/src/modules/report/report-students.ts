import type { ExamineeColumns } from './report-compute';
import { bestFirst, gradeScores, groupRanks, ranks, standardScores, type GradeBand } from '@yj/stats';

/** One examinee's score in a report (a subject, or the total over the published subjects). */
export interface StudentEntry {
  examineeId: number;
  studentId: number;
  schoolId: number;
  classId: number;
  /** null: 缺考 */
  total: number | null;
}

/** The examinees of columns as entries (NaN → null: 缺考). */
export const studentEntries = (c: ExamineeColumns): StudentEntry[] =>
  Array.from(c.examineeIds, (examineeId, i) => ({
    examineeId,
    studentId: c.studentIds[i]!,
    schoolId: c.schoolIds[i]!,
    classId: c.classIds[i]!,
    total: Number.isNaN(c.totals[i]) ? null : c.totals[i]!,
  }));

export interface StudentFigures {
  rankInClass: number | null;
  rankInSchool: number | null;
  rank: number | null;
  z: number | null;
  t: number | null;
  grade: string | null;
  points: number | null;
}

/**
 * Each examinee's ranks in class, school and the whole exam (competition ranking, @yj/stats `ranks`), Z and T
 * scores and 等级赋分 over every examinee of the exam — the same population the report's figures use, so a
 * teacher who sees one class still reads the exam-wide rank and grade. Pure: data in, figures out.
 */
export function studentFigures(
  entries: readonly StudentEntry[],
  grades: readonly GradeBand[],
): StudentFigures[] {
  const totals = entries.map((e) => e.total);
  // one sort for the three rankings
  const best = bestFirst(totals);
  const rank = ranks(totals, best);
  const inClass = groupRanks(
    totals,
    entries.map((e) => e.classId),
    best,
  );
  const inSchool = groupRanks(
    totals,
    entries.map((e) => e.schoolId),
    best,
  );
  const { z, t } = standardScores(totals);
  const graded = gradeScores(totals, grades, rank);
  return entries.map((_, i) => ({
    rankInClass: inClass[i]!,
    rankInSchool: inSchool[i]!,
    rank: rank[i]!,
    z: z[i]!,
    t: t[i]!,
    grade: graded[i]?.grade ?? null,
    points: graded[i]?.points ?? null,
  }));
}

/**
 * The 学生成绩 figures of every examinee of a report in list order — best first, ties by exam number, 缺考 last
 * — as columns (what report_cache keeps as kind 'students'; the list and 进退步 read it). Examinees without an
 * exam number in `kaohao` are left out.
 */
export interface StudentTable {
  examineeId: number[];
  studentId: number[];
  schoolId: number[];
  classId: number[];
  /** the exam number at computation: the order of equal ranks */
  kaohao: string[];
  score: (number | null)[];
  rankInClass: (number | null)[];
  rankInSchool: (number | null)[];
  rank: (number | null)[];
  z: (number | null)[];
  t: (number | null)[];
  grade: (string | null)[];
  points: (number | null)[];
}

/**
 * Each examinee's place in the order of exam numbers (String#localeCompare's order; equal numbers share a
 * place), kept per map of exam numbers: the tables of one exam share the map (see `warm`), so the numbers are
 * sorted once per exam rather than compared again at every tie of every table.
 */
const kaohaoOrders = new WeakMap<ReadonlyMap<number, string>, Map<number, number>>();
function kaohaoOrder(kaohao: ReadonlyMap<number, string>): Map<number, number> {
  const had = kaohaoOrders.get(kaohao);
  if (had) return had;
  const collator = new Intl.Collator(); // one collator for the whole sort
  const list = [...kaohao].sort((a, b) => collator.compare(a[1], b[1]));
  const order = new Map<number, number>();
  list.forEach(([id, k], i) => {
    const prev = i > 0 ? list[i - 1]! : null;
    order.set(id, prev && collator.compare(prev[1], k) === 0 ? order.get(prev[0])! : i);
  });
  kaohaoOrders.set(kaohao, order);
  return order;
}

/**
 * Sorts positions by rank (Infinity: 缺考, last), then place of the exam number, then position — what a stable
 * sort by the first two gives. Ranks and places are whole numbers up to the count, so the three fit one exact
 * double and a native sort of the keys does it (100,000 examinees) without a comparator called per pair.
 */
function sortByRankAndKaohao(order: number[], rank: Float64Array, at: Float64Array): void {
  const m = rank.length + 2;
  if (m ** 3 > Number.MAX_SAFE_INTEGER) {
    order.sort((a, b) => rank[a]! - rank[b]! || at[a]! - at[b]! || a - b);
    return;
  }
  const keys = Float64Array.from(
    order,
    (i) => ((rank[i] === Infinity ? m - 1 : rank[i]!) * m + at[i]!) * m + i,
  );
  keys.sort();
  for (let k = 0; k < keys.length; k++) order[k] = keys[k]! % m;
}

export function studentTable(
  entries: readonly StudentEntry[],
  grades: readonly GradeBand[],
  kaohao: ReadonlyMap<number, string>,
): StudentTable {
  const figures = studentFigures(entries, grades);
  const order: number[] = [];
  for (let i = 0; i < entries.length; i++) if (kaohao.has(entries[i]!.examineeId)) order.push(i);
  const k = (i: number) => kaohao.get(entries[i]!.examineeId)!;
  const place = kaohaoOrder(kaohao);
  sortByRankAndKaohao(
    order,
    Float64Array.from(entries, (_, i) => figures[i]!.rank ?? Infinity),
    Float64Array.from(entries, (e) => place.get(e.examineeId) ?? 0),
  );
  const column = <T>(f: (i: number) => T) => order.map(f);
  return {
    examineeId: column((i) => entries[i]!.examineeId),
    studentId: column((i) => entries[i]!.studentId),
    schoolId: column((i) => entries[i]!.schoolId),
    classId: column((i) => entries[i]!.classId),
    kaohao: column(k),
    score: column((i) => entries[i]!.total),
    rankInClass: column((i) => figures[i]!.rankInClass),
    rankInSchool: column((i) => figures[i]!.rankInSchool),
    rank: column((i) => figures[i]!.rank),
    z: column((i) => figures[i]!.z),
    t: column((i) => figures[i]!.t),
    grade: column((i) => figures[i]!.grade),
    points: column((i) => figures[i]!.points),
  };
}
