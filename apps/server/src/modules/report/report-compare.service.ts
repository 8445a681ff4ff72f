import {
  scoreReaderView,
  SubjectStatus,
  type CompareQuery,
  type CompareUnit,
  type Principal,
  type ReportSettings,
  type SchoolComparison,
} from '@yj/contracts';
import {
  compareUnits,
  fourRatesOf,
  oneScoreSegments,
  ranks,
  unitScoreRates,
  type UnitFigures,
} from '@yj/stats';
import { fail } from '../../errors';
import type { Db } from '../../infra/db';
import type { ReportCompareRepo } from './report-compare.repo';
import type { ReportRepo, ScoreEntry } from './report.repo';

const ANONYMOUS = '甲乙丙丁戊己庚辛壬癸';
/** Another school's name when the viewer may not see it: 学校甲, 学校乙 … by the schools' order in the exam. */
export const anonymousSchool = (k: number): string =>
  `学校${ANONYMOUS[k % ANONYMOUS.length]}${k >= ANONYMOUS.length ? Math.floor(k / ANONYMOUS.length) + 1 : ''}`;

interface Examinee {
  id: number;
  schoolId: number;
  classId: number;
  total: number | null;
  questions: Record<string, number> | null;
}

/** Examinees of one subject, or the total over several: absent in every subject → no score. */
function totalOver(perSubject: ScoreEntry[][]): Examinee[] {
  const by = new Map<number, Examinee>();
  for (const entries of perSubject)
    for (const e of entries) {
      const x = by.get(e.examineeId) ?? {
        id: e.examineeId,
        schoolId: e.schoolId,
        classId: e.classId,
        total: null,
        questions: perSubject.length === 1 ? e.questions : null,
      };
      if (e.total !== null) x.total = (x.total ?? 0) + Number(e.total);
      by.set(e.examineeId, x);
    }
  return [...by.values()].sort((a, b) => a.id - b.id);
}

/**
 * A 联考's schools compared (issue 35): at the level asked — the whole exam (全市), its districts, its schools, one
 * school's classes — each unit's 实考, mean, 四率 (the exam's own lines), rank and gap to the whole mean; the
 * whole exam's 一分一段; each question's 得分率 per unit; one school's students with their rank in the 联考.
 * A school sees every figure, but names only its own school (others 学校甲 … unless the bureau shares names)
 * and lists only its own students; the bureau and the exam's exam-wide roles see everything. Figures of
 * published subjects only, as the reports.
 */
