import type {
  MakeupSave,
  OnlineSetting,
  OnlineSettingSave,
  Principal,
  ReopenRequest,
  SitterList,
  SitterState,
} from '@yj/contracts';
import { allows } from '@yj/contracts';
import { fail } from '../../errors';
import type { Db } from '../../infra/db';
import type { Actor } from '../../lib/actor';
import type { AuditService } from '../audit/audit.service';
import { scanSchools } from '../scan/scan-access';
import { assertAllows } from '../../lib/subject-state';
import { isObjective, letters, reopenable } from './online-rules';
import type { onlineRepo, OnlineSubjectRow } from './online.repo';
import type { OnlineSubmitter } from './online-submit';

interface Deps {
  db: Db;
  repo: typeof onlineRepo;
  audit: AuditService;
  submitter: OnlineSubmitter;
}

const iso = (d: Date | null | undefined): string | null => (d ? d.toISOString() : null);
/** A 补考 window as the audit log keeps it. */
const windowOf = (m: { startsAt: Date; endsAt: Date; durationMin: number }) => ({
  window: [m.startsAt, m.endsAt],
  durationMin: m.durationMin,
});

/**
 * 在线考试, the school's side (issue 34): the setting (mode, window, duration, each question's content), 在线考试发布
 * and 取消 as lifecycle operations, who sits and where each is, 重新开放 of a student's window for a reason.
 */
