import type { PortalOnlineItem, Principal, SitQuestion, SitReceipt, SitView } from '@yj/contracts';
import { sittingKey, studentPaper } from '@yj/scoring';
import { fail } from '../../errors';
import type { Db } from '../../infra/db';
import type { PortalSelfService } from '../portal/portal-account.service';
import { assertAllows } from '../../lib/subject-state';
import { deadlineOf, isObjective, sitterStateOf, validChoice } from './online-rules';
import type { AttemptRow, MakeupRow, OnlineExamRow, onlineRepo } from './online.repo';
import type { OnlineSubmitter } from './online-submit';
import type { onlinePhotoRepo } from './online-photo.repo';

interface Deps {
  db: Db;
  repo: typeof onlineRepo;
  self: PortalSelfService;
  submitter: OnlineSubmitter;
  photos: typeof onlinePhotoRepo;
}

/**
 * The questions as this student sees them: in their own order when 题序打乱 is set (numbered by place), each
 * choice question's option texts in the order of its `letters` when 选项打乱 is set.
 */
function sitQuestions(
  questions: Awaited<ReturnType<ReturnType<typeof onlineRepo>['questions']>>,
  key: string,
  e: { shuffleQuestions: boolean; shuffleOptions: boolean },
  started: boolean,
): SitQuestion[] {
  const paper = studentPaper(
    questions.map((q) => ({ ...q, options: isObjective(q.kind) ? q.options : 0 })),
    key,
    { questions: e.shuffleQuestions, options: e.shuffleOptions },
  );
  return paper.map((q, i) => {
    const texts = q.optionTexts ?? [];
    return {
      no: q.no,
      label: e.shuffleQuestions ? String(i + 1) : q.no,
      kind: q.kind,
      score: q.score,
      options: q.options,
      letters: q.letters,
      content: started ? q.content : '',
      optionTexts: !started
        ? []
        : q.letters.every((l, k) => l === LETTER(k))
          ? texts
          : q.letters.map((l) => texts[l.charCodeAt(0) - 65] ?? ''),
    };
  });
}
const LETTER = (i: number) => String.fromCharCode(65 + i);

/** A paper subject's 补考 as the online exam its examinee sits: their window, questions in order. */
const paperMakeup = (m: MakeupRow): OnlineExamRow => ({
  ...m,
  shuffleQuestions: false,
  shuffleOptions: false,
  state: 'launched',
  launchedAt: null,
});

const receiptOf = (subjectId: number, a: AttemptRow, answered: number, total: number): SitReceipt => ({
  receipt: `ZX${subjectId}-${a.id}-${a.submittedAt!.getTime().toString(36).toUpperCase()}`,
  submittedAt: a.submittedAt!.toISOString(),
  submitKind: a.submitKind ?? 'manual',
  answered,
  total,
});

/**
 * 在线考试 on 学生端 (issue 34): the student's exams, and sitting one — start (the timer from the student's start,
 * never past the window's end), every answer saved as it changes (idempotent by question and revision), leaving
 * the page counted, 交卷 with a receipt; the time-out submits what was saved.
 */
