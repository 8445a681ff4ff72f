import type {
  ImportError,
  ImportResult,
  Paged,
  StudentInput,
  StudentItem,
  StudentListQuery,
} from '@yj/contracts';
import { GENDER_LABELS, xuehao as xuehaoRule } from '@yj/contracts';
import { fail } from '../../errors';
import type { Db } from '../../infra/db';
import { readImportSheet, writeSheet, importErrors, REPORTED_ERRORS } from '../../lib/excel';
import type { AuditService } from '../audit/audit.service';
import type { gradeRepo } from './grade.repo';
import type { studentRepo } from './student.repo';
import type { Actor } from '../../lib/actor';

export const STUDENT_COLUMNS = ['姓名', '学号', '年级', '班级'] as const;
const OPTIONAL_COLUMNS = ['性别'] as const;
const GENDER_BY_TEXT: Record<string, number> = { '': 0, 男: 1, 女: 2, 未知: 0 };

interface ValidRow {
  row: number;
  name: string;
  xuehao: string;
  gradeName: string;
  className: string;
  gender: number;
}

/** Checks every row of an import; nothing is written here. */
function validateRows(
  rows: Array<{ row: number; values: Record<string, string> }>,
  grades: Map<string, number>,
) {
  const errors: ImportError[] = [];
  const valid: ValidRow[] = [];
  const seen = new Map<string, number>();
  for (const { row, values } of rows) {
    const e = (column: string, message: string) => errors.push({ row, column, message });
    const before = errors.length;
    const name = values['姓名'] ?? '';
    const xh = values['学号'] ?? '';
    const gradeName = values['年级'] ?? '';
    const className = values['班级'] ?? '';
    const genderText = values['性别'] ?? '';
    if (!name) e('姓名', '姓名不能为空');
    else if (name.length > 30) e('姓名', '姓名不能超过 30 个字');
    const xr = xuehaoRule.safeParse(xh);
    if (!xr.success) e('学号', `学号${xr.error.issues[0]?.message ?? '不合法'}`);
    else if (seen.has(xh)) e('学号', `学号 ${xh} 与第 ${seen.get(xh)} 行重复`);
    else seen.set(xh, row);
    if (!gradeName) e('年级', '年级不能为空');
    else if (!grades.has(gradeName)) e('年级', `年级“${gradeName}”不存在，请先在“年级”中添加`);
    if (!className) e('班级', '班级不能为空');
    else if (className.length > 30) e('班级', '班级名称不能超过 30 个字');
    if (!(genderText in GENDER_BY_TEXT)) e('性别', '性别只能填写“男”或“女”');
    if (errors.length === before)
      valid.push({ row, name, xuehao: xh, gradeName, className, gender: GENDER_BY_TEXT[genderText] ?? 0 });
  }
  return { errors, valid };
}

