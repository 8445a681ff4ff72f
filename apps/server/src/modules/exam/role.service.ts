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
import type { examRepo } from './exam.repo';
import type { roleRepo } from './role.repo';
import { requireActsForSchools } from './exam-school';
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

export function roleService(d: {
  db: Db;
  examRepo: typeof examRepo;
  repo: typeof roleRepo;
  audit: AuditService;
}) {
  async function check(
    db: Db,
    examId: number,
    role: number,
    subjectId: number | null,
    schoolId: number | null,
  ) {
    if (role === ExamRole.creator) throw fail('creatorNotAssignable');
    if (SUBJECT_ROLES.has(role) && subjectId === null)
      throw fail('roleNeedsSubject', { role: EXAM_ROLE_LABELS[role as 3] });
    if (subjectId !== null) {
      const s = await d.examRepo(db).findSubject(subjectId);
      if (!s || s.examId !== examId) throw fail('subjectNotInExam');
    }
    if (schoolId !== null && !(await d.examRepo(db).schools(examId)).some((s) => s.id === schoolId))
      throw fail('schoolNotInExam');
    if (role === ExamRole.schoolManager && schoolId === null) throw fail('schoolLeaderNeedsSchool');
  }

  /** Roles given for a school are given only by someone with a role in that school (see actsForSchool). */
  async function requireSchools(db: Db, examId: number, p: Principal, schoolIds: Array<number | null>) {
    const ids = new Set(schoolIds.filter((id): id is number => id !== null));
    if (!ids.size) return;
    const e = await d.examRepo(db).find(examId);
    if (!e) throw fail('examNotFound');
    const schools = (await d.examRepo(db).schools(examId)).filter((s) => ids.has(s.id));
    requireActsForSchools(p, e, schools);
  }

  return {
    /**
     * Who holds which role. In a joint exam a phone is shown whole only to whoever may see phones at the
     * school the role is given for (a system admin for exam-wide roles): staff come from several schools.
     */
    async staff(examId: number, p: Principal): Promise<StaffItem[]> {
      const e = await d.examRepo(d.db).find(examId);
      if (!e) throw fail('examNotFound');
      const rows = await d.repo(d.db).staff(examId);
      const single = e.schoolId !== null && can(p, 'exam.phone.view', { examId, schoolId: e.schoolId });
      const show = (schoolId: number | null) =>
        single || (e.schoolId === null && can(p, 'school.phone.view', schoolId === null ? {} : { schoolId }));
      return rows.map((r) => ({ ...r, phone: show(r.schoolId) ? r.phone : maskPhone(r.phone) }));
    },

    /** `db`: a caller's transaction (block assignment gives the role with the assignment), else its own. */
    async add(
      examId: number,
      input: RoleAdd,
      p: Principal,
      actor: Actor,
      db: Db = d.db,
    ): Promise<{ added: number }> {
      return db.transaction(async (tx) => {
        const subjectId = input.subjectId ?? null;
        const schoolId = input.schoolId ?? null;
        await check(tx, examId, input.role, subjectId, schoolId);
        await requireSchools(tx, examId, p, [schoolId]);
        const users = await d.repo(tx).existingUsers([...new Set(input.userIds)]);
        if (users.length !== new Set(input.userIds).size) throw fail('usersMissingOrDisabled');
        const added = await d
          .repo(tx)
          .insert(users.map((userId) => ({ examId, userId, role: input.role, subjectId, schoolId })));
        await d.audit.record(tx, {
          action: 'role.add',
          examId,
          ...actor,
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
      p: Principal,
      actor: Actor,
    ): Promise<void> {
      await d.db.transaction(async (tx) => {
        const row = await d.repo(tx).find(examId, roleId);
        if (!row) throw fail('roleAssignmentNotFound');
        await check(tx, examId, row.role, set.subjectId, set.schoolId);
        await requireSchools(tx, examId, p, [row.schoolId, set.schoolId]);
        await d.repo(tx).update(roleId, set);
        await d.audit.record(tx, {
          action: 'role.edit',
          examId,
          ...actor,
          detail: { before: row, after: set },
        });
      });
    },

    async remove(
      examId: number,
      where: { role: number; userId: number; subjectId: number | null; schoolId: number | null },
      p: Principal,
      actor: Actor,
    ): Promise<void> {
      await d.db.transaction(async (tx) => {
        if (where.role === ExamRole.creator) throw fail('cannotRemoveCreator');
        await requireSchools(tx, examId, p, [where.schoolId]);
        const removed = await d.repo(tx).remove(examId, where);
        if (!removed.length) throw fail('roleAssignmentNotFound');
        await d.audit.record(tx, {
          action: 'role.remove',
          examId,
          ...actor,
          detail: { before: removed },
        });
      });
    },

    /** Copies one school's role assignments to other schools of a joint exam (same users, same roles). */
    async syncToSchools(
      examId: number,
      fromSchoolId: number,
      toSchoolIds: number[],
      p: Principal,
      actor: Actor,
    ): Promise<{ added: number }> {
      return d.db.transaction(async (tx) => {
        const schools = new Set((await d.examRepo(tx).schools(examId)).map((s) => s.id));
        if (![fromSchoolId, ...toSchoolIds].every((id) => schools.has(id))) throw fail('schoolNotInExam');
        await requireSchools(tx, examId, p, [fromSchoolId, ...toSchoolIds]);
        const source = await d.repo(tx).ofSchool(examId, fromSchoolId);
        const rows = toSchoolIds.flatMap((schoolId) =>
          source.map((r) => ({ examId, userId: r.userId, role: r.role, subjectId: r.subjectId, schoolId })),
        );
        const added = await d.repo(tx).insert(rows);
        await d.audit.record(tx, {
          action: 'role.sync',
          examId,
          ...actor,
          detail: { fromSchoolId, toSchoolIds, added },
        });
        return { added };
      });
    },

    /** What the current user may do on a subject, from the one capability table. */
    async permission(subjectId: number, p: Principal): Promise<OperationPermission> {
      const s = await d.examRepo(d.db).findSubject(subjectId);
      if (!s) throw fail('subjectNotFound');
      const e = await d.examRepo(d.db).find(s.examId);
      const scope = { examId: s.examId, subjectId, ...(e?.schoolId ? { schoolId: e.schoolId } : {}) };
      return {
        subjectId,
        status: s.status,
        manageExam: can(p, 'exam.manage', scope),
        editSetting: can(p, 'subject.setting.edit', scope),
        scan: can(p, 'subject.scan', scope),
        scanRead: can(p, 'scan.read', scope),
        mark: can(p, 'subject.mark', scope),
        lead: can(p, 'subject.lead', scope),
        viewPhones: can(p, 'exam.phone.view', scope),
        downloadScores: can(p, 'score.download', scope),
        scoreRead: can(p, 'score.read', scope),
        // a teacher reads the students' scores of the classes they teach: none of the exam's, none at all
        studentScores:
          can({ ...p, teacherOf: [] }, 'score.students.read', scope) ||
          (can(p, 'score.students.read', scope) && (await d.examRepo(d.db).teachesIn(s.examId, p.userId))),
        roster: can(p, 'exam.roster.read', scope),
        scoreAdjust: can(p, 'score.adjust', scope),
        scoreUnpublishedRead: can(p, 'score.unpublished.read', scope),
        scorePublish: can(p, 'score.publish', scope),
        monitor: can(p, 'marking.monitor', scope),
      };
    },
  };
}
export type RoleService = ReturnType<typeof roleService>;
