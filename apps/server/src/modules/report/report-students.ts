import { CachedStudentTableSchema, type CachedStudentTable } from '@yj/contracts';
import { readCached } from '../../db/stored';
import type { ExamineeColumns } from './report-compute';
import { studentColumns, tScore, zScore, type GradeBand } from '@yj/stats';

/** One examinee's score in a report (a subject, or the total over the published subjects). */
export interface StudentEntry {
  examineeId: number;
  studentId: number;
  schoolId: number;
  classId: number;
  /** null: 缺考 */
  total: number | null;
}

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
 * Each examinee's ranks in class, school and the whole exam, Z and T scores and 等级赋分 (@yj/stats
 * `studentColumns`) over every examinee of the exam — the same population the report's figures use, so a
 * teacher who sees one class still reads the exam-wide rank and grade. Pure: data in, figures out.
 */
export function studentFigures(
  entries: readonly StudentEntry[],
  grades: readonly GradeBand[],
): StudentFigures[] {
  const c = studentColumns(
    Float64Array.from(entries, (e) => e.total ?? NaN),
    Int32Array.from(entries, (e) => e.schoolId),
    Int32Array.from(entries, (e) => e.classId),
    grades,
  );
  // 缺考: rank Infinity, group ranks 0, the rest NaN
  const ranked = (x: number) => (x > 0 && x < Infinity ? x : null);
  const value = (x: number) => (Number.isNaN(x) ? null : x);
  return entries.map((_, i) => ({
    rankInClass: ranked(c.rankInClass[i]!),
    rankInSchool: ranked(c.rankInSchool[i]!),
    rank: ranked(c.rank[i]!),
    z: value(c.z[i]!),
    t: value(c.t[i]!),
    grade: c.grade[i]! < 0 ? null : grades[c.grade[i]!]!.grade,
    points: value(c.points[i]!),
  }));
}

/**
 * The 学生成绩 figures of every examinee of a report in list order — best first, ties by exam number, 缺考 last
 * — as columns, as report_cache keeps them (kind 'students'; the list and 进退步 read it): without Z and T,
 * which are the score's, the mean's and σ's (`standard`) and are computed again when the table is read
 * (`parseStudentTable`) — two 17-digit numbers per examinee less to print, store and parse. Examinees without an
 * exam number in `kaohao` are left out. Its shape: contracts `CachedStudentTableSchema`.
 */
export type StoredStudentTable = CachedStudentTable;

/** The 学生成绩 table as read: the stored columns with each examinee's Z and T. */
export interface StudentTable extends StoredStudentTable {
  z: (number | null)[];
  t: (number | null)[];
}

/**
 * A stored 学生成绩 table (`studentTableText`) read, Z and T computed from each score by the rule that made
 * them (@yj/stats `zScore`, `tScore`): the same numbers as computing the table gave, the score, mean and σ
 * being stored exactly (a double's shortest text reads back as the same double).
 */
export function parseStudentTable(json: string): StudentTable {
  const table = readCached(CachedStudentTableSchema, json, 'students');
  const s = table.standard;
  const z = table.score.map((x) => (x === null || s === null ? null : zScore(x, s)));
  return { ...table, z, t: z.map((v) => (v === null ? null : tScore(v))) };
}

/** An exam's numbers in their order, with each one's place and where an examinee's is found. */
interface KaohaoIndex {
  /** the examinee's position in `numbers` (−1: no exam number) */
  at: (examineeId: number) => number;
  numbers: string[];
  /** each number's place in the order (String#localeCompare's order; equal numbers share a place) */
  place: Int32Array;
}

/**
 * The `KaohaoIndex` of a map of exam numbers, kept per map: the tables of one exam share the map (see `warm`),
 * so the numbers are sorted once per exam rather than compared again at every tie of every table. Examinee ids
 * of an exam lie close together: found in an array by id, not a Map of 100,000 (a lookup there missed the
 * cache: 70 ms a table).
 */
