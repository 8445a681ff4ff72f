import { createHash } from 'node:crypto';
import {
  GROUP_MAX_EXAMINEES,
  REPORT_SHEET_NAMES,
  reportTable,
  type Principal,
  type ReportGroupBody,
  type ReportGroupCandidate,
  type ReportGroupImportResult,
  type ReportGroupItem,
  type ReportGroupsPage,
  type ReportGroupsQuery,
  type ReportSheet,
  CachedReportSchema,
} from '@yj/contracts';
import { fail } from '../../errors';
import type { Db } from '../../infra/db';
import type { Actor } from '../../lib/actor';
import { writeSheet } from '../../lib/excel';
import type { AuditService } from '../audit/audit.service';
import type { GroupRow, GroupWrite, MemberRow, NamedMember, ReportGroupsRepo } from './report-groups.repo';
import type { ReportRepo } from './report.repo';
import type { ReportService } from './report.service';
import { kaohaosOf, readKaohaoFile, sortKaohaos } from './report-groups-import';
import { assertSeesExam, reportView, type ReportView } from './report-view';
import { readCached } from '../../db/stored';

type ExamClass = { id: number; name: string; schoolId: number; count: number };

/** Whether a view holds every one of these (examinees, or classes: a class's id and school). */
const covers = (v: ReportView, xs: readonly { schoolId: number; classId: number }[]) =>
  v.all || xs.every((x) => v.schools.has(x.schoolId) || v.classes.has(x.classId));

/** The one school of every member, or null when they span schools. */
function schoolOf(xs: readonly { schoolId: number }[]): number | null {
  const s = new Set(xs.map((x) => x.schoolId));
  return s.size === 1 ? [...s][0]! : null;
}

const candidate = (m: NamedMember): ReportGroupCandidate => ({
  examineeId: m.id,
  kaohao: m.kaohao,
  name: m.name,
  className: m.className,
});

/** What a group's cached reports depend on besides the scores: its version and who its members are now. */
const memberStamp = (version: number, members: readonly MemberRow[]) =>
  `g${version}:` +
  createHash('sha1')
    .update(members.map((m) => m.id).join(','))
    .digest('base64url')
    .slice(0, 16);

/**
 * 分析组 (issue 16): a set of classes or of examinees of an exam whose reports are computed over them alone.
 * Whoever reads the exam's reports defines, edits and deletes a group, sees it and its report, only when their
 * view of the reports (`reportView`: a teacher their classes, a school manager their school, an exam-wide role
 * the joint exam) covers every member.
 */
