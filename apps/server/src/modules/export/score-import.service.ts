import {
  SCORE_IMPORT_COLUMNS,
  SCORE_IMPORT_OPTIONAL,
  type Principal,
  type ScoreImportResult,
} from '@yj/contracts';
import { fail } from '../../errors';
import type { Db } from '../../infra/db';
import type { Actor } from '../../lib/actor';
import { importErrors, readImportSheet, REPORTED_ERRORS, writeSheet } from '../../lib/excel';
import type { AuditService } from '../audit/audit.service';
import type { ExamService } from '../exam/exam.service';
import { subjectScanAccess, type SchoolFilter } from '../scan/scan-access';
import { assertAllows } from '../../lib/subject-state';
import type { ScoreImportRepoOf } from './score-import.repo';
import { validateScoreRows } from './score-import';

/**
 * 成绩导入 (spec §7 scores import): a subject not marked here gets its scores from Excel. As the student import
 * does: any bad row refuses the file (nothing written) unless only the right rows are asked for.
 */
export function scoreImportService(d: {
  db: Db;
  audit: AuditService;
  exams: ExamService;
  repo: ScoreImportRepoOf;
}) {
  const examinees = (examId: number, f: SchoolFilter) => d.repo(d.db).examinees(examId, f);

  /** The subject, refused once published or when sheets were scanned for it (its scores come from marking). */
  async function importable(subjectId: number, p: Principal) {
    const { examId, filter } = await subjectScanAccess(d.exams, subjectId, p, false);
    const s = await d.exams.subjectRow(subjectId);
    assertAllows(s.status, 'importScores');
    if (await d.repo(d.db).scanned(subjectId)) throw fail('scoreImportScanned');
    return { examId, filter, subject: s };
  }

  return {
    /** The template: every examinee the user sees, 成绩 left to fill in. */
    async template(subjectId: number, p: Principal): Promise<Buffer> {
      const { examId, filter } = await importable(subjectId, p);
      const rows = await examinees(examId, filter);
      return writeSheet(
        '成绩导入',
        ['考号', '姓名', '成绩'],
        rows.map((r) => [r.kaohao, r.name, '']),
        [14, 12, 10],
      );
    },

    async importExcel(
      subjectId: number,
      file: Buffer,
      onlyValid: boolean,
      p: Principal,
      actor: Actor,
    ): Promise<ScoreImportResult> {
      const { examId, filter, subject: s } = await importable(subjectId, p);
      const sheet = await readImportSheet(file, SCORE_IMPORT_COLUMNS, SCORE_IMPORT_OPTIONAL);
      const index = new Map((await examinees(examId, filter)).map((e) => [e.kaohao, e]));
      const badRows = new Set(sheet.errors.map((e) => e.row));
      const { valid, errors } = validateScoreRows(
        sheet.rows.filter((r) => !badRows.has(r.row)),
        index,
        Number(s.fullScore),
      );
      const allErrors = [...sheet.errors, ...errors].sort((a, b) => a.row - b.row);
      if (allErrors.length > 0 && !onlyValid)
        throw importErrors(allErrors, '请修改后重新导入，或选择“仅导入正确的行”');
      if (valid.length === 0) throw fail('importNoRows');
      return d.db.transaction(async (tx) => {
        // checked again under the subject's lock: a 发布 committed since the check above is not overwritten
        const repo = d.repo(tx);
        assertAllows((await repo.lockedStatus(subjectId)) ?? -1, 'importScores');
        await repo.save(subjectId, valid);
        const result: ScoreImportResult = {
          imported: valid.length,
          absent: valid.filter((v) => v.absent).length,
          skipped: sheet.rows.length - valid.length,
          errors: allErrors.slice(0, REPORTED_ERRORS),
        };
        await d.audit.record(tx, {
          action: 'score.import',
          examId,
          ...actor,
          target: `subject:${subjectId}`,
          detail: { imported: result.imported, absent: result.absent, skipped: result.skipped },
        });
        return result;
      });
    },
  };
}
export type ScoreImportService = ReturnType<typeof scoreImportService>;