export function reportCompareService(d: {
  db: Db;
  repo: (db: Db) => ReportRepo;
  compareRepo: ReportCompareRepo;
  defaults: ReportSettings;
}) {
  const repo = () => d.repo(d.db);
  const compareRepo = () => d.compareRepo(d.db);

  async function compare(examId: number, q: CompareQuery, p: Principal): Promise<SchoolComparison> {
    const exam = await repo().exam(examId);
    if (!exam) throw fail('examNotFound');
    const view = await scoreReaderView(p, exam, q.subjectId ?? null, () => Promise.resolve([]));
    const [schools, shared] = await Promise.all([
      compareRepo().examSchools(examId),
      compareRepo().namesShared(examId),
    ]);
    const mine = view.all ? schools : schools.filter((s) => view.schools.has(s.id));
    if (!mine.length) throw fail('forbidden');
    const isMine = new Set(mine.map((s) => s.id));
    const schoolName = new Map(
      schools.map((s, k) => [s.id, view.all || shared || isMine.has(s.id) ? s.name : anonymousSchool(k)]),
    );

    const published = (await repo().subjects(examId)).filter((s) => s.status === SubjectStatus.published);
    if (!published.length) throw fail('scoresNotPublished');
    const chosen = q.subjectId ? published.filter((s) => s.id === q.subjectId) : published;
    if (!chosen.length) throw fail('scoresNotPublished');
    const single = q.subjectId ? chosen[0]! : null;
    const fullMarks = chosen.reduce((n, s) => n + Number(s.fullScore), 0);
    const examinees = totalOver(await Promise.all(chosen.map((s) => repo().entries(s.id, single !== null))));
    const settings = (await repo().settings(examId))?.settings ?? d.defaults;
    const lines = {
      excellent: settings.rates.excellent / 100,
      good: settings.rates.good / 100,
      pass: settings.rates.pass / 100,
      low: settings.rates.low / 100,
    };
    const scores = examinees.map((e) => e.total);

    // the unit of each examinee at the level asked; classes: of one school, the viewer's own unless the bureau's
    const listed = q.schoolId ?? mine[0]!.id;
    if (!isMine.has(listed)) throw fail('forbidden');
    const inUnits =
      q.level === 'class' ? examinees.map((e) => e.schoolId === listed) : examinees.map(() => true);
    const orgOf = new Map(schools.map((s) => [s.id, s]));
    const keyOf = (e: Examinee): number =>
      q.level === 'city'
        ? 0
        : q.level === 'district'
          ? orgOf.get(e.schoolId)!.orgId
          : q.level === 'school'
            ? e.schoolId
            : e.classId;
    const picked = examinees.filter((_, i) => inUnits[i]);
    const keys = picked.map(keyOf);
    const classNames = await compareRepo().classNames(q.level === 'class' ? [...new Set(keys)] : []);
    const unitName = (key: number): string =>
      q.level === 'city'
        ? '全体'
        : q.level === 'district'
          ? (schools.find((s) => s.orgId === key)?.orgName ?? '')
          : q.level === 'school'
            ? schoolName.get(key)!
            : (classNames.get(key) ?? '');
    const unitMine = (key: number): boolean =>
      q.level === 'school'
        ? isMine.has(key)
        : q.level === 'class'
          ? true
          : schools.some((s) => isMine.has(s.id) && (q.level === 'city' || s.orgId === key));
    const toUnit = (u: UnitFigures<number>, name: string, own: boolean): CompareUnit => ({
      id: u.key,
      name,
      mine: own,
      sat: u.sat,
      absent: u.absent,
      mean: u.mean,
      max: u.max,
      min: u.min,
      rank: u.rank,
      aboveMean: u.aboveMean,
      rates: u.rates,
    });
    const units = compareUnits(
      keys,
      picked.map((e) => e.total),
      fullMarks,
      lines,
    );
    const whole = compareUnits(
      examinees.map(() => 0),
      scores,
      fullMarks,
      lines,
    )[0];
    const empty: UnitFigures<number> = {
      key: 0,
      sat: 0,
      absent: 0,
      mean: null,
      max: null,
      min: null,
      rank: null,
      aboveMean: null,
      rates: fourRatesOf([], fullMarks, lines),
    };

    // 得分率 per question: a subject only (the total has no questions of its own)
    const questions = single ? await repo().questions(single.id) : [];
    const column = (list: Examinee[], no: string) =>
      list.map((e) => (e.total === null ? null : (e.questions?.[no] ?? 0)));
    const fulls = questions.map((x) => Number(x.full));
    const perUnit = unitScoreRates(
      keys,
      questions.map((x) => column(picked, x.no)),
      fulls,
    );
    const perWhole = unitScoreRates(
      examinees.map(() => 0),
      questions.map((x) => column(examinees, x.no)),
      fulls,
    );

    // one school's students, named: their rank among every examinee of the 联考
    const rank = ranks(scores);
    const rows = examinees
      .map((e, i) => ({ e, rank: rank[i] ?? null }))
      .filter((x) => x.e.schoolId === listed);
    const names = new Map((await repo().examineeNamesOf(rows.map((x) => x.e.id))).map((n) => [n.id, n]));
    const studentClasses = await compareRepo().classNames([...new Set(rows.map((x) => x.e.classId))]);
    rows.sort((a, b) => (b.e.total ?? -Infinity) - (a.e.total ?? -Infinity) || a.e.id - b.e.id);

    return {
      examName: exam.name,
      name: single ? single.name : '总分',
      fullMarks,
      level: q.level,
      subjects: published.map((s) => ({ id: s.id, name: s.name })),
      mySchools: mine.map((s) => ({ id: s.id, name: s.name })),
      whole: toUnit(whole ?? empty, '全体', false),
      units: units.map((u) => toUnit(u, unitName(u.key), unitMine(u.key))),
      ladder: oneScoreSegments(scores),
      questions: questions.map((x, k) => ({
        no: x.no,
        full: fulls[k]!,
        whole: perWhole.get(0)?.[k] ?? null,
        units: units.map((u) => perUnit.get(u.key)?.[k] ?? null),
      })),
      students: rows.map(({ e, rank: r }) => ({
        kaohao: names.get(e.id)?.kaohao ?? '',
        name: names.get(e.id)?.name ?? '',
        className: studentClasses.get(e.classId) ?? '',
        score: e.total,
        rank: r,
      })),
    };
  }

  return { compare };
}
export type ReportCompareService = ReturnType<typeof reportCompareService>;
