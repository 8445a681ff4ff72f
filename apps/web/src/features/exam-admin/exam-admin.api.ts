import { examContract, examineeContract as e, schoolContract } from '@yj/contracts';
import type {
  ExamEdit,
  ExamineeAdd,
  ExamineeListQuery,
  ExamListQuery,
  JointExamCreate,
  RoleAdd,
  SingleExamCreate,
} from '@yj/contracts';
import { callRoute } from '../../api/contract';

/** GET /api/subject/{id}/detail */
export type { SubjectDetail } from '@yj/contracts';

export type { ExamTeacher } from '@yj/contracts';

export interface RoleWhere {
  examId: number;
  userId: number;
  subjectId: number | null;
  schoolId: number | null;
}

/** Every /filter call of the exam screens, typed by the contracts. */
export const examAdminApi = {
  courses: () => callRoute(schoolContract.courses, {}),
  grades: (schoolId: number) => callRoute(schoolContract.grades, { params: { schoolId } }),
  classes: (schoolId: number, gradeId?: number) =>
    callRoute(schoolContract.classes, { params: { schoolId }, body: gradeId ? { gradeId } : {} }),
  /** the organisation tree cut to the schools this user may put into a joint exam */
  jointSchools: () => callRoute(examContract.jointSchools, {}),
  searchTeachers: (schoolId: number, keyword: string) =>
    callRoute(schoolContract.teachers, {
      params: { schoolId },
      body: { page: 1, size: 50, ...(keyword ? { keyword } : {}) },
    }),
  subjectTeachers: (schoolId: number, subjectId: number) =>
    callRoute(e.subjectTeachers, { params: { schoolId }, query: { subjectId } }),
  examTeachers: (schoolId: number, examId: number) =>
    callRoute(e.examTeachers, { params: { schoolId }, query: { examId } }),

  createSingle: (body: SingleExamCreate) => callRoute(examContract.createSingle, { body }),
  createJoint: (body: JointExamCreate) => callRoute(examContract.createJoint, { body }),
  list: (joint: boolean, q: Partial<ExamListQuery> & { page: number; size: number }) =>
    callRoute(joint ? examContract.joint : examContract.inSchool, { body: q }),
  detail: (examId: number) => callRoute(examContract.detail, { params: { examId } }),
  edit: (examId: number, body: ExamEdit) => callRoute(examContract.edit, { params: { examId }, body }),
  copy: (examId: number) => callRoute(examContract.copy, { params: { examId } }),
  remove: (examId: number) => callRoute(examContract.remove, { params: { examId } }),
  hide: (examId: number, hidden: boolean) =>
    callRoute(examContract.hide, { params: { examId }, body: { hidden } }),
  step: (examId: number, step: number) =>
    callRoute(examContract.step, { params: { examId }, body: { step } }),

  subject: (subjectId: number) => callRoute(examContract.subject, { params: { id: subjectId } }),
  permission: (subjectId: number) => callRoute(e.permission, { params: { id: subjectId } }),

  examinees: (examId: number, q: ExamineeListQuery) =>
    callRoute(e.list, { params: { examId }, body: { ...q } }),
  addExaminees: (examId: number, body: ExamineeAdd) => callRoute(e.add, { params: { examId }, body }),
  updateExaminee: (
    examId: number,
    id: number,
    body: { kaohao: string; kaochang: string | null; seat: number | null },
  ) => callRoute(e.update, { params: { examId, id }, body }),
  removeExaminees: (examId: number, ids: number[]) =>
    callRoute(e.remove, { params: { examId }, body: { ids } }),
  paperType: (examId: number, ids: number[], paperType: 'A' | 'B' | null) =>
    callRoute(e.paperType, { params: { examId }, body: { ids, paperType } }),
  absent: (subjectId: number, ids: number[], absent: boolean) =>
    callRoute(e.absent, { params: { id: subjectId }, body: { ids, absent } }),

  staff: (examId: number) => callRoute(e.staff, { params: { examId } }),
  addRole: (examId: number, body: RoleAdd) => callRoute(e.addRole, { params: { examId }, body }),
  removeRole: (role: number, where: RoleWhere) =>
    callRoute(e.removeRole, { params: { role: String(role) }, body: { ...where } }),
  editRole: (examId: number, roleId: number, body: { subjectId: number | null; schoolId: number | null }) =>
    callRoute(e.editRole, { params: { examId, roleId }, body }),
  syncRoles: (examId: number, fromSchoolId: number, toSchoolIds: number[]) =>
    callRoute(e.syncRoles, { params: { examId }, body: { fromSchoolId, toSchoolIds } }),

  dynamicLog: (examId: number, page: number, size: number) =>
    callRoute(examContract.dynamicLog, { params: { examId }, body: { page, size } }),
};

/** Paths of the xlsx files (downloaded with the shared downloader so a refusal shows as an error). */
export const examineeFiles = {
  template: (examId: number) => `/api/exam/${examId}/examinees/template`,
  export: (examId: number) => `/api/exam/${examId}/examinees/export`,
  import: (examId: number) => `/api/exam/${examId}/examinees/import`,
};
