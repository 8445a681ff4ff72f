import {
  can,
  EXAM_ROLE_LABELS,
  ExamRole,
  type OperationPermission,
  type Principal,
  type RoleAdd,
  type StaffItem,
} from '@yj/contracts';
import { fail } from '../../errors';
import type { Db } from '../../infra/db';
import { maskPhone } from '../../lib/crypto';
import type { AuditService } from '../audit/audit.service';
import { examRepo } from './exam.repo';
import { roleRepo } from './role.repo';
import type { Actor } from '../../lib/actor';

/** Roles that only make sense for one subject: they mark, lead or own that subject's settings. */
const SUBJECT_ROLES = new Set<number>([
  ExamRole.subjectManager,
  ExamRole.reviewers,
  ExamRole.leaders,
  ExamRole.qualityPerson,
]);
/** Role names of the spec's URL `/api/subject/{id}/{role}` → index. */
export const ROLE_BY_NAME: Record<string, number> = {
  creator: 0,
  examManager: 1,
  scanner: 2,
  subjectManager: 3,
  reviewers: 4,
  unionManager: 5,
  leaders: 6,
  qualityPerson: 7,
  unionMonitor: 8,
  schoolManager: 9,
};

export function roleService(d: { db: Db; audit: AuditService }) {
  async function check(
    db: Db,
    examId: number,
    role: number,
    subjectId: number | null,
    schoolId: number | null,
  ) {
    if (role === ExamRole.creator) throw fail('考试创建者不能另行指定');
    if (SUBJECT_ROLES.has(role) && subjectId === null) throw fail(`${EXAM_ROLE_LABELS[role as 3]}须指定科目`);
    if (subjectId !== null) {
      const s = await examRepo(db).findSubject(subjectId);
      if (!s || s.examId !== examId) throw fail('科目不属于本次考试');
    }
    if (schoolId !== null && !(await examRepo(db).schools(examId)).some((s) => s.id === schoolId))
      throw fail('学校未参加本次考试');
    if (role === ExamRole.schoolManager && schoolId === null) throw fail('学校负责人须指定学校');
  }

  return {
    async staff(examId: number, showPhones: boolean): Promise<StaffItem[]> {
      const rows = await roleRepo(d.db).staff(examId);
      return rows.map((r) => ({ ...r, phone: showPhones ? r.phone : maskPhone(r.phone) }));
    },

    async add(examId: number, input: RoleAdd, actor: Actor): Promise<{ added: number }> {
      return d.db.transaction(async (tx) => {
        const subjectId = input.subjectId ?? null;
        const schoolId = input.schoolId ?? null;
        await check(tx, examId, input.role, subjectId, schoolId);
        const users = await roleRepo(tx).existingUsers([...new Set(input.userIds)]);
        if (users.length !== new Set(input.userIds).size) throw fail('所选人员中有不存在或已停用的账号');
        const added = await roleRepo(tx).insert(
          users.map((userId) => ({ examId, userId, role: input.role, subjectId, schoolId })),
        );
        await d.audit.record(tx, {
          action: 'role.add',
          examId,
          userId: actor.userId,
          ip: actor.ip,
          detail: { after: input },
        });
        return { added };
      });
    },

    /** Moves a role assignment to another subject or school. */
    async edit(
      examId: number,
      roleId: number,
      set: { subjectId: number | null; schoolId: number | null },
      actor: Actor,
    ): Promise<void> {
      await d.db.transaction(async (tx) => {
        const row = await roleRepo(tx).find(examId, roleId);
        if (!row) throw fail('该角色分配不存在');
        await check(tx, examId, row.role, set.subjectId, set.schoolId);
        await roleRepo(tx).update(roleId, set);
        await d.audit.record(tx, {
          action: 'role.edit',
          examId,
          userId: actor.userId,
          ip: actor.ip,
          detail: { before: row, after: set },
        });
      });
    },

    async remove(
      examId: number,
      where: { role: number; userId: number; subjectId: number | null; schoolId: number | null },
      actor: Actor,
    ): Promise<void> {
      await d.db.transaction(async (tx) => {
        if (where.role === ExamRole.creator) throw fail('不能移除考试创建者');
        const removed = await roleRepo(tx).remove(examId, where);
        if (!removed.length) throw fail('该角色分配不存在');
        await d.audit.record(tx, {
          action: 'role.remove',
          examId,
          userId: actor.userId,
          ip: actor.ip,
          detail: { before: removed },
        });
      });
    },

    /** Copies one school's role assignments to other schools of a joint exam (same users, same roles). */
    async syncToSchools(
      examId: number,
      fromSchoolId: number,
      toSchoolIds: number[],
      actor: Actor,
    ): Promise<{ added: number }> {
      return d.db.transaction(async (tx) => {
        const schools = new Set((await examRepo(tx).schools(examId)).map((s) => s.id));
        if (![fromSchoolId, ...toSchoolIds].every((id) => schools.has(id))) throw fail('学校未参加本次考试');
        const source = await roleRepo(tx).ofSchool(examId, fromSchoolId);
        const rows = toSchoolIds.flatMap((schoolId) =>
          source.map((r) => ({ examId, userId: r.userId, role: r.role, subjectId: r.subjectId, schoolId })),
        );
        const added = await roleRepo(tx).insert(rows);
        await d.audit.record(tx, {
          action: 'role.sync',
          examId,
          userId: actor.userId,
          ip: actor.ip,
          detail: { fromSchoolId, toSchoolIds, added },
        });
        return { added };
      });
    },

    /** What the current user may do on a subject, from the one capability table. */
    async permission(subjectId: number, p: Principal): Promise<OperationPermission> {
      const s = await examRepo(d.db).findSubject(subjectId);
      if (!s) throw fail('科目不存在或已删除');
      const e = await examRepo(d.db).find(s.examId);
      const scope = { examId: s.examId, subjectId, ...(e?.schoolId ? { schoolId: e.schoolId } : {}) };
      return {
        subjectId,
        status: s.status,
        manageExam: can(p, 'exam.manage', scope),
        editSetting: can(p, 'subject.setting.edit', scope),
        scan: can(p, 'subject.scan', scope),
        mark: can(p, 'subject.mark', scope),
        lead: can(p, 'subject.lead', scope),
        viewPhones: can(p, 'exam.phone.view', scope),
        downloadScores: can(p, 'score.download', scope),
      };
    },
  };
}
export type RoleService = ReturnType<typeof roleService>;
