import {
  admissionInput,
  UNDERGRADUATE_BATCHES,
  type AdmissionImportResult,
  type AdmissionInput,
  type AdmissionItem,
  type AdmissionListQuery,
  type AdmissionYear,
  type ImportError,
  type Paged,
} from '@yj/contracts';
import { admissionYears } from '@yj/stats';
import { fail } from '../../errors';
import type { Db } from '../../infra/db';
import type { Actor } from '../../lib/actor';
import { importErrors, readImportSheet, REPORTED_ERRORS, writeSheet } from '../../lib/excel';
import type { AuditService } from '../audit/audit.service';
import type { admissionRepo, AdmissionRow } from './admission.repo';

const REQUIRED = ['毕业年份', '姓名', '录取院校', '录取批次'] as const;
const OPTIONAL = ['学号', '班级', '录取专业', '院校层次'] as const;
const COLUMNS = [...REQUIRED.slice(0, 2), '学号', '班级', '录取院校', '录取专业', '录取批次', '院校层次'];
const WIDTHS = [10, 10, 14, 14, 22, 22, 12, 12];
// the sheet's column of each field, to name the cell a rule refused
const COLUMN_OF: Record<string, string> = {
  year: '毕业年份',
  name: '姓名',
  xuehao: '学号',
  className: '班级',
  university: '录取院校',
  major: '录取专业',
  batch: '录取批次',
  level: '院校层次',
};

/** Checks every row of an import against the same rules as a row entered on screen; nothing is written here. */
function validateRows(rows: Array<{ row: number; values: Record<string, string> }>) {
  const errors: ImportError[] = [];
  const valid: AdmissionRow[] = [];
  const seen = new Map<string, number>();
  for (const { row, values } of rows) {
    const v = (c: string) => values[c] ?? '';
    const yearText = v('毕业年份');
    const parsed = admissionInput.safeParse({
      year: /^\d{4}$/.test(yearText) ? Number(yearText) : Number.NaN,
      name: v('姓名'),
      xuehao: v('学号'),
      className: v('班级'),
      university: v('录取院校'),
      major: v('录取专业'),
      batch: v('录取批次'),
      level: v('院校层次'),
    });
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        const field = String(issue.path[0] ?? '');
        const column = COLUMN_OF[field] ?? field;
        const message =
          field === 'year'
            ? '毕业年份应填写四位年份，如 2026'
            : field === 'batch'
              ? '录取批次应为本科提前批、本科批、本科一批、本科二批、强基计划、综合评价、专科批、出国（境）或其他'
              : field === 'level'
                ? '院校层次应为 985、211、双一流、普通本科、专科院校、境外院校，或不填'
                : issue.message;
        errors.push({ row, column, message });
      }
      continue;
    }
    const r = parsed.data;
    const key = `${r.year}/${r.className}/${r.name}`;
    const first = seen.get(key);
    if (first !== undefined) {
      errors.push({ row, column: '姓名', message: `与第 ${first} 行是同一届同一班级的同名学生` });
      continue;
    }
    seen.set(key, row);
    valid.push(r);
  }
  return { errors, valid };
}

/** 升学去向 (base-info card `university`): list, sums per year, one row at a time, Excel in and out. */
export function admissionService(d: { db: Db; repo: typeof admissionRepo; audit: AuditService }) {
  const row = (input: AdmissionInput): AdmissionRow => admissionInput.parse(input);
  return {
    list: (schoolId: number, q: AdmissionListQuery): Promise<Paged<AdmissionItem>> =>
      d.repo(d.db).page(schoolId, q),

    async summary(schoolId: number): Promise<AdmissionYear[]> {
      const repo = d.repo(d.db);
      const [counts, universities] = await Promise.all([repo.counts(schoolId), repo.universities(schoolId)]);
      return admissionYears(counts, universities, UNDERGRADUATE_BATCHES);
    },

    add: (schoolId: number, input: AdmissionInput, actor: Actor): Promise<{ id: number }> =>
      d.db.transaction(async (tx) => {
        const r = row(input);
        const repo = d.repo(tx);
        if (await repo.clash(schoolId, r)) throw fail('admissionDuplicate', r);
        const id = await repo.insert(schoolId, r);
        await d.audit.record(tx, { action: 'admission.add', schoolId, ...actor, detail: { id, after: r } });
        return { id };
      }),

    update: (schoolId: number, id: number, input: AdmissionInput, actor: Actor): Promise<void> =>
      d.db.transaction(async (tx) => {
        const r = row(input);
        const repo = d.repo(tx);
        if (await repo.clash(schoolId, r, id)) throw fail('admissionDuplicate', r);
        if (!(await repo.update(schoolId, id, r))) throw fail('admissionNotFound');
        await d.audit.record(tx, {
          action: 'admission.update',
          schoolId,
          ...actor,
          detail: { id, after: r },
        });
      }),

    remove: (schoolId: number, ids: number[] | 'all', actor: Actor): Promise<{ deleted: number }> =>
      d.db.transaction(async (tx) => {
        const deleted = await d.repo(tx).remove(schoolId, ids);
        await d.audit.record(tx, {
          action: ids === 'all' ? 'admission.deleteAll' : 'admission.delete',
          schoolId,
          ...actor,
          detail: { ids: ids === 'all' ? 'all' : ids, deleted },
        });
        return { deleted };
      }),

    /** Excel import: every row checked first; with errors nothing is written unless `onlyValid`. */
    async importExcel(
      schoolId: number,
      file: Buffer,
      onlyValid: boolean,
      actor: Actor,
    ): Promise<AdmissionImportResult> {
      const sheet = await readImportSheet(file, REQUIRED, OPTIONAL);
      const badRows = new Set(sheet.errors.map((e) => e.row));
      const { errors, valid } = validateRows(sheet.rows.filter((r) => !badRows.has(r.row)));
      const allErrors = [...sheet.errors, ...errors].sort((x, y) => x.row - y.row);
      if (allErrors.length > 0 && !onlyValid) {
        throw importErrors(allErrors, '请修改后重新导入，或选择“仅导入正确的行”');
      }
      return d.db.transaction(async (tx) => {
        const { created, updated } = await d.repo(tx).upsert(schoolId, valid);
        const result = {
          created,
          updated,
          skipped: sheet.rows.length - valid.length,
          errors: allErrors.slice(0, REPORTED_ERRORS),
        };
        await d.audit.record(tx, {
          action: 'admission.import',
          schoolId,
          ...actor,
          detail: { created, updated, skipped: result.skipped },
        });
        return result;
      });
    },

    template: (): Promise<Buffer> =>
      writeSheet(
        '升学去向',
        COLUMNS,
        [
          [
            new Date().getFullYear(),
            '张三',
            '20230101',
            '高三(1)班',
            '某某大学',
            '计算机科学与技术',
            '本科批',
            '211',
          ],
        ],
        WIDTHS,
      ),

    async exportExcel(schoolId: number): Promise<Buffer> {
      const all = await d.repo(d.db).all(schoolId);
      return writeSheet(
        '升学去向',
        COLUMNS,
        all.map((r) => [r.year, r.name, r.xuehao, r.className, r.university, r.major, r.batch, r.level]),
        WIDTHS,
      );
    },
  };
}
export type AdmissionService = ReturnType<typeof admissionService>;
