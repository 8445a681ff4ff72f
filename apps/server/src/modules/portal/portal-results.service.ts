import {
  objectiveKind,
  PUBLISH_SETTING_DEFAULTS,
  type BlockRegion,
  type PortalExamDetail,
  type PortalExamItem,
  type PortalQuestion,
  type PortalSubjectDetail,
  type PortalTrend,
  type PortalTrendPoint,
  PORTAL_TREND_EXAMS,
  type Principal,
  type PublishSetting,
} from '@yj/contracts';
import { rankBand, scoreLevel, standingOf } from '@yj/stats';
import { readBlockRegions, readPageMatrix } from '../../db/stored';
import { fail } from '../../errors';
import type { Db } from '../../infra/db';
import type { Storage } from '../../infra/storage';
import type { Actor } from '../../lib/actor';
import type { AuditService } from '../audit/audit.service';
import type { portalResultsRepo, ScoreRow } from './portal-results.repo';
import type { PortalSelfService } from './portal-account.service';
import { marksOnPages } from './portal-paper';

/** exam.type of a 联考 (1 single-school, 2 joint, 3 class quiz, 4 online) */
const EXAM_TYPE_JOINT = 2;
const OBJECTIVE = new Set<string>(objectiveKind.options);
const round = (v: number) => Math.round(v * 100) / 100;

function imageType(key: string): string {
  if (key.endsWith('.png')) return 'image/png';
  if (key.endsWith('.webp')) return 'image/webp';
  return 'image/jpeg';
}

/**
 * The figures beside one score that the exam's 发布设置 lets through: in the class, in the grade of the student's
 * own school and, for a 联考 (`inUnion` given), among the examinees of every school of it.
 */
function standingShown(
  s: PublishSetting,
  inClass: number[],
  inGrade: number[],
  inUnion: number[] | null,
  mine: number | null,
): PortalExamDetail['total']['standing'] {
  const c = standingOf(inClass, mine);
  const g = standingOf(inGrade, mine);
  const u = inUnion ? standingOf(inUnion, mine) : null;
  return {
    ...(s.showAverages ? { classAvg: c.avg, gradeAvg: g.avg, classMax: c.max, gradeMax: g.max } : {}),
    ...(s.showAverages && u ? { unionAvg: u.avg, unionMax: u.max } : {}),
    ...(s.rankMode === 'rank' ? { classRank: c.rank, gradeRank: g.rank } : {}),
    ...(s.rankMode === 'rank' && u ? { unionRank: u.rank, unionCount: u.n } : {}),
    ...(s.rankMode === 'band' ? { band: rankBand(g.rank, g.n) } : {}),
    ...(s.rankMode === 'band' && u ? { unionBand: rankBand(u.rank, u.n) } : {}),
  };
}

/** A score as the trend draws it: its share of full marks, and the grade rank or band that were shown. */
function trendPoint(x: {
  score: number | null;
  fullScore: number;
  standing: PortalExamDetail['total']['standing'];
}): PortalTrendPoint {
  return {
    score: x.score,
    fullScore: x.fullScore,
    rate: x.score === null || x.fullScore <= 0 ? null : Math.round((x.score / x.fullScore) * 10000) / 10000,
    ...(x.standing.gradeRank !== undefined ? { gradeRank: x.standing.gradeRank } : {}),
    ...(x.standing.band !== undefined ? { band: x.standing.band } : {}),
  };
}

interface Deps {
  db: Db;
  repo: typeof portalResultsRepo;
  self: PortalSelfService;
  storage: Storage;
  audit: AuditService;
  /** a block's cut of a paper (the scan module's paper images): what the markers marked on */
  paperImage: (regions: BlockRegion[], paperId: number) => Promise<Buffer>;
}

/**
 * What a student or parent sees (issue 32): only published subjects, only the student's own results or a bound
 * child's, and of those only what the exam's 发布设置 shows. Another student's id is 无权限, never their data.
 */
