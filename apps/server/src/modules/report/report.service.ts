import { sql } from 'drizzle-orm';
import {
  can,
  DEFAULT_REPORT_SETTINGS,
  REPORT_SHEET_NAMES,
  REPORT_PROGRESS_HEADERS,
  REPORT_STUDENT_HEADERS,
  reportProgressCells,
  reportStudentCells,
  reportSettingsProblem,
  reportTable,
  SubjectStatus,
  type Principal,
  type Report,
  type ReportSettings,
  type ReportSettingsView,
  type ReportSheet,
  type ReportProgress,
  type ReportProgressClass,
  type ReportProgressExam,
  type ReportProgressFilter,
  type ReportProgressQuery,
  type ReportProgressStudent,
  type ReportStudent,
  type ReportStudentsFilter,
  type ReportStudentsPage,
  type ReportStudentsQuery,
  type ReportSubjects,
} from '@yj/contracts';
import { fail, forbidden } from '../../errors';
import type { Db } from '../../infra/db';
import type { Actor } from '../../lib/actor';
import { writeSheet } from '../../lib/excel';
import type { AuditService } from '../audit/audit.service';
import { computeReport, type ReportEntry } from './report-compute';
import { progressLines, progressSummary } from './report-progress';
import { studentFigures, type StudentEntry } from './report-students';
import { reportRepo, type ReportSubjectRow, type ScoreEntry } from './report.repo';
import { narrowReport, reportView } from './report-view';

/** Cache key of the total over the published subjects (subject ids start at 1). */
const TOTAL = 0;

const published = (s: ReportSubjectRow) => s.status === SubjectStatus.published;
/** What a report depends on: the exam's settings version, and each subject's id, state and score version. */
const stampOf = (settingsVersion: number, subjects: readonly ReportSubjectRow[]) =>
  `c${settingsVersion}|` + subjects.map((s) => `${s.id}:${s.status}:${s.version}`).join(',');

/** Exam roles that may change a joint exam's settings (a 学校负责人 only those of their school's own exam). */
const JOINT_CONFIGURERS = new Set([0, 1, 5]);

/** Who may change an exam's report settings: the capability, and for a joint exam an exam-wide role. */
function mayConfigure(p: Principal, e: { id: number; schoolId: number | null }): boolean {
  const scope = e.schoolId === null ? { examId: e.id } : { examId: e.id, schoolId: e.schoolId };
  if (!can(p, 'report.configure', scope)) return false;
  return (
    e.schoolId !== null ||
    p.isAdmin ||
    p.examRoles.some((g) => g.examId === e.id && JOINT_CONFIGURERS.has(g.role) && g.schoolId === null)
  );
}

/**
 * Score reports (report_forms): computed from the score table and @yj/stats, stored in report_cache with the
 * stamp of what they depend on, and answered from there until a score of one of those subjects changes (the
 * score triggers bump its version) or a subject is published or withdrawn.
 */
