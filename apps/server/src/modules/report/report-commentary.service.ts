import {
  DEFAULT_REPORT_SETTINGS,
  REPORT_COMMENTARY_HEADERS,
  commentaryCells,
  SubjectStatus,
  type BlockRegion,
  type Principal,
  type ReportCommentary,
  type ReportCommentaryQuery,
  type StudentReport,
  type StudentReportSubject,
  CachedClassFiguresSchema,
  type CachedClassFigures,
} from '@yj/contracts';
import type { GivenAnswer } from '@yj/stats';
import { fail } from '../../errors';
import type { Db } from '../../infra/db';
import { writeSheet } from '../../lib/excel';
import { commentaryQuestions, studentSubject } from './report-commentary';
import type { ReportCommentaryRepo } from './report-commentary.repo';
import type { ReportCache } from './report-cache';
import { studentFigures } from './report-students';
import type { ReportRepo, ScoreEntry } from './report.repo';
import { assertSeesExam, reportView, type ReportView } from './report-view';
import { readAnswerText, readCached } from '../../db/stored';

const sees = (v: ReportView, x: { schoolId: number; classId: number }) =>
  v.all || v.schools.has(x.schoolId) || v.classes.has(x.classId);

/**
 * 试卷讲评 (exam_commentary) and a student's printable report, beside the report service: read from the
 * score table as it stands (a class or one student — small reads), who sees what as report-view.ts says.
 */
