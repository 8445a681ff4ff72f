import type {
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
import { assertAllows } from '../subject/subject-state';
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

  return {
    setting: (subjectId: number) => setting(subjectId),

    async save(subjectId: number, body: OnlineSettingSave, actor: Actor): Promise<OnlineSetting> {
      const startsAt = new Date(body.startsAt);
      const endsAt = new Date(body.endsAt);
      if (endsAt <= startsAt) throw fail('onlineWindowInvalid');
      return d.db.transaction(async (tx) => {
        const s = await subjectOf(subjectId, tx);
        assertAllows(s.status, 'editSetting');
        const e = await r(tx).exam(subjectId, true);
        if (e?.state === 'launched') throw fail('onlineLaunchedLocked');
        await checkContents(subjectId, body, tx);
        await r(tx).setMode(subjectId, body.mode);
        await r(tx).saveExam(subjectId, {
          startsAt,
          endsAt,
          durationMin: body.durationMin,
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
            startsAt,
            endsAt,
            durationMin: body.durationMin,
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
      q: { state?: SitterState; q?: string; page: number; size: number },
    ): Promise<SitterList> {
      const s = await subjectOf(subjectId);
      await d.submitter.submitExpired(subjectId);
      const { counts, items } = await r().sitters(subjectId, s.examId, schoolsOf(p, s), q);
      const n = (k: SitterState) => counts.find((c) => c.state === k)?.n ?? 0;
      const all = { notStarted: n('notStarted'), inProgress: n('inProgress'), submitted: n('submitted') };
      return {
        counts: all,
        total: q.state ? all[q.state] : all.notStarted + all.inProgress + all.submitted,
        items: items.map((i) => ({
          ...i,
          startedAt: iso(i.startedAt),
          deadline: iso(i.deadline),
          submittedAt: iso(i.submittedAt),
        })),
      };
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