export function reportService(d: { db: Db; audit: AuditService }) {
  const repo = reportRepo(d.db);

  async function examOf(examId: number) {
    const e = await repo.exam(examId);
    if (!e) throw fail('考试不存在或已删除');
    return e;
  }

  /** The published subjects a report is about: the one asked for, or all of them for the total. */
  function depsOf(all: ReportSubjectRow[], subjectId: number | undefined): ReportSubjectRow[] {
    if (subjectId !== undefined) {
      const s = all.find((x) => x.id === subjectId);
      if (!s) throw fail('科目不存在或已删除');
      if (!published(s)) throw fail(`${s.name}的成绩尚未发布，发布后才能查看报表`);
      return [s];
    }
    const deps = all.filter(published);
    if (!deps.length) throw fail('本次考试还没有已发布成绩的科目');
    return deps;
  }

  /** Reads a subject's entries with its question scores as parts in question order. */
  async function subjectInput(subject: ReportSubjectRow) {
    const [rows, questions, options] = await Promise.all([
      repo.entries(subject.id),
      repo.questions(subject.id),
      repo.options(subject.id),
    ]);
    const byNo = new Map<string, { answer: string; count: number }[]>();
    for (const o of options) {
      const labels = JSON.parse(o.answer) as string[];
      const answer = [...labels].sort().join('');
      const list = byNo.get(o.no) ?? [];
      const same = list.find((x) => x.answer === answer);
      if (same) same.count += o.count;
      else list.push({ answer, count: o.count });
      byNo.set(o.no, list);
    }
    for (const list of byNo.values()) list.sort((a, b) => a.answer.localeCompare(b.answer));
    const entries: ReportEntry[] = rows.map((r) => ({
      schoolId: r.schoolId,
      classId: r.classId,
      total: r.total,
      parts: questions.map((q) => (r.questions ? (r.questions[q.no] ?? null) : null)),
    }));
    return { rows, questions, options: byNo, entries };
  }

  /**
   * The total over the published subjects: an examinee's sum of the subjects they sat; 缺考 only when absent
   * from every one (a missing subject lowers the total, as on the printed score list).
   */
  function totalEntries(
    subjects: readonly ReportSubjectRow[],
    rows: readonly ScoreEntry[][],
  ): (ReportEntry & StudentEntry)[] {
    const byExaminee = new Map<number, ReportEntry & StudentEntry>();
    rows.forEach((list, k) => {
      for (const r of list) {
        let e = byExaminee.get(r.examineeId);
        if (!e) {
          e = {
            examineeId: r.examineeId,
            studentId: r.studentId,
            schoolId: r.schoolId,
            classId: r.classId,
            total: null,
            parts: subjects.map(() => null),
          };
          byExaminee.set(r.examineeId, e);
        }
        e.parts[k] = r.total;
        if (r.total !== null) e.total = (e.total ?? 0) + r.total;
      }
    });
    return [...byExaminee.values()];
  }

  async function compute(
    examId: number,
    examName: string,
    subjects: ReportSubjectRow[],
    subjectId: number | null,
    settings: ReportSettings,
  ) {
    const groups = await repo.groups(examId);
    const base = { examId, examName, subjectId, settings, ...groups };
    if (subjectId !== null) {
      const s = subjects[0]!;
      const i = await subjectInput(s);
      return computeReport(
        {
          ...base,
          name: s.name,
          fullScore: s.fullScore,
          entries: i.entries,
          questions: i.questions,
          options: i.options,
          subjects: [],
        },
        new Date(),
      );
    }
    const rows = await Promise.all(subjects.map((s) => repo.entries(s.id, false)));
    return computeReport(
      {
        ...base,
        name: '总分',
        fullScore: subjects.reduce((a, s) => a + s.fullScore, 0),
        entries: totalEntries(subjects, rows),
        questions: [],
        options: new Map(),
        subjects: subjects.map((s) => ({ id: s.id, name: s.name, fullScore: s.fullScore })),
      },
      new Date(),
    );
  }

  /**
   * The report's JSON from the cache, computed and stored first when stale (one computation at a time per
   * report). Figures are kept to 6 decimals: the screens and Excel show 2, and the stored text is what every
   * later reader gets, so the first answer and the cached ones are the same numbers.
   */
  async function cachedReport(
    e: { id: number; name: string },
    subjectId: number | undefined,
  ): Promise<string> {
    const examId = e.id;
    const key = subjectId ?? TOTAL;
    // the cached row is read beside the subjects (one round trip less on the hot path); it is used only when
    // its stamp is the subjects' current one
    const [all, hit, own] = await Promise.all([
      repo.subjects(examId),
      repo.cached(examId, key),
      repo.settings(examId),
    ]);
    const deps = depsOf(all, subjectId);
    const stamp = stampOf(own?.version ?? 0, deps);
    if (hit?.stamp === stamp) return hit.json;
    return d.db.transaction(async (tx) => {
      // two first readers of a stale report: the second waits and takes the first one's result
      await tx.execute(sql`select pg_advisory_xact_lock(${examId}, ${key})`);
      // the settings as this transaction sees them: one saved since the stamp above was taken is computed with
      const cfg = await reportRepo(tx).settings(examId);
      const fresh = stampOf(cfg?.version ?? 0, deps);
      const again = await reportRepo(tx).cached(examId, key);
      if (again?.stamp === fresh) return again.json;
      const report = await compute(
        examId,
        e.name,
        deps,
        subjectId ?? null,
        cfg?.settings ?? DEFAULT_REPORT_SETTINGS,
      );
      const json = JSON.stringify(report, (_k, v: unknown) =>
        typeof v === 'number' && !Number.isInteger(v) ? Math.round(v * 1e6) / 1e6 : v,
      );
      await reportRepo(tx).store(examId, key, fresh, json);
      return json;
    });
  }

  /** The report as the user may see it, as JSON text: the cached text itself when they see all of it. */
  async function viewedJson(examId: number, subjectId: number | undefined, p: Principal): Promise<string> {
    const e = await examOf(examId);
    const view = await reportView(p, e, subjectId ?? null, () => repo.teacherClasses(p.userId));
    if (!view.all && !view.schools.size && !view.classes.size) throw forbidden();
    const json = await cachedReport(e, subjectId);
    return view.all ? json : JSON.stringify(narrowReport(JSON.parse(json) as Report, view));
  }
  /**
   * Refuses whoever sees nothing of the exam's reports (an administrator of another school, a teacher of
   * classes outside the exam); returns the exam.
   */
  async function examSeenBy(examId: number, p: Principal) {
    const e = await examOf(examId);
    const view = await reportView(p, e, null, () => repo.teacherClasses(p.userId));
    if (view.all) return e;
    if (!(await repo.hasExamineesIn(examId, [...view.schools], [...view.classes]))) throw forbidden();
    return e;
  }

  const viewed = async (examId: number, subjectId: number | undefined, p: Principal): Promise<Report> =>
    JSON.parse(await viewedJson(examId, subjectId, p)) as Report;

  /**
   * The 学生成绩 list the user may see, filtered (class, exam number or name), best first and 缺考 last: figures
   * over every examinee of the exam (ranks, Z / T, 等级赋分 with the exam's settings).
   */
  async function studentList(
    examId: number,
    f: ReportStudentsFilter,
    p: Principal,
  ): Promise<ReportStudent[]> {
    const e = await examOf(examId);
    const view = await reportView(p, e, f.subjectId ?? null, () => repo.teacherClasses(p.userId));
    if (!view.all && !view.schools.size && !view.classes.size) throw forbidden();
    const [all, own] = await Promise.all([repo.subjects(examId), repo.settings(examId)]);
    const deps = depsOf(all, f.subjectId);
    const [lists, names, groups] = await Promise.all([
      Promise.all(deps.map((s) => repo.entries(s.id, false))),
      repo.examineeNames(examId),
      repo.groups(examId),
    ]);
    const entries: StudentEntry[] = f.subjectId !== undefined ? lists[0]! : totalEntries(deps, lists);
    const figures = studentFigures(entries, (own?.settings ?? DEFAULT_REPORT_SETTINGS).grades);
    const who = new Map(names.map((n) => [n.id, n]));
    const schoolName = new Map(groups.schools.map((x) => [x.id, x.name]));
    const className = new Map(groups.classes.map((x) => [x.id, x.name]));
    const seen = (x: StudentEntry) => view.all || view.schools.has(x.schoolId) || view.classes.has(x.classId);
    const keyword = f.keyword?.toLowerCase();
    const out: ReportStudent[] = [];
    entries.forEach((x, i) => {
      if (!seen(x) || (f.classId !== undefined && x.classId !== f.classId)) return;
      const n = who.get(x.examineeId);
      if (!n) return;
      if (keyword && !n.kaohao.toLowerCase().includes(keyword) && !n.name.toLowerCase().includes(keyword))
        return;
      out.push({
        examineeId: x.examineeId,
        kaohao: n.kaohao,
        name: n.name,
        schoolName: schoolName.get(x.schoolId) ?? '',
        className: className.get(x.classId) ?? '',
        score: x.total,
        ...figures[i]!,
      });
    });
    // a view that holds nothing of this exam (another school's administrator, a teacher of other classes)
    if (!view.all && !entries.some(seen)) throw forbidden();
    return out.sort(
      (a, b) => (a.rank ?? Infinity) - (b.rank ?? Infinity) || a.kaohao.localeCompare(b.kaohao),
    );
  }

  /** An exam's scores per examinee for a report: one subject's, or the total over the published subjects. */
  async function scoresOf(deps: ReportSubjectRow[], single: boolean): Promise<StudentEntry[]> {
    const lists = await Promise.all(deps.map((s) => repo.entries(s.id, false)));
    return single ? lists[0]! : totalEntries(deps, lists);
  }

  /**
   * 进退步 against an earlier exam of the same students: exam-wide ranks in each, for the students the user
   * sees now; by class, then a page of students with the largest 进步 first.
   */
  async function progressOf(examId: number, f: ReportProgressFilter, p: Principal) {
    const e = await examOf(examId);
    const view = await reportView(p, e, f.subjectId ?? null, () => repo.teacherClasses(p.userId));
    if (!view.all && !view.schools.size && !view.classes.size) throw forbidden();
    if (f.earlierExamId === examId) throw fail('请选择另一次考试');
    const earlierExam = await examSeenBy(f.earlierExamId, p);
    const [all, allEarlier, names, groups] = await Promise.all([
      repo.subjects(examId),
      repo.subjects(f.earlierExamId),
      repo.examineeNames(examId),
      repo.groups(examId),
    ]);
    const deps = depsOf(all, f.subjectId);
    let earlierDeps: ReportSubjectRow[];
    if (f.subjectId !== undefined) {
      const same = allEarlier.find((s) => s.course === deps[0]!.course && published(s));
      if (!same) throw fail(`${earlierExam.name}没有已发布成绩的${deps[0]!.course}`);
      earlierDeps = [same];
    } else {
      earlierDeps = allEarlier.filter(published);
      if (!earlierDeps.length) throw fail(`${earlierExam.name}还没有已发布成绩的科目`);
    }
    const single = f.subjectId !== undefined;
    const [now, before] = await Promise.all([scoresOf(deps, single), scoresOf(earlierDeps, single)]);
    if (!view.all && !now.some((x) => view.schools.has(x.schoolId) || view.classes.has(x.classId)))
      throw forbidden();
    const lines = progressLines(now, before);
    const byStudent = new Map(now.map((x) => [x.studentId, x]));
    const who = new Map(names.map((n) => [n.id, n]));
    const className = new Map(groups.classes.map((c) => [c.id, c.name]));
    const seen = lines.filter((l) => {
      const x = byStudent.get(l.studentId)!;
      return view.all || view.schools.has(x.schoolId) || view.classes.has(x.classId);
    });
    const classes: ReportProgressClass[] = groups.classes.flatMap((c) => {
      const own = seen.filter((l) => byStudent.get(l.studentId)!.classId === c.id);
      if (!own.length) return [];
      const schoolName = groups.schools.find((x) => x.id === c.schoolId)?.name ?? '';
      return [{ classId: c.id, className: c.name, schoolName, ...progressSummary(own) }];
    });
    const students: ReportProgressStudent[] = seen
      .filter((l) => f.classId === undefined || byStudent.get(l.studentId)!.classId === f.classId)
      .map((l) => {
        const x = byStudent.get(l.studentId)!;
        const n = who.get(x.examineeId);
        return {
          kaohao: n?.kaohao ?? '',
          name: n?.name ?? '',
          className: className.get(x.classId) ?? '',
          score: l.score,
          rank: l.rank,
          earlierScore: l.earlierScore,
          earlierRank: l.earlierRank,
          change: l.change,
        };
      })
      .sort((a, b) => (b.change ?? -Infinity) - (a.change ?? -Infinity) || a.kaohao.localeCompare(b.kaohao));
    return {
      earlierExamName: earlierExam.name,
      subjectName: single ? deps[0]!.name : null,
      classes,
      students,
    };
  }

  return {
    /** Earlier exams of the same students the user may compare with (those with published scores). */
    async progressExams(examId: number, p: Principal): Promise<ReportProgressExam[]> {
      await examSeenBy(examId, p);
      const out: ReportProgressExam[] = [];
      for (const x of await repo.sharingExams(examId)) {
        if (!(await repo.subjects(x.id)).some(published)) continue;
        try {
          await examSeenBy(x.id, p);
          out.push(x);
        } catch {
          // an exam the user sees nothing of is not offered
        }
      }
      return out;
    },

    /** 进退步 with a page of students. */
    async progress(examId: number, q: ReportProgressQuery, p: Principal): Promise<ReportProgress> {
      const r = await progressOf(examId, q, p);
      const from = (q.page - 1) * q.size;
      return {
        earlierExamName: r.earlierExamName,
        subjectName: r.subjectName,
        classes: r.classes,
        items: r.students.slice(from, from + q.size),
        total: r.students.length,
      };
    },

    /** 进退步 of the filtered students as an Excel sheet, with the cells of the screen. */
    async exportProgress(examId: number, f: ReportProgressFilter, p: Principal) {
      const r = await progressOf(examId, f, p);
      const e = await examOf(examId);
      const buffer = await writeSheet('进退步', REPORT_PROGRESS_HEADERS, r.students.map(reportProgressCells));
      return { buffer, filename: `${e.name}-${r.subjectName ?? '总分'}-进退步.xlsx` };
    },

    /** A page of the 学生成绩 list. */
    async students(examId: number, q: ReportStudentsQuery, p: Principal): Promise<ReportStudentsPage> {
      const list = await studentList(examId, q, p);
      const from = (q.page - 1) * q.size;
      return { items: list.slice(from, from + q.size), total: list.length };
    },

    /** The whole filtered 学生成绩 list as an Excel sheet: the rows and cells of the screen. */
    async exportStudents(examId: number, f: ReportStudentsFilter, p: Principal) {
      const list = await studentList(examId, f, p);
      const subject =
        f.subjectId === undefined ? null : (await repo.subjects(examId)).find((s) => s.id === f.subjectId);
      const e = await examOf(examId);
      const buffer = await writeSheet('学生成绩', REPORT_STUDENT_HEADERS, list.map(reportStudentCells));
      return { buffer, filename: `${e.name}-${subject?.name ?? '总分'}-学生成绩.xlsx` };
    },

    /** The subjects the report menu offers (published ones can be opened). */
    async subjects(examId: number, p: Principal): Promise<ReportSubjects> {
      const e = await examSeenBy(examId, p);
      const list = await repo.subjects(examId);
      return {
        examName: e.name,
        subjects: list.map((s) => ({
          id: s.id,
          name: s.name,
          fullScore: s.fullScore,
          published: published(s),
        })),
      };
    },

    /** The exam's report settings (the defaults until someone saves them) for whoever reads its reports. */
    async settings(examId: number, p: Principal): Promise<ReportSettingsView> {
      const e = await examSeenBy(examId, p);
      const own = await repo.settings(examId);
      return {
        settings: own?.settings ?? DEFAULT_REPORT_SETTINGS,
        custom: own !== null,
        mayEdit: mayConfigure(p, e),
      };
    },

    /** Saves the exam's settings (audited); every cached report of the exam is stale from then on. */
    async saveSettings(examId: number, settings: ReportSettings, p: Principal, actor: Actor): Promise<void> {
      const e = await examOf(examId);
      if (!mayConfigure(p, e)) throw forbidden();
      const problem = reportSettingsProblem(settings);
      if (problem) throw fail(problem);
      await d.db.transaction(async (tx) => {
        const before = await reportRepo(tx).settings(examId);
        await reportRepo(tx).saveSettings(examId, settings, actor.userId);
        await d.audit.record(tx, {
          action: 'report.settings',
          userId: actor.userId,
          schoolId: e.schoolId,
          examId,
          target: `exam:${examId}`,
          ip: actor.ip,
          detail: { before: before?.settings ?? DEFAULT_REPORT_SETTINGS, after: settings },
        });
      });
    },

    report: viewed,
    reportJson: viewedJson,

    /** One table of the report as an Excel sheet: the rows the screen shows. */
    async exportSheet(examId: number, subjectId: number | undefined, sheet: ReportSheet, p: Principal) {
      const r = await viewed(examId, subjectId, p);
      const t = reportTable(r, sheet);
      const buffer = await writeSheet(t.title, t.headers, t.rows);
      return { buffer, filename: `${r.examName}-${r.name}-${REPORT_SHEET_NAMES[sheet]}.xlsx` };
    },

    /** Computes (or confirms) every report of an exam: the total and each published subject. */
    async warm(examId: number): Promise<number> {
      const subjects = (await repo.subjects(examId)).filter(published);
      const e = await examOf(examId);
      for (const s of subjects) await cachedReport(e, s.id);
      if (subjects.length) await cachedReport(e, undefined);
      return subjects.length;
    },
  };
}
export type ReportService = ReturnType<typeof reportService>;
