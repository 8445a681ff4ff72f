import { type Principal, type ScanAccounting, type ScanSchoolStatus, FAILURES } from '@yj/contracts';
import { fail } from '../../../errors';
import type { Db } from '../../../infra/db';
import type { Actor } from '../../../lib/actor';
import type { AuditService } from '../../audit/audit.service';
import type { ExamService } from '../../exam/exam.service';
import { assertSchool, subjectScanAccess, type SchoolFilter } from '../scan-access';
import { scanAudit } from '../scan-audit';
import type { scanFinishRepo } from './scan-finish.repo';
import type { scanQueryRepo } from '../query/scan-query.repo';
import type { ExamineeScoreHook } from '../../score-compute/score-compute';

const none: ScanAccounting = { examinees: 0, present: 0, absent: 0, missing: 0 };

/**
 * The rule of 扫描完成 (said on the screen too): nothing still recognising, every exception settled, and
 * every examinee accounted for — scanned (实考) or with an absence record (缺考). An empty list: it may be confirmed.
 */
export function finishBlockers(s: ScanAccounting & { pending: number; exceptions: number }): string[] {
  const out: string[] = [];
  if (s.examinees === 0) out.push('该校没有本科目的考生');
  if (s.pending > 0) out.push(`还有 ${s.pending} 份答题卡正在识别`);
  if (s.exceptions > 0) out.push(`还有 ${s.exceptions} 个识别异常未处理`);
  if (s.missing > 0) out.push(`还有 ${s.missing} 名考生既未扫描也未登记缺考`);
  return out;
}

/** The message an upload (or a change of absence) gets for a school whose 扫描完成 is confirmed. */
export const FINISHED_REFUSAL = FAILURES.scanFinishedLocked.message;

/**
 * Absence by hand, 扫描完成 per school and its undo (DESIGN.md §4): each write one audited transaction,
 * narrowed to the schools the user scans for.
 */
