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
  CachedReportSchema,
  withoutHidden,
  type AnalysisHideKey,
  type AnalysisHiddenView,
} from '@yj/contracts';
import { fail } from '../../errors';
import type { Db } from '../../infra/db';
import type { Actor } from '../../lib/actor';
import { writeSheet } from '../../lib/excel';
import type { AuditService } from '../audit/audit.service';
import {
  computeReport,
  pickEntries,
  totalColumns,
  type ExamineeColumns,
  type ReportEntries,
} from './report-compute';
import { progressJoin, progressSummary, type ProgressLine } from './report-progress';
import { parseStudentTable, studentTableText, type StudentTable } from './report-students';
import { depsOf, published, stampOf, TOTAL, type ReportCache } from './report-cache';
import type { ReportRepo, ReportSubjectRow, ScoreColumns } from './report.repo';
import { assertSeesExam, narrowReport, reportView } from './report-view';
import { questionLines } from './score-text';
import { readAnswerText, readCached } from '../../db/stored';

/**
 * Subjects' examinees as columns, read once while every report of an exam is computed (see `warm`): `full`
 * with the question scores, read ahead for the subjects' reports (each takes its own out); `columns` without,
 * for the 学生成绩 tables and the total.
 */
interface ColumnsMemo {
  full: Map<number, Promise<ScoreColumns>>;
  columns: Map<number, Promise<ExamineeColumns>>;
}

/** The order of exam numbers (what String#localeCompare gives, without building a collator per call). */
const collator = new Intl.Collator();

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

/** A 进退步 line with its row in the current exam's 学生成绩 table. */
type ProgressRow = ProgressLine & { i: number };

/** 进退步 lines by class (the class of their row in `classId`) with each class's summary. */
function byClassOf(lines: readonly ProgressRow[], classId: readonly number[]) {
  const byClass = new Map<number, ProgressRow[]>();
  for (const l of lines) {
    const c = classId[l.i]!;
    const list = byClass.get(c);
    if (list) list.push(l);
    else byClass.set(c, [l]);
  }
  const summaries = new Map([...byClass].map(([c, own]) => [c, progressSummary(own)]));
  return { byClass, summaries };
}

/**
 * Score reports (report_forms): computed from the score table and @yj/stats, stored in report_cache with the
 * stamp of what they depend on, and answered from there until a score of one of those subjects changes (the
 * score triggers bump its version) or a subject is published or withdrawn.
 */
