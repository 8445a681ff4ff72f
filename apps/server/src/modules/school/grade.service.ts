import type { ClassItem, GradeItem } from '@yj/contracts';
import { fail } from '../../errors';
import type { Db } from '../../infra/db';
import type { AuditService } from '../audit/audit.service';
import type { gradeRepo } from './grade.repo';
import type { Actor } from '../../lib/actor';

export function gradeService(d: { db: Db; repo: typeof gradeRepo; audit: AuditService }) {
  return {
    grades: (schoolId: number): Promise<GradeItem[]> => d.repo(d.db).grades(schoolId),
    classes: (schoolId: number, gradeId?: number): Promise<ClassItem[]> =>
      d.repo(d.db).classes(schoolId, gradeId),

    async addGrade(schoolId: number, name: string, entryYear: number | null, actor: Actor) {
      return d.db.transaction(async (tx) => {
        const existing = await d.repo(tx).grades(schoolId);
        if (existing.some((g) => g.name === name)) throw fail('gradeNameTaken', { name });
        const g = await d.repo(tx).insertGrade(schoolId, name, entryYear);
        await d.audit.record(tx, {
          action: 'grade.add',
          schoolId,
          ...actor,
          detail: { after: { name, entryYear } },
        });
        return { id: g.id };
      });
    },

    async addClass(schoolId: number, gradeId: number, name: string, kind: number, actor: Actor) {
      return d.db.transaction(async (tx) => {
        if (!(await d.repo(tx).findGrade(schoolId, gradeId))) throw fail('gradeNotFound');
        const siblings = await d.repo(tx).classes(schoolId, gradeId);
        if (siblings.some((c) => c.name === name)) throw fail('classNameTaken', { name });
        const c = await d.repo(tx).insertClass(schoolId, gradeId, name, kind);
        await d.audit.record(tx, {
          action: 'class.add',
          schoolId,
          ...actor,
          detail: { after: { gradeId, name, kind } },
        });
        return { id: c.id };
      });
    },

    async renameClass(schoolId: number, classId: number, name: string, actor: Actor) {
      await d.db.transaction(async (tx) => {
        const c = await d.repo(tx).findClass(schoolId, classId);
        if (!c) throw fail('classNotFound');
        const siblings = await d.repo(tx).classes(schoolId, c.gradeId);
        if (siblings.some((s) => s.name === name && s.id !== classId)) throw fail('classNameTaken', { name });
        await d.repo(tx).renameClass(classId, name);
        await d.audit.record(tx, {
          action: 'class.rename',
          schoolId,
          ...actor,
          detail: { before: c.name, after: name },
        });
      });
    },

    /** A class with students cannot be deleted: move or delete its students first. */
    async removeClass(schoolId: number, classId: number, actor: Actor) {
      await d.db.transaction(async (tx) => {
        const list = await d.repo(tx).classes(schoolId);
        const c = list.find((x) => x.id === classId);
        if (!c) throw fail('classNotFound');
        if (c.students > 0) throw fail('classHasStudents', { name: c.name, students: c.students });
        await d.repo(tx).softDeleteClass(classId);
        await d.audit.record(tx, {
          action: 'class.delete',
          schoolId,
          ...actor,
          detail: { before: c },
        });
      });
    },
  };
}
export type GradeService = ReturnType<typeof gradeService>;
