import {
  can,
  ExamRole,
  ExamType,
  allows,
  type ExamDetail,
  type ExamEdit,
  type ExamListRow,
  type ExamListQuery,
  type JointExamCreate,
  type Paged,
  type Principal,
  type SingleExamCreate,
} from '@yj/contracts';
import { fail } from '../../errors';
import type { Db } from '../../infra/db';
import type { AuditService } from '../audit/audit.service';
import { toSubject, type examRepo } from './exam.repo';
import { mayIncludeSchool, owningBureau } from './exam-school';
import type { Actor } from '../../lib/actor';
import { assertAllows } from '../../lib/subject-state';

/** The scope the exam routes check (exam-scope.ts): the exam, and its school when it has one. */
const examScope = (e: { id: number; schoolId: number | null }) => ({
  examId: e.id,
  ...(e.schoolId ? { schoolId: e.schoolId } : {}),
});

export function examService(d: { db: Db; repo: typeof examRepo; audit: AuditService }) {
  async function requireExam(db: Db, examId: number) {
    const e = await d.repo(db).find(examId);
    if (!e) throw fail('examNotFound');
    return e;
  }

  return {
    requireExam: (examId: number) => requireExam(d.db, examId),

    /** The exams the principal sees, each with whether they may manage it (the list offers 编辑 / 更多 only then). */
    async list(p: Principal, q: ExamListQuery, joint: boolean): Promise<Paged<ExamListRow>> {
      const page = await d.repo(d.db).list(p, q, joint);
      return {
        ...page,
        items: page.items.map((e) => ({ ...e, canManage: can(p, 'exam.manage', examScope(e)) })),
      };
    },

    /** singleCreateExam: basic information and subjects; the creator gets role 0. */
    async createSingle(input: SingleExamCreate, actor: Actor): Promise<{ id: number }> {
      return d.db.transaction(async (tx) => {
        const repo = d.repo(tx);
        if (!(await repo.gradeOf(input.schoolId, input.gradeId))) throw fail('gradeNotFound');
        const e = await repo.insertExam({
          name: input.name,
          type: ExamType.single,
          schoolId: input.schoolId,
          gradeId: input.gradeId,
          creatorId: actor.userId,
          startDate: input.startDate,
          endDate: input.endDate ?? null,
          step: 2,
        });
        await repo.insertSubjects(e.id, input.subjects);
        await repo.addSchools(e.id, [input.schoolId]);
        await repo.addRoles([{ examId: e.id, userId: actor.userId, role: ExamRole.creator }]);
        await d.audit.record(tx, {
          action: 'exam.create',
          examId: e.id,
          schoolId: input.schoolId,
          ...actor,
          detail: { after: input },
        });
        return { id: e.id };
      });
    },

    /** create/jointExam: the chosen schools take part; union managers get role 5. */
    async createJoint(input: JointExamCreate, p: Principal, actor: Actor): Promise<{ id: number }> {
      const schoolIds = [...new Set(input.schoolIds)];
      // counted after duplicates go: [1, 1] is one school, not a joint exam
      if (schoolIds.length < 2) throw fail('jointNeedsTwoSchools');
      if (!schoolIds.every((id) => mayIncludeSchool(p, id))) throw fail('jointSchoolsRefused');
      return d.db.transaction(async (tx) => {
        const repo = d.repo(tx);
        const live = await repo.liveSchoolIds(schoolIds);
        if (live.length !== schoolIds.length) throw fail('schoolsMissingOrDisabled');
        const managers = [...new Set(input.unionManagerIds)];
        if ((await repo.membersOf(schoolIds, managers)).length !== managers.length)
          throw fail('jointAdminNotInSchools');
        const e = await repo.insertExam({
          name: input.name,
          type: ExamType.joint,
          gradeName: input.gradeName,
          orgId: owningBureau(p, schoolIds),
          creatorId: actor.userId,
          startDate: input.startDate,
          endDate: input.endDate ?? null,
          step: 2,
        });
        await repo.insertSubjects(e.id, input.subjects);
        await repo.addSchools(e.id, schoolIds);
        await repo.addRoles([
          { examId: e.id, userId: actor.userId, role: ExamRole.creator },
          ...managers.map((userId) => ({ examId: e.id, userId, role: ExamRole.unionManager })),
        ]);
        await d.audit.record(tx, {
          action: 'exam.createJoint',
          examId: e.id,
          ...actor,
          detail: { after: input },
        });
        return { id: e.id };
      });
    },

    async detail(examId: number, p: Principal): Promise<ExamDetail> {
      const repo = d.repo(d.db);
      const e = await requireExam(d.db, examId);
      const item = await repo.item(examId);
      if (!item) throw fail('examNotFound');
      const scope = examScope({ id: examId, schoolId: e.schoolId });
      return {
        ...item,
        gradeId: e.gradeId,
        schoolList: await repo.schools(examId),
        can: {
          manage: can(p, 'exam.manage', scope),
          viewPhones: can(p, 'exam.phone.view', scope),
          downloadScores: can(p, 'score.download', scope),
          roster: can(p, 'exam.roster.read', scope),
          publish: can(p, 'score.publish', scope),
        },
      };
    },

    /** Subjects in 设置中 may change full score or be removed; later states only keep their settings. */
    async edit(examId: number, input: ExamEdit, actor: Actor): Promise<void> {
      await d.db.transaction(async (tx) => {
        const repo = d.repo(tx);
        const e = await requireExam(tx, examId);
        const current = await repo.subjects([examId]);
        const kept = new Set(input.subjects.filter((s) => s.id).map((s) => s.id!));
        for (const s of current) {
          const next = input.subjects.find((x) => x.id === s.id);
          if (!kept.has(s.id)) {
            assertAllows(s.status, 'editSetting', s.name);
            // Roles are what the school entered about people; they are never dropped as a side effect.
            const people = await repo.roleCount(s.id);
            if (people) throw fail('subjectHasPeople', { subject: s.name, people });
            await repo.updateSubject(s.id, { deletedAt: new Date() });
          } else if (next && (next.fullScore !== s.fullScore || next.course !== s.course)) {
            assertAllows(s.status, 'editSetting', s.name);
            await repo.updateSubject(s.id, {
              fullScore: next.fullScore,
              course: next.course,
              name: next.course,
            });
          }
        }
        const unknown = input.subjects.filter((s) => s.id && !current.some((c) => c.id === s.id));
        if (unknown.length) throw fail('subjectNotFound');
        await repo.insertSubjects(
          examId,
          input.subjects.filter((s) => !s.id),
          current.length,
        );
        await repo.updateExam(examId, {
          name: input.name,
          startDate: input.startDate,
          endDate: input.endDate ?? null,
        });
        await d.audit.record(tx, {
          action: 'exam.edit',
          examId,
          ...actor,
          detail: {
            before: {
              name: e.name,
              startDate: e.startDate,
              endDate: e.endDate,
              subjects: current.map((s) => ({ id: s.id, course: s.course, fullScore: s.fullScore })),
            },
            after: input,
          },
        });
      });
    },

    /** A new exam with the same subjects (back in 设置中) and examinees; the copier becomes its creator. */
    async copy(examId: number, p: Principal, actor: Actor): Promise<{ id: number }> {
      return d.db.transaction(async (tx) => {
        const repo = d.repo(tx);
        const e = await requireExam(tx, examId);
        const schoolIds = (await repo.schools(examId)).map((s) => s.id);
        // a copy of a joint exam is a new joint exam: the copier needs the creator's standing
        if (e.type === ExamType.joint && !schoolIds.every((id) => mayIncludeSchool(p, id)))
          throw fail('jointSchoolsRefused');
        const subjects = await repo.subjects([examId]);
        const copy = await repo.insertExam({
          name: `${e.name}（副本）`.slice(0, 60),
          type: e.type,
          schoolId: e.schoolId,
          gradeId: e.gradeId,
          gradeName: e.gradeName,
          creatorId: actor.userId,
          startDate: e.startDate,
          endDate: e.endDate,
          step: e.step,
        });
        await repo.insertSubjects(copy.id, subjects);
        await repo.addSchools(copy.id, schoolIds);
        await repo.copyExaminees(examId, copy.id);
        await repo.addRoles([{ examId: copy.id, userId: actor.userId, role: ExamRole.creator }]);
        await d.audit.record(tx, {
          action: 'exam.copy',
          examId: copy.id,
          ...actor,
          detail: { from: examId },
        });
        return { id: copy.id };
      });
    },

    /** Soft delete; refused once any subject has left 设置中 (marking or later). */
    async remove(examId: number, actor: Actor): Promise<void> {
      await d.db.transaction(async (tx) => {
        const repo = d.repo(tx);
        const e = await requireExam(tx, examId);
        const started = (await repo.subjects([examId])).filter((s) => !allows(s.status, 'editSetting'));
        if (started.length)
          throw fail('examMarkingStarted', { subjects: started.map((s) => s.name).join('、') });
        await repo.updateExam(examId, { deletedAt: new Date() });
        await d.audit.record(tx, {
          action: 'exam.delete',
          examId,
          ...actor,
          detail: { before: { name: e.name } },
        });
      });
    },

    async hide(examId: number, hidden: boolean, actor: Actor): Promise<void> {
      await d.db.transaction(async (tx) => {
        const e = await requireExam(tx, examId);
        await d.repo(tx).updateExam(examId, { hidden });
        await d.audit.record(tx, {
          action: hidden ? 'exam.hide' : 'exam.unhide',
          examId,
          ...actor,
          detail: { before: e.hidden, after: hidden },
        });
      });
    },

    /** The subject row itself (for modules that keep subject-level settings). */
    async subjectRow(subjectId: number, db: Db = d.db) {
      const s = await d.repo(db).findSubject(subjectId);
      if (!s) throw fail('subjectNotFound');
      return s;
    },

    /** The live subjects of an exam, in display order. */
    subjects: (examId: number) => d.repo(d.db).subjects([examId]),

    /** The schools taking part in an exam, by id and name. */
    schools: async (examId: number): Promise<Array<{ id: number; name: string }>> =>
      (await d.repo(d.db).schools(examId)).map(({ id, name }) => ({ id, name })),

    /** Ids of the schools taking part in an exam. */
    schoolIds: async (examId: number): Promise<number[]> =>
      (await d.repo(d.db).schools(examId)).map((s) => s.id),

    async setStep(examId: number, step: number): Promise<void> {
      await requireExam(d.db, examId);
      await d.repo(d.db).updateExam(examId, { step });
    },

    async subjectDetail(subjectId: number) {
      const s = await d.repo(d.db).findSubject(subjectId);
      if (!s) throw fail('subjectNotFound');
      const e = await requireExam(d.db, s.examId);
      return {
        subjectInfo: { _id: s.id, ...toSubject(s) },
        exam: { id: e.id, name: e.name, type: e.type },
        examinees: await d.repo(d.db).examineeCount(e.id),
      };
    },
  };
}
export type ExamService = ReturnType<typeof examService>;