export function reportService(d: {
  db: Db;
  audit: AuditService;
  repo: (db: Db) => ReportRepo;
  cachedJson: ReportCache;
}) {
  const repo = d.repo(d.db);
  const { cachedJson } = d;

  async function examOf(examId: number) {
    const e = await repo.exam(examId);
    if (!e) throw fail('examNotFound');
    return e;
  }

  /** A report setting of the exam saved in one transaction, its log line with what `save` says was and is. */
  async function saveExamSetting(
    examId: number,
    e: { schoolId: number | null },
    actor: Actor,
    action: string,
    save: (r: ReportRepo) => Promise<{ before: unknown; after: unknown }>,
  ): Promise<void> {
    await d.db.transaction(async (tx) => {
      const detail = await save(d.repo(tx));
      await d.audit.record(tx, {
        action,
        userId: actor.userId,
        schoolId: e.schoolId,
        examId,
        target: `exam:${examId}`,
        ip: actor.ip,
        detail,
      });
    });
  }

  /**
   * A subject's examinees as columns without question scores: read, or taken from `memo` (when computing every
   * report of an exam, each subject's scores are read once for its report, its 学生成绩 and the total's).
   */
  function columnsOf(subjectId: number, memo?: ColumnsMemo): Promise<ExamineeColumns> {
    const had = memo?.columns.get(subjectId) ?? memo?.full.get(subjectId);
    if (had) return had;
    const read = repo.scoreColumns(subjectId, false);
    memo?.columns.set(subjectId, read);
    return read;
  }

  /**
   * Reads a subject's examinees as columns with its question scores as parts in question order; `members`:
   * those examinees only (an analysis group), option counts included.
   */
  async function subjectInput(subject: ReportSubjectRow, memo?: ColumnsMemo, members?: ReadonlySet<number>) {
    // read ahead with the question scores (`warm`), or read now
    const reading = memo?.full.get(subject.id) ?? repo.scoreColumns(subject.id);
    if (memo) {
      memo.full.delete(subject.id);
      // later readers (its 学生成绩 table, the total) need no question scores: the text is let go
      const columns = reading.then((c) => ({ ...c, questions: null }));
      columns.catch(() => undefined); // a failed read fails this report; its later readers see it too
      memo.columns.set(subject.id, columns);
    }
    const [cols, questions] = await Promise.all([reading, repo.questions(subject.id)]);
    // the answers of those who sat (and are members), counted while their question scores are read here
    const sat: number[] = [];
    for (let i = 0; i < cols.totals.length; i++)
      if (!Number.isNaN(cols.totals[i]) && (!members || members.has(cols.examineeIds[i]!)))
        sat.push(cols.examineeIds[i]!);
    const counting = repo.options(subject.id, sat);
    counting.catch(() => undefined); // awaited below, after the question scores
    const parts = questionLines(
      cols.questions,
      cols.totals.length,
      questions.map((q) => q.no),
      cols.questionKeys,
    );
    const options = await counting;
    const byNo = new Map<string, { answer: string; count: number }[]>();
    for (const o of options) {
      const labels = readAnswerText(o.answer, `question ${o.no}`);
      const answer = [...labels].sort().join('');
      const list = byNo.get(o.no) ?? [];
      const same = list.find((x) => x.answer === answer);
      if (same) same.count += o.count;
      else list.push({ answer, count: o.count });
      byNo.set(o.no, list);
    }
    for (const list of byNo.values()) list.sort((a, b) => a.answer.localeCompare(b.answer));
    const all: ReportEntries = { ...cols, parts };
    const entries = members ? pickEntries(all, cols.examineeIds, members) : all;
    return { questions, options: byNo, entries };
  }

  async function compute(
    examId: number,
    examName: string,
    subjects: ReportSubjectRow[],
    subjectId: number | null,
    settings: ReportSettings,
    memo?: ColumnsMemo,
    members?: ReadonlySet<number>,
  ) {
    if (subjectId !== null) {
      const s = subjects[0]!;
      const [groups, i] = await Promise.all([repo.groups(examId), subjectInput(s, memo, members)]);
      const base = { examId, examName, subjectId, settings, ...groups };
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
    const [groups, lists] = await Promise.all([
      repo.groups(examId),
      Promise.all(subjects.map((s) => columnsOf(s.id, memo))),
    ]);
    const total = totalColumns(lists);
    return computeReport(
      {
        examId,
        examName,
        subjectId,
        settings,
        ...groups,
        name: '总分',
        fullScore: subjects.reduce((a, s) => a + s.fullScore, 0),
        entries: members ? pickEntries(total, total.examineeIds, members) : total,
        questions: [],
        options: new Map(),
        subjects: subjects.map((s) => ({ id: s.id, name: s.name, fullScore: s.fullScore })),
      },
      new Date(),
    );
  }

  /**
   * The report's JSON from the cache. Figures are kept to 6 decimals: the screens and Excel show 2, and the
   * stored text is what every later reader gets, so the first answer and the cached ones are the same numbers.
   */
  const cachedReport = (e: { id: number; name: string }, subjectId: number | undefined, memo?: ColumnsMemo) =>
    cachedJson(e.id, subjectId, 'report', async (deps, settings) =>
      reportText(await compute(e.id, e.name, deps, subjectId ?? null, settings, memo)),
    );

  /** A report's figures as the JSON text the cache keeps: 6 decimals (see `cachedReport`). */
  const reportText = (r: Report) =>
    JSON.stringify(r, (_k, v: unknown) =>
      typeof v === 'number' && !Number.isInteger(v) ? Math.round(v * 1e6) / 1e6 : v,
    );

  /** Every examinee's exam number. */
  const examNumbers = async (examId: number) =>
    new Map((await repo.examineeNames(examId)).map((n) => [n.id, n.kaohao]));

  /**
   * The 学生成绩 figures of every examinee of an exam's report (a subject, or the total), cached like the
   * reports (exact numbers: Z and T go to the screen and Excel as computed).
   */
  function studentTableJson(
    e: { id: number; name: string },
    subjectId: number | undefined,
    kaohao = () => examNumbers(e.id),
    memo?: ColumnsMemo,
  ): Promise<string> {
    return cachedJson(e.id, subjectId, 'students', async (deps, settings) => {
      const [entries, numbers] = await Promise.all([scoresOf(deps, subjectId !== undefined, memo), kaohao()]);
      return studentTableText(entries, settings.grades, numbers);
    });
  }

  /**
   * Parsed tables kept in this process, each under the stamp it was computed at: at most 8, the least recently
   * used dropped (a table of 100,000 examinees is some 10–15 MB; a 进退步 page holds three entries, so fewer
   * would drop each other when the list and 进退步 are read in turn). The database row stays the truth: an
   * entry is used only under the stamp the subjects and settings give now, so another process's
   * recomputation or a score change is seen.
   */
  const parsed = new Map<string, { stamp: string; value: Promise<unknown> }>();
  function remember<T>(key: string, stamp: string, make: () => Promise<T>): Promise<T> {
    const had = parsed.get(key);
    parsed.delete(key);
    if (had?.stamp === stamp) {
      parsed.set(key, had);
      return had.value as Promise<T>;
    }
    const value = make();
    parsed.set(key, { stamp, value });
    value.catch(() => parsed.get(key)?.value === value && parsed.delete(key));
    while (parsed.size > 8) parsed.delete(parsed.keys().next().value!);
    return value;
  }

  /** Every examinee's 学生成绩 figures of a report, parsed, with the stamp they are current for. */
  async function studentTableOf(e: { id: number; name: string }, subjectId: number | undefined) {
    const [all, own] = await Promise.all([repo.subjects(e.id), repo.settings(e.id)]);
    const stamp = stampOf(own?.version ?? 0, depsOf(all, subjectId));
    const table = await remember(`students:${e.id}:${subjectId ?? TOTAL}`, stamp, async () =>
      parseStudentTable(await studentTableJson(e, subjectId)),
    );
    return { stamp, table };
  }

  /** The report as the user may see it, as JSON text: the cached text itself when they see all of it. */
  async function viewedJson(examId: number, subjectId: number | undefined, p: Principal): Promise<string> {
    const e = await examOf(examId);
    const view = await seenView(e, subjectId ?? null, p);
    const json = await cachedReport(e, subjectId);
    return view.all
      ? json
      : JSON.stringify(narrowReport(readCached(CachedReportSchema, json, `exam ${examId} report`), view));
  }
  /**
   * Refuses whoever sees nothing of the exam's reports (an administrator of another school, a teacher of
   * classes outside the exam); returns the exam.
   */
  async function examSeenBy(examId: number, p: Principal) {
    const e = await examOf(examId);
    await seenView(e, null, p);
    return e;
  }

  /** The user's view of an exam's report, refused (无权限) before its state is told when it holds nothing of it. */
  async function seenView(
    e: { id: number; schoolId: number | null },
    subjectId: number | null,
    p: Principal,
  ) {
    const view = await reportView(p, e, subjectId, () => repo.teacherClasses(p.userId));
    await assertSeesExam(view, e.id, (examId, schools, classes) =>
      repo.hasExamineesIn(examId, schools, classes),
    );
    return view;
  }

  const viewed = async (examId: number, subjectId: number | undefined, p: Principal): Promise<Report> =>
    readCached(CachedReportSchema, await viewedJson(examId, subjectId, p), `exam ${examId} report`);

  /**
   * The 学生成绩 list the user may see, filtered (class, exam number or name), best first and 缺考 last: figures
   * over every examinee of the exam (ranks, Z / T, 等级赋分 with the exam's settings), from the cache. Returns
   * the cached table and the positions in it of the rows listed.
   */
  async function studentRows(examId: number, f: ReportStudentsFilter, p: Principal) {
    const e = await examOf(examId);
    const view = await seenView(e, f.subjectId ?? null, p);
    const [{ table }, matching] = await Promise.all([
      studentTableOf(e, f.subjectId),
      f.keyword ? repo.examineesMatching(examId, f.keyword) : null,
    ]);
    const seen = (i: number) =>
      view.all || view.schools.has(table.schoolId[i]!) || view.classes.has(table.classId[i]!);
    const rows: number[] = [];
    let any = view.all;
    for (let i = 0; i < table.examineeId.length; i++) {
      if (!seen(i)) continue;
      any = true;
      if (f.classId !== undefined && table.classId[i] !== f.classId) continue;
      if (matching && !matching.has(table.examineeId[i]!)) continue;
      rows.push(i);
    }
    // a view that holds nothing of this exam (another school's administrator, a teacher of other classes)
    if (!any) throw fail('forbidden');
    // 分析隐藏设置: blanked for whoever sees only part of the exam
    const hidden = new Set(view.all ? [] : ((await repo.hidden(examId)) as AnalysisHideKey[]));
    return { table, rows, hidden };
  }

  /** Rows of the 学生成绩 table as the list shows them: exam number and name read now, school and class named. */
  async function studentsAt(
    examId: number,
    table: StudentTable,
    rows: readonly number[],
  ): Promise<ReportStudent[]> {
    const [names, groups] = await Promise.all([
      repo.examineeNamesOf(rows.map((i) => table.examineeId[i]!)),
      repo.groups(examId),
    ]);
    const who = new Map(names.map((n) => [n.id, n]));
    const schoolName = new Map(groups.schools.map((x) => [x.id, x.name]));
    const className = new Map(groups.classes.map((x) => [x.id, x.name]));
    return rows.flatMap((i) => {
      const n = who.get(table.examineeId[i]!);
      if (!n) return [];
      return [
        {
          examineeId: table.examineeId[i]!,
          kaohao: n.kaohao,
          name: n.name,
          schoolName: schoolName.get(table.schoolId[i]!) ?? '',
          className: className.get(table.classId[i]!) ?? '',
          score: table.score[i]!,
          rankInClass: table.rankInClass[i]!,
          rankInSchool: table.rankInSchool[i]!,
          rank: table.rank[i]!,
          z: table.z[i]!,
          t: table.t[i]!,
          grade: table.grade[i]!,
          points: table.points[i]!,
        },
      ];
    });
  }

  /** An exam's scores per examinee for a report: one subject's, or the total over the published subjects. */
  async function scoresOf(
    deps: ReportSubjectRow[],
    single: boolean,
    memo?: ColumnsMemo,
  ): Promise<ExamineeColumns> {
    const lists = await Promise.all(deps.map((s) => columnsOf(s.id, memo)));
    return single ? lists[0]! : totalColumns(lists);
  }

  /**
   * 进退步 against an earlier exam of the same students: exam-wide ranks in each, for the students the user
   * sees now; by class, then a page of students with the largest 进步 first.
   */
  async function progressOf(examId: number, f: ReportProgressFilter, p: Principal) {
    const e = await examOf(examId);
    const view = await seenView(e, f.subjectId ?? null, p);
    if (f.earlierExamId === examId) throw fail('compareNeedsOtherExam');
    const earlierExam = await examSeenBy(f.earlierExamId, p);
    const [all, allEarlier] = await Promise.all([repo.subjects(examId), repo.subjects(f.earlierExamId)]);
    const deps = depsOf(all, f.subjectId);
    let earlierDeps: ReportSubjectRow[];
    if (f.subjectId !== undefined) {
      const same = allEarlier.find((s) => s.course === deps[0]!.course && published(s));
      if (!same)
        throw fail('earlierExamCourseUnpublished', { exam: earlierExam.name, course: deps[0]!.course });
      earlierDeps = [same];
    } else {
      earlierDeps = allEarlier.filter(published);
      if (!earlierDeps.length) throw fail('earlierExamUnpublished', { exam: earlierExam.name });
    }
    const single = f.subjectId !== undefined;
    const [current, earlier] = await Promise.all([
      studentTableOf(e, f.subjectId),
      studentTableOf(earlierExam, single ? earlierDeps[0]!.id : undefined),
    ]);
    const now = current.table;
    const seenAt = (i: number) =>
      view.all || view.schools.has(now.schoolId[i]!) || view.classes.has(now.classId[i]!);
    if (!view.all && !now.studentId.some((_, i) => seenAt(i))) throw fail('forbidden');
    // every line, largest 进步 first (ties by exam number), kept beside the two tables it comes from, with the
    // lines of each class and its summary for whoever sees the whole exam (a page then only reads names)
    const joined = await remember(
      `progress:${examId}:${f.earlierExamId}:${f.subjectId ?? TOTAL}`,
      `${current.stamp}/${earlier.stamp}`,
      async () => {
        const ranked = (x: StudentTable) =>
          x.studentId.map((studentId, i) => ({ studentId, total: x.score[i]!, rank: x.rank[i]! }));
        const at = new Map(now.studentId.map((id, i) => [id, i]));
        const lines = progressJoin(ranked(now), ranked(earlier.table))
          .map((l) => ({ ...l, i: at.get(l.studentId)! }))
          .sort(
            (a, b) =>
              (b.change ?? -Infinity) - (a.change ?? -Infinity) ||
              collator.compare(now.kaohao[a.i]!, now.kaohao[b.i]!),
          );
        return { lines, ...byClassOf(lines, now.classId) };
      },
    );
    const seen = view.all ? joined.lines : joined.lines.filter((l) => seenAt(l.i));
    const { byClass, summaries } = view.all ? joined : byClassOf(seen, now.classId);
    const named = await repo.classesNamed([...byClass.keys()]);
    const classes: ReportProgressClass[] = named.map((c) => ({
      classId: c.id,
      className: c.name,
      schoolName: c.schoolName,
      ...summaries.get(c.id)!,
    }));
    const lines = f.classId === undefined ? seen : (byClass.get(f.classId) ?? []);
    const className = new Map(named.map((c) => [c.id, c.name]));
    /** Lines as the screen shows them: exam number and name read now. */
    const studentsOf = async (part: readonly ProgressRow[]): Promise<ReportProgressStudent[]> => {
      const who = new Map(
        (await repo.examineeNamesOf(part.map((l) => now.examineeId[l.i]!))).map((n) => [n.id, n]),
      );
      return part.map((l) => {
        const n = who.get(now.examineeId[l.i]!);
        return {
          kaohao: n?.kaohao ?? '',
          name: n?.name ?? '',
          className: className.get(now.classId[l.i]!) ?? '',
          score: l.score,
          rank: l.rank,
          earlierScore: l.earlierScore,
          earlierRank: l.earlierRank,
          change: l.change,
        };
      });
    };
    return {
      earlierExamName: earlierExam.name,
      subjectName: single ? deps[0]!.name : null,
      classes,
      lines,
      studentsOf,
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
        items: await r.studentsOf(r.lines.slice(from, from + q.size)),
        total: r.lines.length,
      };
    },

    /** 进退步 of the filtered students as an Excel sheet, with the cells of the screen. */
    async exportProgress(examId: number, f: ReportProgressFilter, p: Principal) {
      const r = await progressOf(examId, f, p);
      const e = await examOf(examId);
      const students = await r.studentsOf(r.lines);
      const buffer = await writeSheet('进退步', REPORT_PROGRESS_HEADERS, students.map(reportProgressCells));
      return { buffer, filename: `${e.name}-${r.subjectName ?? '总分'}-进退步.xlsx` };
    },

    /** A page of the 学生成绩 list. */
    async students(examId: number, q: ReportStudentsQuery, p: Principal): Promise<ReportStudentsPage> {
      const { table, rows, hidden } = await studentRows(examId, q, p);
      const from = (q.page - 1) * q.size;
      const items = await studentsAt(examId, table, rows.slice(from, from + q.size));
      return { items: items.map((r) => withoutHidden(r, hidden)), total: rows.length };
    },

    /** The whole filtered 学生成绩 list as an Excel sheet: the rows and cells of the screen. */
    async exportStudents(examId: number, f: ReportStudentsFilter, p: Principal) {
      const { table, rows, hidden } = await studentRows(examId, f, p);
      const list = (await studentsAt(examId, table, rows)).map((r) => withoutHidden(r, hidden));
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
        // a 联考 (no school of its own) offers its schools compared (issue 35), to whom may see them compared
        compare: e.schoolId === null && can(p, 'report.compare', { examId: e.id }),
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
      if (!mayConfigure(p, e)) throw fail('forbidden');
      const problem = reportSettingsProblem(settings);
      if (problem) throw fail('reportSettingsRejected', { reason: problem });
      await saveExamSetting(examId, e, actor, 'report.settings', async (r) => {
        const before = await r.settings(examId);
        await r.saveSettings(examId, settings, actor.userId);
        return { before: before?.settings ?? DEFAULT_REPORT_SETTINGS, after: settings };
      });
    },

    /** 分析隐藏设置 of the exam, for whoever reads its reports. */
    async hiddenConfig(examId: number, p: Principal): Promise<AnalysisHiddenView> {
      const e = await examSeenBy(examId, p);
      return { hidden: (await repo.hidden(examId)) as AnalysisHideKey[], mayEdit: mayConfigure(p, e) };
    },

    async saveHiddenConfig(
      examId: number,
      hidden: AnalysisHideKey[],
      p: Principal,
      actor: Actor,
    ): Promise<void> {
      const e = await examOf(examId);
      if (!mayConfigure(p, e)) throw fail('forbidden');
      const keys = [...new Set(hidden)].sort();
      await saveExamSetting(examId, e, actor, 'report.hiddenConfig', async (r) => {
        const before = await r.hidden(examId);
        await r.saveHidden(examId, keys, actor.userId);
        return { before, after: keys };
      });
    },

    report: viewed,
    reportJson: viewedJson,

    /**
     * An analysis group's report as cached JSON text: the figures of its members only (kind `group:<id>`),
     * under the subjects' stamp and `stamp` (the group's version and members), so a score change or an edit of
     * the group computes it again. Who may read it is the caller's check.
     */
    groupReportJson(
      e: { id: number; name: string },
      subjectId: number | undefined,
      group: { id: number; members: ReadonlySet<number>; stamp: string },
    ): Promise<string> {
      return cachedJson(
        e.id,
        subjectId,
        `group:${group.id}`,
        async (deps, settings) =>
          reportText(
            await compute(e.id, e.name, deps, subjectId ?? null, settings, undefined, group.members),
          ),
        `|${group.stamp}`,
      );
    },

    /** One table of the report as an Excel sheet: the rows the screen shows. */
    async exportSheet(examId: number, subjectId: number | undefined, sheet: ReportSheet, p: Principal) {
      const r = await viewed(examId, subjectId, p);
      const t = reportTable(r, sheet);
      const buffer = await writeSheet(t.title, t.headers, t.rows);
      return { buffer, filename: `${r.examName}-${r.name}-${REPORT_SHEET_NAMES[sheet]}.xlsx` };
    },

    /**
     * Computes (or confirms) every report of an exam and every examinee's 学生成绩 figures: for the total and
     * each published subject.
     */
    async warm(examId: number): Promise<number> {
      const subjects = (await repo.subjects(examId)).filter(published);
      const e = await examOf(examId);
      let numbers: Promise<Map<number, string>> | undefined;
      const kaohao = () => (numbers ??= examNumbers(examId));
      const memo: ColumnsMemo = { full: new Map(), columns: new Map() };
      // the scores of every subject whose report is to be computed read up front, with their question scores:
      // the first alone (its report starts at once), the others four at a time — one statement passes over the
      // score table once for all its subjects, where read one by one each subject's rows are fetched from
      // nearly every page of it (subjects' rows written side by side)
      const [stamps, own] = await Promise.all([repo.cachedStamps(examId, 'report'), repo.settings(examId)]);
      const stale = subjects.filter((s) => stamps.get(s.id) !== stampOf(own?.version ?? 0, [s]));
      const batches = [stale.slice(0, 1)];
      for (let k = 1; k < stale.length; k += 4) batches.push(stale.slice(k, k + 4));
      for (const batch of batches) {
        if (!batch.length) continue;
        const read = repo.scoreColumnsOf(batch.map((s) => s.id));
        read.catch(() => undefined); // its subjects' reports fail with it
        for (const s of batch)
          memo.full.set(
            s.id,
            read.then((m) => m.get(s.id)!),
          );
      }
      // each subject's report reads its scores once (with the question scores) and leaves them in `memo` for its
      // 学生成绩 table and the total's, which come after it: a table two reports later (its report has long
      // started; were it not, the table would read the scores itself), so that a table computed here (no
      // database) runs beside reports waiting on their reads (database) rather than all reads first and all
      // tables after
      const reports = subjects.map((s) => () => cachedReport(e, s.id, memo));
      const tables = subjects.map((s) => () => studentTableJson(e, s.id, kaohao, memo));
      const tasks: (() => Promise<string>)[] = [];
      for (let i = 0; i < subjects.length + 2; i++) {
        if (i < subjects.length) tasks.push(reports[i]!);
        if (i >= 2) tasks.push(tables[i - 2]!);
      }
      if (subjects.length)
        tasks.push(
          () => cachedReport(e, undefined, memo),
          () => studentTableJson(e, undefined, kaohao, memo),
        );
      // three at a time: the database reads while figures are computed here (at 20,000 examinees on the shared
      // 2-core machine, noisy: 2.9–3.1 s against 3.3–3.5 s for two at a time with the reports first). Each
      // holds one connection for its cache row's lock and up to four for its reads: 15 of the pool's 20.
      let next = 0;
      const lane = async () => {
        while (next < tasks.length) await tasks[next++]!();
      };
      await Promise.all([lane(), lane(), lane()]);
      return subjects.length;
    },
  };
}
export type ReportService = ReturnType<typeof reportService>;
