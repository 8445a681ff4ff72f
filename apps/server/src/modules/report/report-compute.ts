import type { Report, ReportFigures, ReportGroup, ReportQuestion, ReportSettings } from '@yj/contracts';
import {
  boxPlot,
  compareGroups,
  criticalStudents,
  cronbachAlpha,
  extremeGroups,
  fourRates,
  gradeScores,
  itemStats,
  kr20,
  mean,
  oneScoreSegments,
  present,
  scoreBands,
  summarize,
  type GradedScore,
  type Item,
  type Scores,
} from '@yj/stats';

/** One examinee in a report: the score it is about and its parts (question scores, or subject totals). */
export interface ReportEntry {
  schoolId: number;
  classId: number;
  /** null: 缺考 */
  total: number | null;
  parts: (number | null)[];
}

export interface ReportInput {
  examId: number;
  examName: string;
  subjectId: number | null;
  name: string;
  fullScore: number;
  entries: ReportEntry[];
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
 * The figures of one set of examinees. `graded` is the 等级赋分 of each of them, graded over the whole exam
 * (a class's grades are its share of the exam's, not graded within the class).
 */
export function figures(
  scores: Scores,
  graded: readonly (GradedScore | null)[],
  fullScore: number,
  settings: ReportSettings,
): ReportFigures {
  const s = summarize(scores);
  const t = settings.rates;
  const r = fourRates(scores, fullScore, {
    excellent: t.excellent / 100,
    good: t.good / 100,
    pass: t.pass / 100,
    low: t.low / 100,
  });
  const grades = settings.grades.map(() => 0);
  const points: number[] = [];
  for (const g of graded) {
    if (!g) continue;
    grades[settings.grades.findIndex((b) => b.grade === g.grade)]!++;
    points.push(g.points);
  }
  const within = (fullScore * settings.critical.within) / 100;
  const critical = settings.critical.lines.map((line) => {
    const near = criticalStudents(scores, (fullScore * line) / 100, within);
    const below = near.filter((c) => c.gap < 0).length;
    return { below, above: near.length - below };
  });
  return { ...s, ...r, box: boxPlot(present(scores)), grades, gradeMean: mean(points), critical };
}

/** Ten bands over full marks, whole points wide (a 150-point subject: 15 points each). */
export const bandWidth = (fullScore: number) => Math.max(1, Math.round(fullScore / 10));

function indexBy<K>(entries: readonly ReportEntry[], key: (e: ReportEntry) => K): Map<K, number[]> {
  const m = new Map<K, number[]>();
  entries.forEach((e, i) => {
    const list = m.get(key(e));
    if (list) list.push(i);
    else m.set(key(e), [i]);
  });
  return m;
}

/** Mean of each part over a group, over full marks for questions (得分率). */
function groupParts(input: ReportInput, idx: readonly number[]): (number | null)[] {
  const n = input.questions.length || input.subjects.length;
  const out: (number | null)[] = [];
  for (let j = 0; j < n; j++) {
    const xs: number[] = [];
    for (const i of idx) {
      const v = input.entries[i]!.parts[j];
      if (v !== null && v !== undefined) xs.push(v);
    }
    const m = mean(xs);
    const div = input.questions.length ? input.questions[j]!.full : 1;
    out.push(m === null || !div ? null : m / div);
  }
  return out;
}

/**
 * The figures of one report from its entries (pure: data in, figures out). Groups are compared with the mean
 * over every examinee of the exam; a class is also ranked within its school.
 */
export function computeReport(input: ReportInput, computedAt: Date): Report {
  const { entries, fullScore } = input;
  const totals = entries.map((e) => e.total);
  const graded = gradeScores(totals, input.settings.grades);
  const overall = figures(totals, graded, fullScore, input.settings);
  const bySchool = indexBy(entries, (e) => e.schoolId);
  const byClass = indexBy(entries, (e) => e.classId);
  const schoolName = new Map(input.schools.map((s) => [s.id, s.name]));
  const scoresOf = (idx: readonly number[]) => idx.map((i) => totals[i]!);
  const figuresOf = (idx: readonly number[]) =>
    figures(
      scoresOf(idx),
      idx.map((i) => graded[i] ?? null),
      fullScore,
      input.settings,
    );

  const schoolList = input.schools.filter((s) => bySchool.has(s.id));
  const schoolCmp = compareGroups(
    schoolList.map((s) => ({ key: s.id, scores: scoresOf(bySchool.get(s.id)!) })),
    overall.mean,
  );
  const schools: ReportGroup[] = schoolList.map((s, k) => {
    const idx = bySchool.get(s.id)!;
    const c = schoolCmp[k]!;
    return {
      ...figuresOf(idx),
      id: s.id,
      name: s.name,
      schoolId: s.id,
      schoolName: s.name,
      diff: c.diff,
      overRate: c.overRate,
      rank: c.rank,
      rankInSchool: null,
      parts: groupParts(input, idx),
    };
  });

  const classList = input.classes.filter((c) => byClass.has(c.id));
  const classCmp = compareGroups(
    classList.map((c) => ({ key: c.id, scores: scoresOf(byClass.get(c.id)!) })),
    overall.mean,
  );
  const inSchool = new Map<number, number | null>();
  for (const s of schoolList) {
    const own = classList.filter((c) => c.schoolId === s.id);
    const cmp = compareGroups(
      own.map((c) => ({ key: c.id, scores: scoresOf(byClass.get(c.id)!) })),
      null,
    );
    for (const c of cmp) inSchool.set(c.key, c.rank);
  }
  const classes: ReportGroup[] = classList.map((c, k) => {
    const idx = byClass.get(c.id)!;
    const cmp = classCmp[k]!;
    return {
      ...figuresOf(idx),
      id: c.id,
      name: c.name,
      schoolId: c.schoolId,
      schoolName: schoolName.get(c.schoolId) ?? '',
      diff: cmp.diff,
      overRate: cmp.overRate,
      rank: cmp.rank,
      rankInSchool: inSchool.get(c.id) ?? null,
      parts: groupParts(input, idx),
    };
  });

  const items: Item[] = input.questions.map((q, j) => ({
    full: q.full,
    scores: entries.map((e) => e.parts[j] ?? null),
  }));
  const groups = extremeGroups(totals);
  const questions: ReportQuestion[] = input.questions.map((q, j) => ({
    no: q.no,
    kind: q.kind,
    full: q.full,
    answer: q.answer,
    ...itemStats(items[j]!, totals, groups),
    options: q.kind === 'subjective' ? null : (input.options.get(q.no) ?? []),
  }));
  // Reliability over the questions every examinee who sat has a score on (选做 questions would leave no
  // complete case).
  const answeredByAll = items.filter((it, j) => questions[j]!.count === overall.sat);

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
    segments: oneScoreSegments(totals),
    bands: scoreBands(totals, fullScore, bandWidth(fullScore)),
    questions,
    parts: input.subjects,
    alpha: cronbachAlpha(answeredByAll),
    kr20: kr20(answeredByAll),
    complete: true,
    settings: input.settings,
  };
}
