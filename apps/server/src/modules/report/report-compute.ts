import type { Report, ReportFigures, ReportGroup, ReportQuestion, ReportSettings } from '@yj/contracts';
import {
  bestFirst,
  boxPlotOf,
  columnItemStats,
  columnReliability,
  compareMeans,
  isCritical,
  extremeGroups,
  fourRatesOf,
  gradeColumns,
  groupingsColumnMeans,
  oneScoreSegments,
  ranks,
  scoreBands,
  summaryOf,
  type Column,
} from '@yj/stats';

/**
 * The examinees of a report as columns (one value per examinee, same positions throughout): school, class, the
 * score the report is about (NaN: 缺考) and its parts — one column per question, or per subject for the total
 * (NaN: no score). Columns rather than an object per examinee: 100,000 examinees × 40 questions.
 */
export interface ReportEntries {
  schoolIds: Int32Array;
  classIds: Int32Array;
  totals: Column;
  parts: Column[];
}

export interface ReportInput {
  examId: number;
  examName: string;
  subjectId: number | null;
  name: string;
  fullScore: number;
  entries: ReportEntries;
  /** subject report: the questions the parts are (得分率 per group); total report: none */
  questions: { no: string; kind: string; full: number; answer: string }[];
  options: Map<string, { answer: string; count: number }[]>;
  /** total report: the subjects the parts are (mean per group) */
  subjects: { id: number; name: string; fullScore: number }[];
  schools: { id: number; name: string }[];
  classes: { id: number; name: string; schoolId: number }[];
  /** the exam's 四率, 等级赋分 and 临界生 settings */
  settings: ReportSettings;
}

/**
 * The figures of the examinees at `idx` (every one when null). `grade` / `points` are each examinee's 等级赋分
 * (band index, −1 缺考), graded over the whole exam (a class's grades are its share of the exam's, not graded
 * within the class). The scores sat are gathered once, in list order, and sorted once for the median and box.
 */
export function figures(
  totals: Column,
  graded: { grade: Int16Array; points: Float64Array },
  idx: readonly number[] | null,
  fullScore: number,
  settings: ReportSettings,
): ReportFigures {
  const n = idx ? idx.length : totals.length;
  const xs = new Float64Array(n);
  let sat = 0;
  const grades = settings.grades.map(() => 0);
  // a band's count goes where its name's is counted (the last band of that name)
  const gradeAt = new Map<string, number>(settings.grades.map((b, k) => [b.grade, k]));
  const slot = settings.grades.map((b) => gradeAt.get(b.grade)!);
  let pointSum = 0;
  let pointCount = 0;
  for (let k = 0; k < n; k++) {
    const i = idx ? idx[k]! : k;
    const x = totals[i]!;
    if (x === x) xs[sat++] = x;
    const g = graded.grade[i]!;
    if (g < 0) continue;
    grades[slot[g]!]!++;
    pointSum += graded.points[i]!;
    pointCount++;
  }
  const present = xs.subarray(0, sat);
  const sorted = Float64Array.from(present).sort();
  const t = settings.rates;
  const r = fourRatesOf(present, fullScore, {
    excellent: t.excellent / 100,
    good: t.good / 100,
    pass: t.pass / 100,
    low: t.low / 100,
  });
  const within = (fullScore * settings.critical.within) / 100;
  // the counts of `criticalStudents` on each side of a line, without listing them
  const critical = settings.critical.lines.map((line) => {
    const cut = (fullScore * line) / 100;
    let below = 0;
    let above = 0;
    for (const x of present) {
      if (!isCritical(x - cut, within)) continue;
      if (x - cut < 0) below++;
      else above++;
    }
    return { below, above };
  });
  return {
    ...summaryOf(present, n - sat, sorted),
    ...r,
    box: boxPlotOf(sorted),
    grades,
    gradeMean: pointCount ? pointSum / pointCount : null,
    critical,
  };
}

/** Ten bands over full marks, whole points wide (a 150-point subject: 15 points each). */
export const bandWidth = (fullScore: number) => Math.max(1, Math.round(fullScore / 10));

function indexBy(keys: Int32Array): Map<number, number[]> {
  const m = new Map<number, number[]>();
  keys.forEach((k, i) => {
    const list = m.get(k);
    if (list) list.push(i);
    else m.set(k, [i]);
  });
  return m;
}