export function scanFinishService(d: {
  db: Db;
  audit: AuditService;
  exams: ExamService;
  repo: typeof scanFinishRepo;
  queryRepo: typeof scanQueryRepo;
  scores?: ExamineeScoreHook;
}) {
  const access = (subjectId: number, p: Principal, write: boolean) =>
    subjectScanAccess(d.exams, subjectId, p, write);

  /** Every school of the subject the user sees, read inside `db` (the finish transaction passes its own). */
  async function statuses(db: Db, examId: number, subjectId: number, filter: SchoolFilter) {
    const r = d.repo(db);
    const q = d.queryRepo(db);
    const [schools, accounting, pending, exceptions, finishes] = await Promise.all([
      q.schools(examId, filter),
      r.accounting(examId, [subjectId], filter),
      r.pending(subjectId, filter),
      q.openExceptions([subjectId], filter),
      r.finishes([subjectId], filter),
    ]);
    return schools.map((x): ScanSchoolStatus => {
      const a = accounting.find((y) => y.schoolId === x.schoolId) ?? none;
      const f = finishes.find((y) => y.schoolId === x.schoolId);
      const counts = {
        examinees: a.examinees,
        present: a.present,
        absent: a.absent,
        missing: a.missing,
        pending: pending.find((y) => y.schoolId === x.schoolId)?.n ?? 0,
        exceptions: exceptions.filter((y) => y.schoolId === x.schoolId).reduce((t, y) => t + y.n, 0),
      };
      return {
        schoolId: x.schoolId,
        schoolName: x.schoolName,
        ...counts,
        finished: f
          ? { finishedAt: f.finishedAt.toISOString(), finishedBy: f.finishedBy, counts: f.counts }
          : null,
        blockers: f ? ['该校本科目已确认扫描完成'] : finishBlockers(counts),
      };
    });
  }

  const record = scanAudit(d.audit);

  return {
    /** The subject's schools with their accounting and 扫描完成 state (school picker, 扫描完成 card). */
    async schools(subjectId: number, p: Principal): Promise<ScanSchoolStatus[]> {
      const { examId, filter } = await access(subjectId, p, false);
      return statuses(d.db, examId, subjectId, filter);
    },

    /** Refuses an upload for a school whose 扫描完成 is confirmed (inside the upload's transaction). */
    async assertOpen(db: Db, subjectId: number, schoolId: number): Promise<void> {
      if (await d.repo(db).lockFinish(subjectId, schoolId)) throw fail('scanFinishedLocked');
    },

    /** 扫描完成 of one school: refused with the reasons while the rule is not met; the counts seen are kept. */
    async finish(subjectId: number, body: { schoolId: number }, p: Principal, actor: Actor) {
      const { examId, filter } = await access(subjectId, p, true);
      assertSchool(filter, body.schoolId);
      return d.db.transaction(async (tx) => {
        const r = d.repo(tx);
        if (await r.lockFinish(subjectId, body.schoolId)) throw fail('scanAlreadyFinished');
        const s = (await statuses(tx, examId, subjectId, filter)).find((x) => x.schoolId === body.schoolId);
        if (!s) throw fail('schoolNotInTheExam');
        if (s.blockers.length) throw fail('scanFinishBlocked', { blockers: s.blockers.join('；') });
        const counts = {
          examinees: s.examinees,
          present: s.present,
          absent: s.absent,
          missing: s.missing,
          exceptions: s.exceptions,
        };
        await r.insertFinish({ subjectId, schoolId: body.schoolId, finishedBy: actor.userId, counts });
        await record(tx, examId, actor, 'scan.finish', `subject:${subjectId}`, {
          subjectId,
          schoolId: body.schoolId,
          before: { finished: false },
          after: { finished: true, counts },
        });
        return { schoolId: body.schoolId, counts };
      });
    },

    /** 重新打开扫描: uploads for the school are taken again. */
    async reopen(subjectId: number, body: { schoolId: number }, p: Principal, actor: Actor) {
      const { examId, filter } = await access(subjectId, p, true);
      assertSchool(filter, body.schoolId);
      return d.db.transaction(async (tx) => {
        const r = d.repo(tx);
        const row = await r.lockFinish(subjectId, body.schoolId);
        if (!row) throw fail('scanNotFinished');
        await r.deleteFinish(subjectId, body.schoolId);
        await record(tx, examId, actor, 'scan.reopen', `subject:${subjectId}`, {
          subjectId,
          schoolId: body.schoolId,
          before: { finished: true, finishedAt: row.finishedAt.toISOString(), counts: row.counts },
          after: { finished: false },
        });
        return { schoolId: body.schoolId };
      });
    },

    /**
     * 标记缺考 by hand for examinees whose sheet never came, or the undo (which also takes back a confirmed
     * mark on a scanned sheet: the person says the student sat the exam).
     */
    async absence(
      subjectId: number,
      body: { examineeIds: number[]; absent: boolean },
      p: Principal,
      actor: Actor,
    ) {
      const { examId, filter } = await access(subjectId, p, true);
      const ids = [...new Set(body.examineeIds)];
      return d.db.transaction(async (tx) => {
        const r = d.repo(tx);
        const who = await r.lockExaminees(examId, subjectId, ids);
        if (who.length !== ids.length) throw fail('examineeNotFound');
        for (const x of who) assertSchool(filter, x.schoolId);
        for (const school of new Set(who.map((x) => x.schoolId)))
          if (await r.lockFinish(subjectId, school)) throw fail('scanFinishedLocked');
        const before = await r.absentOf(subjectId, ids);
        let changed: number;
        if (body.absent) {
          const scanned = who.find((x) => x.paper !== null);
          if (scanned) throw fail('absentButScanned', { name: scanned.name, kaohao: scanned.kaohao });
          changed = await r.addAbsence(subjectId, ids, actor.userId);
        } else {
          changed = await r.removeAbsence(subjectId, ids);
          await r.clearAbsentMark(who.flatMap((x) => (x.paper?.absentMarked ? [x.paper.id] : [])));
        }
        // 缺考 has no score figure: the examinees' scores follow the absence now
        await d.scores?.(tx, subjectId, ids);
        await record(
          tx,
          examId,
          actor,
          body.absent ? 'scan.absence.mark' : 'scan.absence.clear',
          `subject:${subjectId}`,
          {
            subjectId,
            before: ids.map((id) => ({ examineeId: id, absent: before.has(id) })),
            after: ids.map((id) => ({ examineeId: id, absent: body.absent })),
          },
        );
        return { changed };
      });
    },
  };
}
export type ScanFinishService = ReturnType<typeof scanFinishService>;