export function onlineService(d: Deps) {
  const r = (db: Db = d.db) => d.repo(db);

  async function subjectOf(subjectId: number, db: Db = d.db): Promise<OnlineSubjectRow> {
    const s = await r(db).subject(subjectId);
    if (!s) throw fail('subjectNotFound');
    return s;
  }

  async function setting(subjectId: number, db: Db = d.db): Promise<OnlineSetting> {
    const s = await subjectOf(subjectId, db);
    const [e, questions, sat] = await Promise.all([
      r(db).exam(subjectId),
      r(db).questions(subjectId),
      r(db).attemptCount(subjectId),
    ]);
    const state = (e?.state ?? 'draft') as OnlineSetting['state'];
    return {
      subjectId,
      mode: s.mode === 'online' ? 'online' : 'paper',
      state,
      startsAt: iso(e?.startsAt),
      endsAt: iso(e?.endsAt),
      durationMin: e?.durationMin ?? null,
      shuffleQuestions: e?.shuffleQuestions ?? false,
      shuffleOptions: e?.shuffleOptions ?? false,
      launchedAt: iso(e?.launchedAt),
      canLaunch: s.mode === 'online' && !!e && state !== 'launched' && allows(s.status, 'onlineLaunch'),
      // 取消 only while nobody has started (the service refuses it after)
      canCancel: state === 'launched' && sat === 0 && allows(s.status, 'onlineCancel'),
      canReopen: reopenable(s.status),
      // a paper subject's 补考 needs no launch: its absent examinees sit online in windows of their own
      canMakeup: (s.mode === 'paper' || state === 'launched') && reopenable(s.status),
      questions: questions.map((q) => ({
        no: q.no,
        kind: q.kind,
        options: q.options,
        score: q.score,
        content: q.content,
        optionTexts: q.optionTexts ?? [],
      })),
    };
  }

  /** The contents checked against the structure: known questions, no more option texts than options. */
  async function checkContents(subjectId: number, body: OnlineSettingSave, db: Db) {
    const byNo = new Map((await r(db).questions(subjectId)).map((q) => [q.no, q]));
    for (const c of body.contents) {
      const q = byNo.get(c.no);
      if (!q) throw fail('onlineQuestionUnknown', { no: c.no });
      const max = isObjective(q.kind) ? letters(q.kind, q.options).length : 0;
      if (c.optionTexts.length > max) throw fail('onlineAnswerInvalid', { no: c.no });
    }
  }

  async function transition(subjectId: number, actor: Actor, op: 'onlineLaunch' | 'onlineCancel') {
    return d.db.transaction(async (tx) => {
      const s = await subjectOf(subjectId, tx);
      assertAllows(s.status, op);
      if (s.mode !== 'online') throw fail('onlineNotOnline');
      const e = await r(tx).exam(subjectId, true);
      if (!e) throw fail('onlineNotFound');
      if (op === 'onlineLaunch') {
        if (e.state === 'launched') throw fail('onlineAlreadyLaunched');
        if (!(await r(tx).questions(subjectId)).length) throw fail('onlineNoQuestions');
        await r(tx).setState(subjectId, 'launched', actor.userId);
      } else {
        if (e.state !== 'launched') throw fail('onlineNotLaunched');
        const n = await r(tx).attemptCount(subjectId);
        if (n > 0) throw fail('onlineHasSitters', { count: n });
        await r(tx).setState(subjectId, 'cancelled', null);
      }
      await d.audit.record(tx, {
        action: `subject.${op}`,
        userId: actor.userId,
        examId: s.examId,
        target: `subject:${subjectId}`,
        detail: { subject: s.name, window: [e.startsAt, e.endsAt], durationMin: e.durationMin },
        ip: actor.ip,
      });
      return setting(subjectId, tx);
    });
  }

  /** The schools of the exam whose examinees the user sees (a joint exam's school manager: their own). */
  function schoolsOf(p: Principal, s: OnlineSubjectRow): number[] | null {
    const f = scanSchools(p, { id: s.examId, schoolId: s.examSchoolId }, s.id);
    return f === 'all' ? null : [...f];
  }

  /**
   * The examinees a 补考 is set or withdrawn for, checked in the write's transaction: an online exam launched (a
   * paper subject needs none) and not yet marked, each examinee of the subject's exam and of the user's schools,
   * none started. Their 补考 rows
   * are locked before the attempts are read, as a start locks its row before it begins: a start and a change
   * of the window are one before the other, never crossed. Answers the windows they had.
   */
  async function makeupTargets(p: Principal, subjectId: number, ids: number[], tx: Db) {
    const s = await subjectOf(subjectId, tx);
    const paper = s.mode === 'paper';
    // a paper subject's online exam row, if any, is not its 补考's (each 补考 has its own window)
    const e = paper ? undefined : await r(tx).exam(subjectId, true);
    if (!paper && (!e || e.state !== 'launched')) throw fail('makeupNotLaunched');
    if (!reopenable(s.status)) throw fail('makeupAfterMarking');
    const xs = await r(tx).examineesByIds(s.examId, ids);
    if (xs.length !== ids.length) throw fail('makeupNotExaminee');
    const schools = schoolsOf(p, s);
    if (schools && xs.some((x) => !schools.includes(x.schoolId))) throw fail('forbidden');
    const kaohao = new Map(xs.map((x) => [x.id, x.kaohao]));
    const had = new Map((await r(tx).makeupsOf(subjectId, ids)).map((m) => [m.examineeId, m]));
    const attempts = await r(tx).attemptsOf(subjectId, ids);
    const done = attempts.find((a) => a.submittedAt);
    if (done) throw fail('makeupAlreadySubmitted', { kaohao: kaohao.get(done.examineeId)! });
    const sitting = attempts.find((a) => !a.submittedAt);
    if (sitting) throw fail('makeupInProgress', { kaohao: kaohao.get(sitting.examineeId)! });
    return { s, e, xs, had, kaohao };
  }

  /** The one school of the examinees, for the audit log's school (none when they are of several). */
  const schoolOf = (xs: { schoolId: number }[]): number | null =>
    xs.length && xs.every((x) => x.schoolId === xs[0]!.schoolId) ? xs[0]!.schoolId : null;

  /** The log line of a 补考 set or withdrawn: the subject, by id and name, and its examinees' school. */
  const makeupEntry = (
    action: string,
    s: OnlineSubjectRow,
    xs: { schoolId: number }[],
    actor: Actor,
    detail: Record<string, unknown>,
  ) => ({
    action,
    userId: actor.userId,
    examId: s.examId,
    schoolId: schoolOf(xs),
    target: `subject:${s.id}`,
    detail: { subject: s.name, ...detail },
    ip: actor.ip,
  });

  return {
    setting: (subjectId: number) => setting(subjectId),

    async save(subjectId: number, body: OnlineSettingSave, actor: Actor): Promise<OnlineSetting> {
      // no window: a paper subject's content alone (its 补考's; the schema requires the window when online)
      const window =
        body.startsAt && body.endsAt && body.durationMin
          ? {
              startsAt: new Date(body.startsAt),
              endsAt: new Date(body.endsAt),
              durationMin: body.durationMin,
            }
          : null;
      if (window && window.endsAt <= window.startsAt) throw fail('onlineWindowInvalid');
      return d.db.transaction(async (tx) => {
        const s = await subjectOf(subjectId, tx);
        assertAllows(s.status, 'editSetting');
        const e = await r(tx).exam(subjectId, true);
        if (e?.state === 'launched') throw fail('onlineLaunchedLocked');
        await checkContents(subjectId, body, tx);
        await r(tx).setMode(subjectId, body.mode);
        if (window)
          await r(tx).saveExam(subjectId, {
            ...window,
            shuffleQuestions: body.shuffleQuestions,
            shuffleOptions: body.shuffleOptions,
          });
        await r(tx).replaceContents(subjectId, body.contents);
        await d.audit.record(tx, {
          action: 'subject.online.save',
          userId: actor.userId,
          examId: s.examId,
          target: `subject:${subjectId}`,
          detail: {
            mode: body.mode,
            startsAt: window?.startsAt ?? null,
            endsAt: window?.endsAt ?? null,
            durationMin: window?.durationMin ?? null,
            shuffle: { questions: body.shuffleQuestions, options: body.shuffleOptions },
            questions: body.contents.length,
          },
          ip: actor.ip,
        });
        return setting(subjectId, tx);
      });
    },

    launch: (subjectId: number, actor: Actor) => transition(subjectId, actor, 'onlineLaunch'),
    cancel: (subjectId: number, actor: Actor) => transition(subjectId, actor, 'onlineCancel'),

    async sitters(
      p: Principal,
      subjectId: number,
      q: { state?: SitterState; makeup?: '1'; unscanned?: '1'; q?: string; page: number; size: number },
    ): Promise<SitterList> {
      const s = await subjectOf(subjectId);
      await d.submitter.submitExpired(subjectId);
      const { counts, items } = await r().sitters(subjectId, s.examId, schoolsOf(p, s), q);
      const n = (k: SitterState) => counts.find((c) => c.state === k)?.n ?? 0;
      const all = {
        notStarted: n('notStarted'),
        inProgress: n('inProgress'),
        submitted: n('submitted'),
        makeup: counts.reduce((t, c) => t + c.makeup, 0),
      };
      const inState = (k: SitterState) =>
        q.makeup ? (counts.find((c) => c.state === k)?.makeup ?? 0) : all[k];
      return {
        counts: all,
        total: q.state
          ? inState(q.state)
          : inState('notStarted') + inState('inProgress') + inState('submitted'),
        items: items.map((i) => ({
          ...i,
          startedAt: iso(i.startedAt),
          deadline: iso(i.deadline),
          submittedAt: iso(i.submittedAt),
          makeup: i.makeup
            ? {
                startsAt: i.makeup.startsAt.toISOString(),
                endsAt: i.makeup.endsAt.toISOString(),
                durationMin: i.makeup.durationMin,
              }
            : null,
        })),
      };
    },

    /**
     * 补考: the chosen examinees, none of whom has started, given a window of their own (set again: changed).
     * Only before 开始阅卷 (as 重新开放), so every 补考 paper is marked in the same pool and the subject's scores
     * are published once, with theirs; all or none of the examinees (the first refused one is named).
     */
    async makeup(p: Principal, subjectId: number, body: MakeupSave, actor: Actor): Promise<null> {
      const startsAt = new Date(body.startsAt);
      const endsAt = new Date(body.endsAt);
      if (endsAt <= startsAt) throw fail('makeupWindowInvalid');
      if (endsAt.getTime() <= Date.now()) throw fail('makeupWindowPast');
      const ids = [...new Set(body.examineeIds)];
      await d.db.transaction(async (tx) => {
        const { s, e, xs, had, kaohao } = await makeupTargets(p, subjectId, ids, tx);
        // a paper subject's 补考 is for who has no scanned sheet: a sheet and an online paper would be two papers
        // (withdrawing stays possible: a sheet found after the 补考 was given)
        const [scanned] = s.mode === 'paper' ? await r(tx).scannedOf(subjectId, ids) : [];
        if (scanned !== undefined) throw fail('makeupHasPaper', { kaohao: kaohao.get(scanned)! });
        // not given: the exam's duration; a paper subject has none, its 补考 may take the whole window
        const durationMin =
          body.durationMin ?? e?.durationMin ?? Math.ceil((endsAt.getTime() - startsAt.getTime()) / 60_000);
        await r(tx).saveMakeups(subjectId, ids, { startsAt, endsAt, durationMin }, actor.userId);
        await d.audit.record(
          tx,
          makeupEntry('subject.online.makeup', s, xs, actor, {
            kaohao: xs.map((x) => x.kaohao),
            window: [startsAt, endsAt],
            durationMin,
            // the windows changed by this one
            before: xs
              .filter((x) => had.has(x.id))
              .map((x) => ({ kaohao: x.kaohao, ...windowOf(had.get(x.id)!) })),
          }),
        );
      });
      return null;
    },

    /** 撤销补考 of examinees who have not started: their window is gone, and they stay 未开始 (缺考). */
    async withdrawMakeup(
      p: Principal,
      subjectId: number,
      examineeIds: number[],
      actor: Actor,
    ): Promise<null> {
      const ids = [...new Set(examineeIds)];
      await d.db.transaction(async (tx) => {
        const { s, xs, had } = await makeupTargets(p, subjectId, ids, tx);
        const none = xs.find((x) => !had.has(x.id));
        if (none) throw fail('makeupNotFound', { kaohao: none.kaohao });
        await r(tx).removeMakeups(subjectId, ids);
        await d.audit.record(
          tx,
          makeupEntry('subject.online.makeupWithdraw', s, xs, actor, {
            withdrawn: xs.map((x) => ({ kaohao: x.kaohao, ...windowOf(had.get(x.id)!) })),
          }),
        );
      });
      return null;
    },

    /** 重新开放: a submitted student may answer again for `minutes` from now; the reason kept in the audit log. */
    async reopen(
      p: Principal,
      subjectId: number,
      examineeId: number,
      body: ReopenRequest,
      actor: Actor,
    ): Promise<null> {
      await d.db.transaction(async (tx) => {
        const s = await subjectOf(subjectId, tx);
        assertAllows(s.status, 'onlineSit');
        if (!reopenable(s.status)) throw fail('onlineReopenAfterMarking');
        const x = await r(tx).examineeById(s.examId, examineeId);
        if (!x) throw fail('examineeNotInExam');
        const schools = schoolsOf(p, s);
        if (schools && !schools.includes(x.schoolId)) throw fail('forbidden');
        const a = await r(tx).attempt(subjectId, examineeId, true);
        if (!a?.submittedAt) throw fail('onlineNotSubmitted');
        const deadline = new Date(Date.now() + body.minutes * 60_000);
        await r(tx).reopen(a.id, deadline);
        await d.audit.record(tx, {
          action: 'subject.online.reopen',
          userId: actor.userId,
          examId: s.examId,
          schoolId: x.schoolId,
          target: `examinee:${examineeId}`,
          detail: {
            subject: s.name,
            kaohao: x.kaohao,
            reason: body.reason,
            minutes: body.minutes,
            before: { submittedAt: a.submittedAt, submitKind: a.submitKind },
          },
          ip: actor.ip,
        });
      });
      return null;
    },
  };
}
export type OnlineService = ReturnType<typeof onlineService>;