export function reportGroupsService(d: {
  db: Db;
  audit: AuditService;
  repo: (db: Db) => ReportGroupsRepo;
  reportRepo: (db: Db) => ReportRepo;
  reports: ReportService;
}) {
  const repo = d.repo(d.db);
  const reads = d.reportRepo(d.db);

  async function examAndView(examId: number, p: Principal, subjectId: number | null = null) {
    const e = await reads.exam(examId);
    if (!e) throw fail('examNotFound');
    const view = await reportView(p, e, subjectId, () => reads.teacherClasses(p.userId));
    // a view that holds nothing of this exam (another school's administrator, a teacher of other classes)
    await assertSeesExam(view, examId, (id, schools, classes) => reads.hasExamineesIn(id, schools, classes));
    return { e, view };
  }

  /** A class group's classes as the view sees them (a class no longer in the exam: only an all-seeing view). */
  const classPlaces = (ids: readonly number[], classes: readonly ExamClass[]) =>
    ids.map((id) => {
      const c = classes.find((x) => x.id === id);
      return { classId: id, schoolId: c?.schoolId ?? 0 };
    });

  /** The body checked against the exam and the view: what the group will store. */
  async function checked(examId: number, b: ReportGroupBody, view: ReportView): Promise<GroupWrite> {
    const name = b.name.trim();
    if (b.classIds?.length) {
      const ids = [...new Set(b.classIds)];
      const classes = await repo.classes(examId);
      const chosen = ids.map((id) => classes.find((c) => c.id === id));
      if (chosen.some((c) => !c)) throw fail('groupClassNotInExam');
      const places = chosen.map((c) => ({ classId: c!.id, schoolId: c!.schoolId }));
      if (!covers(view, places)) throw fail('groupClassNotVisible');
      return {
        examId,
        name,
        schoolId: schoolOf(places),
        classIds: ids.sort((a, z) => a - z),
        examineeIds: null,
      };
    }
    const ids = [...new Set(b.examineeIds ?? [])];
    const found = await repo.examinees(examId, ids);
    if (found.length !== ids.length) throw fail('groupStudentNotInExam');
    if (!covers(view, found)) throw fail('groupStudentNotVisible');
    return { examId, name, schoolId: schoolOf(found), classIds: null, examineeIds: found.map((m) => m.id) };
  }

  /** The group's examinees now (a class group: whoever sits in its classes). */
  const membersOf = (g: GroupRow) =>
    g.classIds ? repo.inClasses(g.examId, g.classIds) : repo.examinees(g.examId, g.examineeIds ?? []);

  /** Whether the view covers the group: its classes, or its examinees. */
  async function seen(g: GroupRow, view: ReportView, classes: () => Promise<ExamClass[]>) {
    if (view.all) return true;
    if (g.classIds) return covers(view, classPlaces(g.classIds, await classes()));
    return covers(view, await repo.examinees(g.examId, g.examineeIds ?? []));
  }

  /** A live group of the exam the user may see and change; refused (无权限) otherwise. */
  async function groupFor(examId: number, groupId: number, view: ReportView, db: Db = d.db, lock = false) {
    const r = d.repo(db);
    const g = await r.get(examId, groupId, lock);
    if (!g) throw fail('groupNotFound');
    if (!(await seen(g, view, () => r.classes(examId)))) throw fail('forbidden');
    return g;
  }

  const audit = (
    db: Db,
    action: string,
    actor: Actor,
    e: { id: number; schoolId: number | null },
    detail: unknown,
    id: number,
  ) =>
    d.audit.record(db, {
      action,
      userId: actor.userId,
      schoolId: e.schoolId,
      examId: e.id,
      target: `analysis_group:${id}`,
      ip: actor.ip,
      detail,
    });

  /** The group's report as cached JSON text, for a subject or the total. */
  async function reportJson(examId: number, groupId: number, subjectId: number | undefined, p: Principal) {
    const { e, view } = await examAndView(examId, p, subjectId ?? null);
    const g = await groupFor(examId, groupId, view);
    const members = await membersOf(g);
    const json = await d.reports.groupReportJson(e, subjectId, {
      id: g.id,
      members: new Set(members.map((m) => m.id)),
      stamp: memberStamp(g.version, members),
    });
    return { group: g, json };
  }

  return {
    /** The groups the user sees, newest first, a page of them with their classes named. */
    async list(examId: number, q: ReportGroupsQuery, p: Principal): Promise<ReportGroupsPage> {
      const { view } = await examAndView(examId, p);
      const [groups, classes] = await Promise.all([repo.list(examId), repo.classes(examId)]);
      const students = [...new Set(groups.flatMap((g) => g.examineeIds ?? []))];
      const where = new Map(
        (students.length ? await repo.examinees(examId, students) : []).map((m) => [m.id, m]),
      );
      const className = new Map(classes.map((c) => [c.id, c.name]));
      const mine = groups.filter((g) =>
        g.classIds
          ? covers(view, classPlaces(g.classIds, classes))
          : (g.examineeIds ?? []).every((id) => {
              const m = where.get(id);
              return m ? covers(view, [m]) : view.all;
            }),
      );
      const from = (q.page - 1) * q.size;
      const items: ReportGroupItem[] = mine.slice(from, from + q.size).map((g) => {
        const inExam = (g.examineeIds ?? []).flatMap((id) => where.get(id) ?? []);
        const classIds = g.classIds ?? [...new Set(inExam.map((m) => m.classId))];
        return {
          id: g.id,
          name: g.name,
          kind: g.classIds ? 'classes' : 'students',
          classIds: g.classIds ?? [],
          examineeIds: g.examineeIds ?? [],
          classNames: classIds.flatMap((id) => className.get(id) ?? []),
          students: inExam.map(candidate),
          size: g.classIds
            ? classes.filter((c) => g.classIds!.includes(c.id)).reduce((a, c) => a + c.count, 0)
            : inExam.length,
          createdByName: g.createdByName,
          updatedAt: g.updatedAt,
        };
      });
      return { items, total: mine.length };
    },

    /** Creates a group (audited); a second with the same name is refused, so a double click stores one. */
    async create(examId: number, b: ReportGroupBody, p: Principal, actor: Actor): Promise<{ id: number }> {
      const { e, view } = await examAndView(examId, p);
      const w = await checked(examId, b, view);
      return d.db.transaction(async (tx) => {
        await d.repo(tx).lockNames(examId);
        const id = await d.repo(tx).insert(w, actor.userId);
        if (id === null) throw fail('groupNameTaken', { name: w.name });
        await audit(tx, 'report.group.create', actor, e, w, id);
        return { id };
      });
    },

    /** Renames a group or changes its members (audited); its reports are computed again when next read. */
    async update(
      examId: number,
      groupId: number,
      b: ReportGroupBody,
      p: Principal,
      actor: Actor,
    ): Promise<void> {
      const { e, view } = await examAndView(examId, p);
      const w = await checked(examId, b, view);
      await d.db.transaction(async (tx) => {
        const before = await groupFor(examId, groupId, view, tx, true);
        const r = d.repo(tx);
        await r.lockNames(examId);
        if (await r.nameTaken(examId, w.name, groupId)) throw fail('groupNameTaken', { name: w.name });
        await r.update(groupId, w);
        const was = { name: before.name, classIds: before.classIds, examineeIds: before.examineeIds };
        await audit(tx, 'report.group.update', actor, e, { before: was, after: w }, groupId);
      });
    },

    /**
     * Deletes a group (audited): the group's own row is marked deleted and its cached reports dropped; no
     * class, student or score is touched.
     */
    async remove(examId: number, groupId: number, p: Principal, actor: Actor): Promise<void> {
      const { e, view } = await examAndView(examId, p);
      await d.db.transaction(async (tx) => {
        const g = await groupFor(examId, groupId, view, tx, true);
        await d.repo(tx).remove(groupId);
        await d.reportRepo(tx).dropKind(examId, `group:${groupId}`);
        await audit(tx, 'report.group.delete', actor, e, { name: g.name }, groupId);
      });
    },

    /** Examinees the user may put into a group, found by exam number or name. */
    async candidates(examId: number, keyword: string, p: Principal): Promise<ReportGroupCandidate[]> {
      const { view } = await examAndView(examId, p);
      const found = await repo.candidates(examId, keyword);
      return found.filter((m) => covers(view, [m])).map(candidate);
    },

    /** Examinees by exam number (a pasted column): those the user may see, and the numbers left over. */
    async byKaohao(examId: number, kaohaos: readonly string[], p: Principal) {
      const { view } = await examAndView(examId, p);
      const found = (await repo.byKaohao(examId, [...new Set(kaohaos)])).filter((m) => covers(view, [m]));
      const seen = new Set(found.map((m) => m.kaohao));
      return { found: found.map(candidate), missing: [...new Set(kaohaos)].filter((k) => !seen.has(k)) };
    },

    /**
     * 导入考号 of a student group from an .xlsx: the preview (what the file holds against the exam, as the
     * reader sees it), or with `apply` the examinees found added to the group in one transaction (audited),
     * the group locked while its members are read and written.
     */
    async importKaohaos(
      examId: number,
      groupId: number,
      file: Buffer,
      apply: boolean,
      p: Principal,
      actor: Actor,
    ): Promise<ReportGroupImportResult> {
      const { e, view } = await examAndView(examId, p);
      const cells = await readKaohaoFile(file);
      const run = async (db: Db): Promise<ReportGroupImportResult> => {
        const g = await groupFor(examId, groupId, view, db, apply);
        if (g.classIds) throw fail('groupByClassNoImport');
        const r = d.repo(db);
        // another school's, another class's examinee the reader may not see is "not found", as for a paste
        const found = (await r.byKaohao(examId, kaohaosOf(cells))).filter((m) => covers(view, [m]));
        const sorted = sortKaohaos(cells, found, new Set(g.examineeIds));
        const result = { ...sorted, matched: sorted.matched.map(candidate), added: 0 };
        if (!apply || !sorted.matched.length) return result;
        const ids = [...(g.examineeIds ?? []), ...sorted.matched.map((m) => m.id)];
        if (ids.length > GROUP_MAX_EXAMINEES)
          throw fail('groupTooManyStudents', { max: GROUP_MAX_EXAMINEES });
        const members = await r.examinees(examId, ids);
        await r.update(groupId, {
          examId,
          name: g.name,
          schoolId: schoolOf(members),
          classIds: null,
          examineeIds: ids,
        });
        const added = sorted.matched.map((m) => m.id);
        await audit(db, 'report.group.import', actor, e, { rows: cells.length, added }, groupId);
        return { ...result, added: added.length };
      };
      return apply ? d.db.transaction(run) : run(d.db);
    },

    /** The group's report (JSON text, cached). */
    async reportJson(examId: number, groupId: number, subjectId: number | undefined, p: Principal) {
      return (await reportJson(examId, groupId, subjectId, p)).json;
    },

    /** One table of the group's report as an Excel sheet: the rows the screen shows. */
    async exportSheet(
      examId: number,
      groupId: number,
      subjectId: number | undefined,
      sheet: ReportSheet,
      p: Principal,
    ) {
      const { group, json } = await reportJson(examId, groupId, subjectId, p);
      const r = readCached(CachedReportSchema, json, `exam ${examId} group ${groupId} report`);
      const t = reportTable(r, sheet);
      const buffer = await writeSheet(t.title, t.headers, t.rows);
      return { buffer, filename: `${r.examName}-${group.name}-${r.name}-${REPORT_SHEET_NAMES[sheet]}.xlsx` };
    },
  };
}
export type ReportGroupsService = ReturnType<typeof reportGroupsService>;