/**
 * Mean of each part in each group (over full marks for questions: 得分率), by the groups' order in their `ids`,
 * for several groupings (schools, classes): one pass over the part columns for all of them at once.
 */
function groupParts(
  input: ReportInput,
  groupings: readonly { keys: Int32Array; ids: readonly number[] }[],
): (number | null)[][][] {
  const cols = input.entries.parts;
  const means = groupingsColumnMeans(
    cols,
    groupings.map(({ keys, ids }) => {
      const at = new Map(ids.map((id, g) => [id, g]));
      return { groupOf: keys.map((k) => at.get(k) ?? -1), groups: ids.length };
    }),
  );
  return groupings.map(({ ids }, h) =>
    ids.map((_, g) =>
      cols.map((_c, j) => {
        const m = means[h]![g * cols.length + j]!;
        const div = input.questions.length ? input.questions[j]!.full : 1;
        return Number.isNaN(m) || !div ? null : m / div;
      }),
    ),
  );
}

/**
 * The figures of one report from its entries (pure: data in, figures out). Groups are compared with the mean
 * over every examinee of the exam; a class is also ranked within its school.
 */
export function computeReport(input: ReportInput, computedAt: Date): Report {
  const { entries, fullScore } = input;
  // the scores sat, in list order, for 一分一段 and the bands (a list of numbers: no null boxing each score)
  const sat: number[] = [];
  for (const x of entries.totals) if (x === x) sat.push(x);
  // one sort best first for the grades' ranks and the top and bottom groups
  const best = bestFirst(entries.totals);
  const graded = gradeColumns(entries.totals, input.settings.grades, ranks(entries.totals, best));
  const overall = figures(entries.totals, graded, null, fullScore, input.settings);
  const bySchool = indexBy(entries.schoolIds);
  const byClass = indexBy(entries.classIds);
  const schoolName = new Map(input.schools.map((s) => [s.id, s.name]));
  const figuresOf = (idx: readonly number[]) =>
    figures(entries.totals, graded, idx, fullScore, input.settings);
  // groups compared by the mean and count of their figures (compareGroups' own, the same sums)
  const compared = (list: { key: number; f: ReportFigures }[], reference: number | null) =>
    compareMeans(
      list.map((g) => ({ key: g.key, sat: g.f.sat, mean: g.f.mean })),
      reference,
    );

  const schoolList = input.schools.filter((s) => bySchool.has(s.id));
  const classList = input.classes.filter((c) => byClass.has(c.id));
  const parts = groupParts(input, [
    { keys: entries.schoolIds, ids: schoolList.map((s) => s.id) },
    { keys: entries.classIds, ids: classList.map((c) => c.id) },
  ]);
  const schoolParts = parts[0]!;
  const classParts = parts[1]!;
  const schoolFigures = schoolList.map((s) => ({ key: s.id, f: figuresOf(bySchool.get(s.id)!) }));
  const schoolCmp = compared(schoolFigures, overall.mean);
  const schools: ReportGroup[] = schoolList.map((s, k) => {
    const c = schoolCmp[k]!;
    return {
      ...schoolFigures[k]!.f,
      id: s.id,
      name: s.name,
      schoolId: s.id,
      schoolName: s.name,
      diff: c.diff,
      overRate: c.overRate,
      rank: c.rank,
      rankInSchool: null,
      parts: schoolParts[k]!,
    };
  });

  const classFigures = classList.map((c) => ({ key: c.id, f: figuresOf(byClass.get(c.id)!) }));
  const classCmp = compared(classFigures, overall.mean);
  const inSchool = new Map<number, number | null>();
  for (const s of schoolList) {
    const own = classFigures.filter((_, k) => classList[k]!.schoolId === s.id);
    for (const c of compared(own, null)) inSchool.set(c.key, c.rank);
  }
  const classes: ReportGroup[] = classList.map((c, k) => {
    const cmp = classCmp[k]!;
    return {
      ...classFigures[k]!.f,
      id: c.id,
      name: c.name,
      schoolId: c.schoolId,
      schoolName: schoolName.get(c.schoolId) ?? '',
      diff: cmp.diff,
      overRate: cmp.overRate,
      rank: cmp.rank,
      rankInSchool: inSchool.get(c.id) ?? null,
      parts: classParts[k]!,
    };
  });

  const groups = extremeGroups(entries.totals, best);
  const questions: ReportQuestion[] = input.questions.map((q, j) => ({
    no: q.no,
    kind: q.kind,
    full: q.full,
    answer: q.answer,
    ...columnItemStats(entries.parts[j]!, q.full, entries.totals, groups),
    options: q.kind === 'subjective' ? null : (input.options.get(q.no) ?? []),
  }));
  // Reliability over the questions every examinee who sat has a score on (选做 questions would leave no
  // complete case).
  const answeredByAll = input.questions.flatMap((q, j) => (questions[j]!.count === overall.sat ? [j] : []));
  const reliability = columnReliability(
    answeredByAll.map((j) => entries.parts[j]!),
    answeredByAll.map((j) => input.questions[j]!.full),
  );

  return {
    examId: input.examId,
    examName: input.examName,
    subjectId: input.subjectId,
    name: input.name,
    fullScore,
    computedAt: computedAt.toISOString(),
    overall,
    schools,
    classes,
    segments: oneScoreSegments(sat),
    bands: scoreBands(sat, fullScore, bandWidth(fullScore)),
    questions,
    parts: input.subjects,
    alpha: reliability.alpha,
    kr20: reliability.kr20,
    kr20Questions: reliability.kr20Items.map((k) => input.questions[answeredByAll[k]!]!.no),
    reliabilityWithheld: reliability.withheld,
    complete: true,
    settings: input.settings,
  };
}