export function portalResultsService(d: Deps) {
  const r = () => d.repo(d.db);

  /** The student whose results this caller may read: their own, or one of a parent's children. */
  async function whose(
    p: Principal,
    studentId: number | undefined,
  ): Promise<{ studentId: number; parent: boolean }> {
    if (p.kind === 'student') {
      const own = await d.self.enrolledStudent(p.userId);
      if (studentId !== undefined && studentId !== own) throw fail('forbidden');
      return { studentId: own, parent: false };
    }
    const children = await d.self.childIds(p.userId);
    const chosen = studentId ?? children[0];
    if (chosen === undefined || !children.includes(chosen)) throw fail('forbidden');
    return { studentId: chosen, parent: true };
  }

  const settingOf = async (examId: number): Promise<PublishSetting> =>
    (await r().setting(examId)) ?? PUBLISH_SETTING_DEFAULTS;

  /** The student's examinee row in the exam, with its 发布设置; a parent's view closed by the school is refused. */
  async function examOf(examId: number, who: { studentId: number; parent: boolean }) {
    const x = await r().examinee(examId, who.studentId);
    if (!x) throw fail('portalResultNotFound');
    const setting = await settingOf(examId);
    if (who.parent && !setting.openToParents) throw fail('portalClosedToParents');
    return { x, setting };
  }

  /** The published subject, and the caller's paper in it (the examinee of the student). */
  async function paperOf(p: Principal, subjectId: number, studentId: number | undefined) {
    const who = await whose(p, studentId);
    const subject = await r().subject(subjectId);
    if (!subject) throw fail('portalResultNotFound');
    const { x, setting } = await examOf(subject.examId, who);
    const score = await r().score(subjectId, x.examineeId);
    return { subject, x, setting, score };
  }

  async function examDetail(p: Principal, examId: number, studentId?: number): Promise<PortalExamDetail> {
    const { x, setting } = await examOf(examId, await whose(p, studentId));
    const subjects = await r().publishedSubjects(examId);
    // a 联考: every school's scores, for the figures among all its examinees; else the school's own
    const joint = x.examType === EXAM_TYPE_JOINT;
    const scores = await r().examScores(examId, joint ? null : x.schoolId);
    const present = (rows: ScoreRow[]) =>
      rows.filter((s) => !s.absent && s.total !== null).map((s) => s.total!);
    const totals = new Map<number, { schoolId: number; classId: number; total: number }>();
    const inTotal = new Set(subjects.filter((s) => s.inTotal).map((s) => s.id));
    for (const s of scores)
      if (inTotal.has(s.subjectId) && !s.absent && s.total !== null) {
        const t = totals.get(s.examineeId) ?? { schoolId: s.schoolId, classId: s.classId, total: 0 };
        t.total += s.total;
        totals.set(s.examineeId, t);
      }
    const myTotal = totals.get(x.examineeId)?.total ?? null;
    const totalFull = subjects.filter((s) => s.inTotal).reduce((a, s) => a + s.fullScore, 0);
    const allTotals = [...totals.values()];
    const ownTotals = allTotals.filter((t) => t.schoolId === x.schoolId);
    return {
      examId,
      name: x.examName,
      date: x.date,
      student: { name: x.name, className: x.className },
      joint,
      setting: {
        rankMode: setting.rankMode,
        showAverages: setting.showAverages,
        showPaper: setting.showPaper,
        showAnswers: setting.showAnswers,
      },
      total: {
        score: myTotal === null ? null : round(myTotal),
        fullScore: totalFull,
        level: scoreLevel(myTotal, totalFull),
        standing: standingShown(
          setting,
          ownTotals.filter((t) => t.classId === x.classId).map((t) => t.total),
          ownTotals.map((t) => t.total),
          joint ? allTotals.map((t) => t.total) : null,
          myTotal,
        ),
      },
      subjects: subjects.map((s) => {
        const all = scores.filter((row) => row.subjectId === s.id);
        const of = all.filter((row) => row.schoolId === x.schoolId);
        const mine = of.find((row) => row.examineeId === x.examineeId);
        const value = mine && !mine.absent ? mine.total : null;
        return {
          subjectId: s.id,
          name: s.name,
          score: value,
          fullScore: s.fullScore,
          absent: mine?.absent ?? false,
          level: scoreLevel(value, s.fullScore),
          standing: standingShown(
            setting,
            present(of.filter((row) => row.classId === x.classId)),
            present(of),
            joint ? present(all) : null,
            value,
          ),
        };
      }),
    };
  }

  return {
    async exams(p: Principal, studentId?: number): Promise<PortalExamItem[]> {
      const who = await whose(p, studentId);
      const rows = await r().exams(who.studentId, who.parent);
      return rows.map((e) => ({ ...e, total: e.total === null ? null : round(e.total) }));
    },

    exam: examDetail,

    /** Across exams (oldest first): the total and each subject, rank or band only where that exam shows it. */
    async trend(p: Principal, studentId?: number): Promise<PortalTrend> {
      const who = await whose(p, studentId);
      const list = (await r().exams(who.studentId, who.parent)).slice(0, PORTAL_TREND_EXAMS).reverse();
      const out: PortalTrend = [];
      for (const e of list) {
        const x = await examDetail(p, e.examId, studentId);
        out.push({
          examId: x.examId,
          name: x.name,
          date: x.date,
          total: trendPoint(x.total),
          subjects: x.subjects.map((sub) => ({ name: sub.name, ...trendPoint(sub) })),
        });
      }
      return out;
    },

    async subject(p: Principal, subjectId: number, studentId?: number): Promise<PortalSubjectDetail> {
      const { subject, x, setting, score } = await paperOf(p, subjectId, studentId);
      const rates = await r().classRates(subjectId, x.classId);
      const absent = score?.absent ?? false;
      const scores = score?.questionScores ?? {};
      const chosen = score?.paperId && setting.showAnswers ? await r().objective(score.paperId) : {};
      const questions: PortalQuestion[] = (await r().questions(subjectId)).map((q) => {
        const objective = OBJECTIVE.has(q.kind);
        return {
          no: q.no,
          kind: q.kind,
          score: absent ? null : (scores[q.no] ?? null),
          fullScore: q.fullScore,
          ...(objective && setting.showAnswers
            ? { answer: (chosen[q.no] ?? []).join(''), key: q.key || null }
            : {}),
          classRate: rates.has(q.no) ? round(rates.get(q.no)!) : null,
        };
      });
      const paperId = score?.paperId ?? null;
      const marked =
        paperId && setting.showPaper
          ? (await r().blocks(subjectId, paperId)).map((b) => ({
              blockId: b.blockId,
              name: b.name,
              nos: b.nos,
              score: b.score,
              fullScore: questions.filter((q) => b.nos.includes(q.no)).reduce((a, q) => a + q.fullScore, 0),
              marks: b.marks,
              regions: readBlockRegions(b.regions, b.blockId),
            }))
          : [];
      const blocks = marked.map(({ regions: _r, ...b }) => b);
      const pages =
        paperId && setting.showPaper
          ? marksOnPages(
              marked,
              (await r().pages(paperId)).map((pg) => ({
                pageId: pg.pageId,
                position: pg.position,
                templatePage: pg.templatePage,
                matrix: readPageMatrix(pg.matrix, pg.pageId),
              })),
            )
          : [];
      const lost = questions
        .filter((q) => q.score !== null && q.score < q.fullScore)
        .map((q) => ({ ...q, lost: round(q.fullScore - q.score!) }))
        .sort((a, b) => b.lost - a.lost || (a.classRate ?? 1) - (b.classRate ?? 1));
      return {
        subjectId,
        examId: subject.examId,
        examName: subject.examName,
        name: subject.name,
        score: absent ? null : (score?.total ?? null),
        fullScore: subject.fullScore,
        absent,
        showPaper: setting.showPaper,
        questions,
        blocks,
        pages,
        lost,
      };
    },

    /** A block's cut of the student's paper (the marking is drawn over it by the web from `marks`). */
    async blockImage(p: Principal, subjectId: number, blockId: number, studentId?: number): Promise<Buffer> {
      const { setting, score } = await paperOf(p, subjectId, studentId);
      if (!setting.showPaper) throw fail('portalPaperHidden');
      const regions = await r().blockRegions(subjectId, blockId);
      if (!score?.paperId || !regions) throw fail('portalResultNotFound');
      return d.paperImage(regions, score.paperId);
    },

    /** A scanned page of the student's paper, as stored. */
    async pageImage(p: Principal, subjectId: number, pageId: number, studentId?: number) {
      const { setting, score } = await paperOf(p, subjectId, studentId);
      if (!setting.showPaper) throw fail('portalPaperHidden');
      const page = score?.paperId
        ? (await r().pages(score.paperId)).find((pg) => pg.pageId === pageId)
        : null;
      if (!page) throw fail('portalResultNotFound');
      const body = await d.storage.get(page.storageKey);
      if (!body) throw fail('paperImageFileLost');
      return { body, type: imageType(page.storageKey) };
    },

    /** 发布设置 of an exam: the defaults until someone who may publish saves it. */
    setting: settingOf,

    async saveSetting(examId: number, s: PublishSetting, actor: Actor): Promise<PublishSetting> {
      await d.db.transaction(async (tx) => {
        await d.repo(tx).saveSetting(examId, s, actor.userId);
        await d.audit.record(tx, {
          action: 'portal.setting.save',
          userId: actor.userId,
          examId,
          detail: s,
          ip: actor.ip,
        });
      });
      return s;
    },
  };
}
export type PortalResultsService = ReturnType<typeof portalResultsService>;