export function onlineSitService(d: Deps) {
  const r = (db: Db = d.db) => d.repo(db);

  /**
   * The launched online subject and the signed-in student's examinee in its exam, with the attempt as read in
   * the same statement (`found`: what `current` starts from).
   */
  async function sitting(p: Principal, subjectId: number) {
    const studentId = await d.self.enrolledStudent(p.userId);
    const row = await r().sitting(subjectId, studentId);
    const s = row?.subject;
    const m = row?.makeup;
    // a paper subject is an online exam only to who has a 补考 in it: their window, no shuffle
    const e = s?.mode === 'online' ? row!.exam : m ? paperMakeup(m) : undefined;
    if (!s || !e || e.state !== 'launched') throw fail('onlineNotFound');
    const x = row!.examinee;
    if (!x) throw fail('onlineNotExaminee');
    // the student's window: their own 补考 window when given one, else the exam's
    const w = m ?? { startsAt: e.startsAt, endsAt: e.endsAt, durationMin: e.durationMin };
    return { s, e, w, x, ab: { enabled: s.abEnabled, paperType: x.paperType }, found: row!.attempt };
  }

  /** The attempt `found`, submitted first when its time has run out. */
  async function current(
    subjectId: number,
    examineeId: number,
    ab: { enabled: boolean; paperType: string | null },
    a: AttemptRow | undefined,
  ) {
    if (!a || a.submittedAt || a.deadline.getTime() > Date.now()) return a;
    await d.db.transaction(async (tx) => {
      const locked = await r(tx).attempt(subjectId, examineeId, true);
      if (locked) await d.submitter.submitIn(tx, subjectId, locked, 'timeout', ab);
    });
    return r().attempt(subjectId, examineeId);
  }

  async function view(p: Principal, subjectId: number): Promise<SitView> {
    const { s, e, w, x, ab, found } = await sitting(p, subjectId);
    const a = await current(subjectId, x.id, ab, found);
    const questions = await r().questions(subjectId);
    const [answers, photos] = a
      ? await Promise.all([r().answers(a.id), d.photos(d.db).photos(a.id)])
      : [[], []];
    // a written question answered by photos alone counts as answered
    const withPhotos = new Set(photos.map((x) => x.no));
    const answered = questions.filter(
      (q) => withPhotos.has(q.no) || answers.some((v) => v.no === q.no && v.value !== ''),
    ).length;
    return {
      subjectId,
      examName: s.examName,
      subjectName: s.name,
      durationMin: w.durationMin,
      endsAt: w.endsAt.toISOString(),
      state: sitterStateOf(a),
      deadline: a ? a.deadline.toISOString() : null,
      now: new Date().toISOString(),
      // the content only once started: before, the list of questions with no text
      questions: sitQuestions(questions, sittingKey(subjectId, x.id), e, !!a),
      answers,
      photos: photos.map(({ id, no, position, rotation }) => ({ id, no, position, rotation })),
      receipt: a?.submittedAt ? receiptOf(subjectId, a, answered, questions.length) : null,
    };
  }

  /** The attempt under way, refused once submitted or past its deadline (then submitted as saved). */
  async function open(p: Principal, subjectId: number) {
    const c = await sitting(p, subjectId);
    const a = await current(subjectId, c.x.id, c.ab, c.found);
    if (!a) throw fail('onlineNotStarted');
    if (a.submittedAt) throw fail('onlineTimeUp');
    return { ...c, a };
  }

  return {
    view,
    sitting,
    open,

    async list(p: Principal): Promise<PortalOnlineItem[]> {
      const studentId = await d.self.enrolledStudent(p.userId);
      const now = Date.now();
      return (await r().studentExams(studentId)).map((x) => ({
        ...x,
        startsAt: x.startsAt.toISOString(),
        endsAt: x.endsAt.toISOString(),
        open: x.state !== 'submitted' && x.startsAt.getTime() <= now && now < x.endsAt.getTime(),
      }));
    },

    async start(p: Principal, subjectId: number): Promise<SitView> {
      const { s, e, x, found } = await sitting(p, subjectId);
      assertAllows(s.status, 'onlineSit');
      if (!found) {
        await d.db.transaction(async (tx) => {
          // the 补考 window read again under its lock: a change or withdrawal is wholly before or after this start
          const m = await r(tx).makeup(subjectId, x.id);
          const w = m ?? (s.mode === 'online' ? e : undefined);
          if (!w) throw fail('onlineNotFound');
          // a paper subject's sheet scanned after the 补考 was given: the sheet is their paper
          if (s.mode === 'paper' && (await r(tx).scannedOf(subjectId, [x.id])).length)
            throw fail('makeupPaperScanned');
          const now = new Date();
          if (now < w.startsAt || now >= w.endsAt) throw fail('onlineNotOpen');
          await r(tx).startAttempt(subjectId, x.id, deadlineOf(now, w.durationMin, w.endsAt));
        });
      }
      return view(p, subjectId);
    },

    async answer(p: Principal, subjectId: number, body: { no: string; value: string; rev: number }) {
      const { s, a } = await open(p, subjectId);
      assertAllows(s.status, 'onlineSit');
      const q = await r().questionKind(subjectId, body.no);
      if (!q) throw fail('onlineQuestionUnknown', { no: body.no });
      const value = isObjective(q.kind) ? body.value.toUpperCase() : body.value;
      if (isObjective(q.kind) && !validChoice(q.kind, q.options, value))
        throw fail('onlineAnswerInvalid', { no: body.no });
      const rev = await r().saveAnswer(a.id, body.no, value, body.rev);
      return { no: body.no, rev };
    },

    async leave(p: Principal, subjectId: number) {
      const { a } = await open(p, subjectId);
      return { leaveCount: await r().addLeave(a.id) };
    },

    async submit(p: Principal, subjectId: number): Promise<SitReceipt> {
      const { x, ab } = await sitting(p, subjectId);
      await d.db.transaction(async (tx) => {
        const a = await r(tx).attempt(subjectId, x.id, true);
        if (!a) throw fail('onlineNotStarted');
        const kind = a.deadline.getTime() <= Date.now() ? 'timeout' : 'manual';
        await d.submitter.submitIn(tx, subjectId, a, kind, ab);
      });
      const v = await view(p, subjectId);
      return v.receipt!;
    },
  };
}
export type OnlineSitService = ReturnType<typeof onlineSitService>;
