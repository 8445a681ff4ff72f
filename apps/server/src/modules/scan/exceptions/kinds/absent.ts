import { fail } from '../../../../errors';
import type { Db } from '../../../../infra/db';
import type { FixKit } from '../fix-kit';
import { setPaper } from './set-paper';

/** 缺考: a mark read on a sheet, or a sheet of an examinee recorded absent. */
export function absentFixes(kit: FixKit) {
  /**
   * A confirmed 缺考 mark writes the examinee's absence record, a cleared one removes it. A sheet not yet
   * given to an examinee cannot be absent for anyone: its exam number is settled first.
   */
  async function syncAbsence(
    tx: Db,
    subjectId: number,
    examineeId: number | null,
    absent: boolean,
    userId: number,
  ) {
    if (examineeId === null) {
      if (absent) throw fail('absentNeedsExaminee');
      return { absenceOf: null };
    }
    const r = kit.d.finishRepo(tx);
    if (absent) await r.addAbsence(subjectId, [examineeId], userId);
    else await r.removeAbsence(subjectId, [examineeId]);
    return { absenceOf: examineeId };
  }

  return {
    /** 缺考: confirm the absent mark, or clear it (a stray mark). */
    absent: kit.byException(
      'absent',
      'scan.fix.absent',
      (c, body: { exceptionId: number; absent: boolean }) =>
        setPaper(c, (paper) => ({
          before: { absentMarked: paper.absentMarked },
          set: { absentMarked: body.absent },
          how: body.absent ? 'absentConfirmed' : 'absentCleared',
          // the examinee's absence record follows the mark, in the same transaction
          also: (tx: Db) => syncAbsence(tx, c.subjectId, paper.examineeId, body.absent, c.actor.userId),
        })),
    ),
  };
}
