/** Rows of one graduating year's admissions, counted by batch and level (the database's GROUP BY). */
export interface AdmissionCount {
  year: number;
  batch: string;
  level: string;
  count: number;
}
/** Admissions of one year to one university. */
export interface UniversityCount {
  year: number;
  university: string;
  count: number;
}
export interface AdmissionYearFigures {
  year: number;
  total: number;
  undergraduate: number;
  junior: number;
  c985: number;
  /** 211 including 985 */
  c211: number;
  /** 双一流 including 985 and 211 */
  doubleFirst: number;
  topUniversities: Array<{ university: string; count: number }>;
}

// A row holds the highest level that applies, so each count includes the levels above it, as a school's
// 升学喜报 counts them ("211 录取 30 人（含 985）").
const AT_LEAST_211 = new Set(['985', '211']);
const AT_LEAST_DOUBLE_FIRST = new Set(['985', '211', '双一流']);
const JUNIOR_BATCH = '专科批';

/**
 * 升学去向 per year, newest first: totals, 本科 (the batches `undergraduate` names), 专科, the 985 / 211 / 双一流
 * counts, and the `top` universities most admitted to (ties by name, so the list is the same on every read).
 */
export function admissionYears(
  counts: readonly AdmissionCount[],
  universities: readonly UniversityCount[],
  undergraduate: ReadonlySet<string>,
  top = 10,
): AdmissionYearFigures[] {
  const years = new Map<number, AdmissionYearFigures>();
  const of = (year: number) => {
    let y = years.get(year);
    if (!y) {
      y = {
        year,
        total: 0,
        undergraduate: 0,
        junior: 0,
        c985: 0,
        c211: 0,
        doubleFirst: 0,
        topUniversities: [],
      };
      years.set(year, y);
    }
    return y;
  };
  for (const c of counts) {
    const y = of(c.year);
    y.total += c.count;
    if (undergraduate.has(c.batch)) y.undergraduate += c.count;
    if (c.batch === JUNIOR_BATCH) y.junior += c.count;
    if (c.level === '985') y.c985 += c.count;
    if (AT_LEAST_211.has(c.level)) y.c211 += c.count;
    if (AT_LEAST_DOUBLE_FIRST.has(c.level)) y.doubleFirst += c.count;
  }
  const byYear = new Map<number, UniversityCount[]>();
  for (const u of universities) byYear.set(u.year, [...(byYear.get(u.year) ?? []), u]);
  for (const [year, list] of byYear) {
    of(year).topUniversities = [...list]
      .sort(
        (a, b) =>
          b.count - a.count || (a.university < b.university ? -1 : a.university > b.university ? 1 : 0),
      )
      .slice(0, top)
      .map(({ university, count }) => ({ university, count }));
  }
  return [...years.values()].sort((a, b) => b.year - a.year);
}