/** Examinees as columns (school, class, student, the score a report is about and its parts). */
export interface ExamineeColumns {
  examineeIds: Int32Array;
  studentIds: Int32Array;
  schoolIds: Int32Array;
  classIds: Int32Array;
  /** NaN: 缺考 */
  totals: Column;
}

/**
 * The total over several subjects: an examinee's sum of the subjects they sat, in subject order; NaN (缺考)
 * only when absent from every one (a missing subject lowers the total, as on the printed score list). The
 * parts are the subject scores. Examinees in the order first met, subject by subject.
 */
export function totalColumns(lists: readonly ExamineeColumns[]): ExamineeColumns & { parts: Column[] } {
  const at = new Map<number, number>();
  const first: [number, number][] = [];
  lists.forEach((c, k) => {
    for (let i = 0; i < c.examineeIds.length; i++) {
      const id = c.examineeIds[i]!;
      if (!at.has(id)) {
        at.set(id, first.length);
        first.push([k, i]);
      }
    }
  });
  const n = first.length;
  const pick = (f: (c: ExamineeColumns) => Int32Array) =>
    Int32Array.from(first, ([k, i]) => f(lists[k]!)[i]!);
  const totals = new Float64Array(n).fill(NaN);
  const parts = lists.map(() => new Float64Array(n).fill(NaN));
  lists.forEach((c, k) => {
    for (let i = 0; i < c.examineeIds.length; i++) {
      const p = at.get(c.examineeIds[i]!)!;
      const t = c.totals[i]!;
      parts[k]![p] = t;
      if (t === t) totals[p] = (totals[p] === totals[p] ? totals[p]! : 0) + t;
    }
  });
  return {
    examineeIds: pick((c) => c.examineeIds),
    studentIds: pick((c) => c.studentIds),
    schoolIds: pick((c) => c.schoolIds),
    classIds: pick((c) => c.classIds),
    totals,
    parts,
  };
}

/**
 * The entries of some examinees only (an analysis group's members), in the order they had: `examineeIds` are
 * the examinees of `entries`, position by position.
 */
export function pickEntries(
  entries: ReportEntries,
  examineeIds: Int32Array,
  keep: ReadonlySet<number>,
): ReportEntries {
  const at: number[] = [];
  for (let i = 0; i < examineeIds.length; i++) if (keep.has(examineeIds[i]!)) at.push(i);
  const col = (c: Column) => Float64Array.from(at, (i) => c[i]!);
  return {
    schoolIds: Int32Array.from(at, (i) => entries.schoolIds[i]!),
    classIds: Int32Array.from(at, (i) => entries.classIds[i]!),
    totals: col(entries.totals),
    parts: entries.parts.map(col),
  };
}