const kaohaoIndexes = new WeakMap<ReadonlyMap<number, string>, KaohaoIndex>();
function kaohaoIndex(kaohao: ReadonlyMap<number, string>): KaohaoIndex {
  const had = kaohaoIndexes.get(kaohao);
  if (had) return had;
  const collator = new Intl.Collator(); // one collator for the whole sort
  const list = [...kaohao].sort((a, b) => collator.compare(a[1], b[1]));
  const n = list.length;
  const numbers = list.map((e) => e[1]);
  const place = new Int32Array(n);
  for (let i = 1; i < n; i++)
    place[i] = collator.compare(numbers[i - 1]!, numbers[i]!) === 0 ? place[i - 1]! : i;
  let min = Infinity;
  let max = -Infinity;
  for (const [id] of list) {
    min = Math.min(min, id);
    max = Math.max(max, id);
  }
  let at: (examineeId: number) => number;
  if (n && max - min < 4 * n + 1024) {
    const slot = new Int32Array(max - min + 1).fill(-1);
    list.forEach(([id], i) => (slot[id - min] = i));
    at = (id) => (id >= min && id <= max ? slot[id - min]! : -1);
  } else {
    const byId = new Map(list.map(([id], i) => [id, i]));
    at = (id) => byId.get(id) ?? -1;
  }
  const index = { at, numbers, place };
  kaohaoIndexes.set(kaohao, index);
  return index;
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

/**
 * The 学生成绩 table of a report's examinees (columns: NaN → 缺考) as the JSON text of a `StoredStudentTable` — the
 * figures of `studentFigures` (both from @yj/stats `studentColumns`), written from the columns: no object per
 * examinee (100,000 of them in each of an exam's ten tables).
 */
export function studentTableText(
  c: ExamineeColumns,
  grades: readonly GradeBand[],
  kaohao: ReadonlyMap<number, string>,
): string {
  const totals = c.totals;
  const n = totals.length;
  const f = studentColumns(totals, c.schoolIds, c.classIds, grades);
  const rank = f.rank;
  // the rows listed (those with an exam number) in list order
  const index = kaohaoIndex(kaohao);
  const at = new Float64Array(n);
  const listed = new Int32Array(n); // the position of the examinee's number in `index`
  const order: number[] = [];
  for (let i = 0; i < n; i++) {
    const j = index.at(c.examineeIds[i]!);
    if (j < 0) continue;
    at[i] = index.place[j]!;
    listed[i] = j;
    order.push(i);
  }
  sortByRankAndKaohao(order, rank, at);
  // the columns in list order, typed (NaN: null): a number in an array of nulls would be a heap object each
  const len = order.length;
  const ints = () => new Int32Array(len);
  const doubles = () => new Float64Array(len).fill(NaN);
  const col = {
    examineeId: ints(),
    studentId: ints(),
    schoolId: ints(),
    classId: ints(),
    score: doubles(),
    rankInClass: doubles(),
    rankInSchool: doubles(),
    rank: doubles(),
    points: doubles(),
  };
  const numbers: string[] = new Array<string>(len);
  const gradeOf: (string | null)[] = new Array<string | null>(len).fill(null);
  for (let k = 0; k < len; k++) {
    const i = order[k]!;
    const id = c.examineeIds[i]!;
    col.examineeId[k] = id;
    col.studentId[k] = c.studentIds[i]!;
    col.schoolId[k] = c.schoolIds[i]!;
    col.classId[k] = c.classIds[i]!;
    numbers[k] = index.numbers[listed[i]!]!;
    const s = totals[i]!;
    if (s !== s) continue;
    col.score[k] = s;
    col.rankInClass[k] = f.rankInClass[i]!;
    col.rankInSchool[k] = f.rankInSchool[i]!;
    col.rank[k] = rank[i]!;
    gradeOf[k] = grades[f.grade[i]!]!.grade;
    col.points[k] = f.points[i]!;
  }
  // JSON.stringify's text of the table, written from the typed columns (a finite number prints the same in
  // both); 缺考 are listed last, so a column's nulls are its tail
  let scored = 0;
  while (scored < len && col.score[scored] === col.score[scored]) scored++;
  const nulls = 'null,'.repeat(len - scored).slice(0, -1);
  const list = (a: Int32Array | Float64Array) => {
    if (a instanceof Int32Array) return `[${a.join(',')}]`;
    const head = a.subarray(0, scored).join(',');
    return `[${head}${head && nulls ? ',' : ''}${nulls}]`;
  };
  return (
    `{"examineeId":${list(col.examineeId)},"studentId":${list(col.studentId)},` +
    `"schoolId":${list(col.schoolId)},"classId":${list(col.classId)},"kaohao":${JSON.stringify(numbers)},` +
    `"score":${list(col.score)},"rankInClass":${list(col.rankInClass)},` +
    `"rankInSchool":${list(col.rankInSchool)},"rank":${list(col.rank)},` +
    `"grade":${JSON.stringify(gradeOf)},"points":${list(col.points)},"standard":${JSON.stringify(f.standard)}}`
  );
}
