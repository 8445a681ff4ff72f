import { DEFAULT_REPORT_SETTINGS, SubjectStatus, type ReportSettings } from '@yj/contracts';
import { fail } from '../../errors';
import type { Db } from '../../infra/db';
import type { CacheKind, ReportRepo, ReportSubjectRow } from './report.repo';

/** Cache key of the total over the published subjects (subject ids start at 1). */
export const TOTAL = 0;

export const published = (s: ReportSubjectRow) => s.status === SubjectStatus.published;

/**
 * The shape of the cached JSON: raised when a report gains a field (2: `reliabilityWithheld`; 3: the 学生成绩
 * tables keep the mean and σ of Z / T rather than both per examinee; 4: `kr20Questions`, KR-20 on the number
 * right, D's groups sharing ties at their edge, grade counts rounded to the nearest examinee; 5: 一分一段's
 * 名次), so a row stored by the code before is computed again rather than read in a shape it does not have.
 */
const FORMAT = 5;

/**
 * What a cached figure depends on: the cached format, the exam's settings version, and each subject's id, state
 * and score version.
 */
export const stampOf = (settingsVersion: number, subjects: readonly ReportSubjectRow[]) =>
  `f${FORMAT}c${settingsVersion}|` + subjects.map((s) => `${s.id}:${s.status}:${s.version}`).join(',');

/** The published subjects a report is about: the one asked for, or all of them for the total. */
export function depsOf(all: ReportSubjectRow[], subjectId: number | undefined): ReportSubjectRow[] {
  if (subjectId !== undefined) {
    const s = all.find((x) => x.id === subjectId);
    if (!s) throw fail('subjectNotFound');
    if (!published(s)) throw fail('subjectNotPublishedForReport', { subject: s.name });
    return [s];
  }
  const deps = all.filter(published);
  if (!deps.length) throw fail('noPublishedSubject');
  return deps;
}

/**
 * The report_cache of an exam, shared by the reports, 学生成绩 and 试卷讲评: a JSON text kept under the stamp of
 * what it depends on (`stampOf`), answered from there while the stamp is current, else made and stored first —
 * one computation at a time per row.
 */
export function reportCacheOf(d: { db: Db; repo: (db: Db) => ReportRepo }) {
  const repo = d.repo(d.db);
  return async function cachedJson(
    examId: number,
    subjectId: number | undefined,
    kind: CacheKind,
    make: (deps: ReportSubjectRow[], settings: ReportSettings) => Promise<string>,
    /** more the row depends on (an analysis group's version), added to the stamp */
    suffix = '',
  ): Promise<string> {
    const key = subjectId ?? TOTAL;
    // the cached row is read beside the subjects (one round trip less on the hot path); it is used only when
    // its stamp is the subjects' current one
    const [all, hit, own] = await Promise.all([
      repo.subjects(examId),
      repo.cached(examId, key, kind),
      repo.settings(examId),
    ]);
    const deps = depsOf(all, subjectId);
    const stamp = stampOf(own?.version ?? 0, deps) + suffix;
    if (hit?.stamp === stamp) return hit.json;
    return d.db.transaction(async (tx) => {
      const r = d.repo(tx);
      // two first readers of a stale row: the second waits and takes the first one's result
      await r.lockCached(examId, key, kind);
      // the settings as this transaction sees them: one saved since the stamp above was taken is computed with
      const cfg = await r.settings(examId);
      const fresh = stampOf(cfg?.version ?? 0, deps) + suffix;
      const again = await r.cached(examId, key, kind);
      if (again?.stamp === fresh) return again.json;
      const json = await make(deps, cfg?.settings ?? DEFAULT_REPORT_SETTINGS);
      await r.store(examId, key, fresh, json, kind);
      // a subject's report made under a new stamp: its classes' 试卷讲评 rows of older stamps are stale for good
      // (a class read later is computed again), so they go rather than pile up
      if (kind === 'report' && subjectId !== undefined) await r.dropStale(examId, key, 'commentary:', fresh);
      return json;
    });
  };
}
export type ReportCache = ReturnType<typeof reportCacheOf>;