export function reportCommentaryService(d: {
  db: Db;
  repo: (db: Db) => ReportRepo;
  commentaryRepo: (db: Db) => ReportCommentaryRepo;
  cachedJson: ReportCache;
  paperImage: (regions: BlockRegion[], paperId: number) => Promise<Buffer>;
}) {
  const repo = d.repo(d.db);
  const more = d.commentaryRepo(d.db);

  async function viewOf(examId: number, subjectId: number | null, p: Principal) {
    const e = await repo.exam(examId);
    if (!e) throw fail('examNotFound');
    const view = await reportView(p, e, subjectId, () => repo.teacherClasses(p.userId));
    // 无权限 before the exam's state (本次考试还没有已发布成绩的科目) is told
    await assertSeesExam(view, examId, (id, schools, classes) => repo.hasExamineesIn(id, schools, classes));
    return { e, view };
  }

  async function publishedSubject(examId: number, subjectId: number) {
    const s = (await repo.subjects(examId)).find((x) => x.id === subjectId);
    if (!s) throw fail('subjectNotFound');
    if (s.status !== SubjectStatus.published) throw fail('subjectNotPublishedForReport', { subject: s.name });
    return s;
  }

  /** The class's answers per objective question, the same choice in any letter order counted once. */
  async function classAnswers(subjectId: number, classId: number) {
    const out = new Map<string, GivenAnswer[]>();
    for (const o of await more.classAnswers(subjectId, classId)) {
      const list = out.get(o.no) ?? [];
      list.push({ answer: readAnswerText(o.answer, `question ${o.no}`).join(''), count: o.count });
      out.set(o.no, list);
    }
    return out;
  }

  /**
   * The figures of one class's 试卷讲评 (the students it names without exam number and name: those are read
   * per request), cached in report_cache under the subject's stamp — a score change of the subject, its
   * withdrawal or a saved B-paper option mapping (which bumps the subject's version) makes it stale.
   */
  const classFigures = (examId: number, subjectId: number, classId: number) =>
    d.cachedJson(examId, subjectId, `commentary:${classId}`, async () => {
      const [all, questions, blocks, answers] = await Promise.all([
        repo.entries(subjectId),
        repo.questions(subjectId),
        more.blocks(subjectId),
        classAnswers(subjectId, classId),
      ]);
      const figures: CachedClassFigures = {
        sat: all.filter((x) => x.classId === classId && x.total !== null).length,
        gradeSat: all.filter((x) => x.total !== null).length,
        questions: commentaryQuestions({
          questions,
          all,
          classId,
          answers,
          onBlock: new Set(blocks.flatMap((b) => (b.regions.length ? b.nos : []))),
          names: new Map(),
        }),
      };
      return JSON.stringify(figures);
    });

  async function commentary(
    examId: number,
    q: ReportCommentaryQuery,
    p: Principal,
  ): Promise<ReportCommentary> {
    const { e, view } = await viewOf(examId, q.subjectId, p);
    const s = await publishedSubject(examId, q.subjectId);
    const [groups, scored] = await Promise.all([repo.groups(examId), more.scoredClasses(s.id)]);
    const classes = groups.classes.filter(
      (c) => sees(view, { schoolId: c.schoolId, classId: c.id }) && scored.has(c.id),
    );
    const cls = q.classId === undefined ? classes[0] : classes.find((c) => c.id === q.classId);
    if (!cls) throw fail('forbidden');
    const figures = readCached(
      CachedClassFiguresSchema,
      await classFigures(examId, s.id, cls.id),
      `exam ${examId} commentary:${cls.id}`,
    );
    const named = figures.questions.flatMap((x) => [
      ...x.losers,
      ...(x.typical ? [x.typical.high, x.typical.low] : []),
    ]);
    const names = new Map(
      (await repo.examineeNamesOf([...new Set(named.flatMap((n) => (n ? [n.examineeId] : [])))])).map((n) => [
        n.id,
        n,
      ]),
    );
    for (const n of named) {
      if (!n) continue;
      n.kaohao = names.get(n.examineeId)?.kaohao ?? '';
      n.name = names.get(n.examineeId)?.name ?? '';
    }
    const schoolName = (id: number) => groups.schools.find((x) => x.id === id)?.name ?? '';
    return {
      examName: e.name,
      subjectName: s.name,
      classId: cls.id,
      className: cls.name,
      schoolName: schoolName(cls.schoolId),
      sat: figures.sat,
      gradeSat: figures.gradeSat,
      classes: classes.map((c) => ({ id: c.id, name: c.name, schoolName: schoolName(c.schoolId) })),
      questions: figures.questions,
    };
  }

  return {
    commentary,

    /** The 试卷讲评 table of a class as an Excel sheet: the cells of the screen. */
    async exportCommentary(examId: number, q: ReportCommentaryQuery, p: Principal) {
      const c = await commentary(examId, q, p);
      const buffer = await writeSheet(
        '试卷讲评',
        REPORT_COMMENTARY_HEADERS,
        c.questions.map(commentaryCells),
      );
      return { buffer, filename: `${c.examName}-${c.subjectName}-${c.className}-试卷讲评.xlsx` };
    },

    /**
     * A typical answer: the cut image of the block marking question `no` on the examinee's marked paper — for
     * whoever sees the examinee's class, of a published subjective question. Only the block's own rectangles
     * leave (no name or exam-number area).
     */
    async typicalImage(
      examId: number,
      q: { subjectId: number; no: string; examineeId: number },
      p: Principal,
    ): Promise<Buffer> {
      const { view } = await viewOf(examId, q.subjectId, p);
      await publishedSubject(examId, q.subjectId);
      const x = await more.examinee(examId, q.examineeId);
      if (!x || !sees(view, x)) throw fail('forbidden');
      const question = (await repo.questions(q.subjectId)).find((r) => r.no === q.no);
      if (!question || question.kind !== 'subjective') throw fail('questionNotSubjective');
      const block = (await more.blocks(q.subjectId)).find((b) => b.nos.includes(q.no) && b.regions.length);
      if (!block) throw fail('questionHasNoCrop');
      const paperId = await more.markedPaper(block.id, q.examineeId);
      if (paperId === null) throw fail('examineeQuestionNotMarked');
      return d.paperImage(block.regions, paperId);
    },

    /**
     * A student's report: every published subject and the total — score, ranks (over the whole exam), the
     * class's mean and best, each question against the class. For whoever sees the student's class.
     */
    async student(examId: number, examineeId: number, p: Principal): Promise<StudentReport> {
      const { e, view } = await viewOf(examId, null, p);
      const who = await more.examinee(examId, examineeId);
      if (!who || !sees(view, who)) throw fail('forbidden');
      const subjects = (await repo.subjects(examId)).filter((s) => s.status === SubjectStatus.published);
      if (!subjects.length) throw fail('noPublishedSubject');
      const [own, names, groups] = await Promise.all([
        repo.settings(examId),
        repo.examineeNames(examId),
        repo.groups(examId),
      ]);
      const grades = (own?.settings ?? DEFAULT_REPORT_SETTINGS).grades;
      // ranks over the whole exam from the totals; question scores only of the student's class
      const reads = await Promise.all(
        subjects.map(async (s) => {
          const [entries, questions, classmates] = await Promise.all([
            repo.entries(s.id, false),
            repo.questions(s.id),
            more.classEntries(s.id, who.classId),
          ]);
          return { s, entries, questions, classmates };
        }),
      );
      const parts: StudentReportSubject[] = [];
      for (const r of reads) {
        const one = studentSubject({
          subject: { id: r.s.id, name: r.s.name, fullScore: r.s.fullScore },
          questions: r.questions,
          entries: r.entries,
          figures: studentFigures(r.entries, grades),
          classmates: r.classmates,
          examineeId,
        });
        if (one) parts.push(one);
      }
      // the total over the published subjects: the sum of those sat, 缺考 only when absent from all
      const sums = new Map<number, ScoreEntry>();
      for (const r of reads)
        for (const x of r.entries) {
          const t = sums.get(x.examineeId) ?? { ...x, total: null, questions: null };
          if (x.total !== null) t.total = (t.total ?? 0) + x.total;
          sums.set(x.examineeId, t);
        }
      const totals = [...sums.values()];
      const total = studentSubject({
        subject: { id: null, name: '总分', fullScore: subjects.reduce((a, s) => a + s.fullScore, 0) },
        questions: [],
        entries: totals,
        figures: studentFigures(totals, grades),
        classmates: totals.filter((x) => x.classId === who.classId),
        examineeId,
      });
      const n = names.find((x) => x.id === examineeId);
      return {
        examName: e.name,
        kaohao: n?.kaohao ?? '',
        name: n?.name ?? '',
        schoolName: groups.schools.find((s) => s.id === who.schoolId)?.name ?? '',
        className: groups.classes.find((c) => c.id === who.classId)?.name ?? '',
        classSize: totals.filter((x) => x.classId === who.classId).length,
        examSize: totals.length,
        subjects: total ? [total, ...parts] : parts,
      };
    },
  };
}
export type ReportCommentaryService = ReturnType<typeof reportCommentaryService>;