export function studentService(d: {
  db: Db;
  gradeRepo: typeof gradeRepo;
  repo: typeof studentRepo;
  audit: AuditService;
}) {
  async function requireClass(db: Db, schoolId: number, classId: number) {
    const cls = await d.gradeRepo(db).findClass(schoolId, classId);
    if (!cls) throw fail('classNotFound');
    return cls;
  }

  return {
    list: (schoolId: number, q: StudentListQuery): Promise<Paged<StudentItem>> =>
      d.repo(d.db).list(schoolId, q),

    async addOne(schoolId: number, input: StudentInput, actor: Actor): Promise<{ id: number }> {
      return d.db.transaction(async (tx) => {
        await requireClass(tx, schoolId, input.classId);
        if (await d.repo(tx).findByXuehao(schoolId, input.xuehao))
          throw fail('xuehaoTaken', { xuehao: input.xuehao });
        await d.repo(tx).insert([{ schoolId, ...input }]);
        const created = await d.repo(tx).findByXuehao(schoolId, input.xuehao);
        await d.audit.record(tx, {
          action: 'student.add',
          schoolId,
          ...actor,
          detail: { after: input },
        });
        return { id: created!.id };
      });
    },

    /** Refuses when the row changed since the user read it (oldInfo no longer matches). */
    async update(
      schoolId: number,
      oldInfo: { id: number; name: string; xuehao: string; classId: number },
      newInfo: StudentInput,
      actor: Actor,
    ) {
      await d.db.transaction(async (tx) => {
        const repo = d.repo(tx);
        const current = await repo.findById(schoolId, oldInfo.id);
        if (!current) throw fail('studentNotFound');
        if (
          current.name !== oldInfo.name ||
          current.xuehao !== oldInfo.xuehao ||
          current.classId !== oldInfo.classId
        ) {
          throw fail('studentEditedByOther');
        }
        await requireClass(tx, schoolId, newInfo.classId);
        if (newInfo.xuehao !== current.xuehao && (await repo.findByXuehao(schoolId, newInfo.xuehao))) {
          throw fail('xuehaoTaken', { xuehao: newInfo.xuehao });
        }
        await repo.update(current.id, newInfo);
        await d.audit.record(tx, {
          action: 'student.update',
          schoolId,
          ...actor,
          target: `student:${current.id}`,
          detail: {
            before: {
              name: current.name,
              xuehao: current.xuehao,
              classId: current.classId,
              gender: current.gender,
            },
            after: newInfo,
          },
        });
      });
    },

    async remove(schoolId: number, ids: number[] | 'all', actor: Actor): Promise<{ deleted: number }> {
      return d.db.transaction(async (tx) => {
        const deleted = await d.repo(tx).softDelete(schoolId, ids);
        await d.audit.record(tx, {
          action: ids === 'all' ? 'student.deleteAll' : 'student.delete',
          schoolId,
          ...actor,
          detail: { ids: deleted },
        });
        return { deleted: deleted.length };
      });
    },

    /**
     * Excel import. Every row is checked first; with errors nothing is written unless `onlyValid`.
     * Existing xuehao are updated, new ones added; missing classes are created under existing grades.
     */
    async importExcel(
      schoolId: number,
      file: Buffer,
      onlyValid: boolean,
      actor: Actor,
    ): Promise<ImportResult> {
      const sheet = await readImportSheet(file, STUDENT_COLUMNS, OPTIONAL_COLUMNS);
      const index = await d.gradeRepo(d.db).classIndex(schoolId);
      // a row with a formula is already reported; checking its blanked cells again would only repeat it
      const badRows = new Set(sheet.errors.map((e) => e.row));
      const { errors, valid: rows } = validateRows(
        sheet.rows.filter((r) => !badRows.has(r.row)),
        index.grades,
      );
      const allErrors = [...sheet.errors, ...errors].sort((a, b) => a.row - b.row);
      if (allErrors.length > 0 && !onlyValid) {
        throw importErrors(allErrors, '请修改后重新导入，或选择“仅导入正确的行”');
      }
      return d.db.transaction(async (tx) => {
        const grades = d.gradeRepo(tx);
        const students = d.repo(tx);
        let classesCreated = 0;
        for (const r of rows) {
          const key = `${r.gradeName}/${r.className}`;
          if (!index.classes.has(key)) {
            const cls = await grades.insertClass(schoolId, index.grades.get(r.gradeName)!, r.className, 1);
            index.classes.set(key, cls.id);
            classesCreated++;
          }
        }
        const existing = await students.xuehaoIndex(schoolId);
        const toInsert = [];
        const toUpdate = [];
        for (const r of rows) {
          const classId = index.classes.get(`${r.gradeName}/${r.className}`)!;
          const id = existing.get(r.xuehao);
          if (id) toUpdate.push({ id, name: r.name, classId, gender: r.gender });
          else toInsert.push({ schoolId, name: r.name, xuehao: r.xuehao, classId, gender: r.gender });
        }
        await students.insert(toInsert);
        await students.updateMany(toUpdate);
        const result: ImportResult = {
          created: toInsert.length,
          updated: toUpdate.length,
          skipped: sheet.rows.length - rows.length,
          classesCreated,
          errors: allErrors.slice(0, REPORTED_ERRORS),
        };
        await d.audit.record(tx, {
          action: 'student.import',
          schoolId,
          ...actor,
          detail: {
            created: result.created,
            updated: result.updated,
            skipped: result.skipped,
            classesCreated,
          },
        });
        return result;
      });
    },

    template: (): Promise<Buffer> =>
      writeSheet(
        '学生名单',
        [...STUDENT_COLUMNS, ...OPTIONAL_COLUMNS],
        [['张三', '20260101', '高一', '高一(1)班', '男']],
        [12, 16, 10, 14, 8],
      ),

    async exportExcel(schoolId: number): Promise<Buffer> {
      const all = await d.repo(d.db).all(schoolId);
      return writeSheet(
        '学生名单',
        [...STUDENT_COLUMNS, ...OPTIONAL_COLUMNS],
        all.map((s) => [
          s.name,
          s.xuehao,
          s.gradeName,
          s.className,
          s.gender ? (GENDER_LABELS[s.gender] ?? '') : '',
        ]),
        [12, 16, 10, 14, 8],
      );
    },
  };
}
export type StudentService = ReturnType<typeof studentService>;
