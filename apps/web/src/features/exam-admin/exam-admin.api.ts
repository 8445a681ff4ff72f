import { examContract, schoolContract } from '@yj/contracts';
import type {
  ExamEdit,
  ExamineeAdd,
  ExamineeItem,
  ExamListQuery,
  JointExamCreate,
  OperationPermission,
  Paged,
  RoleAdd,
  SingleExamCreate,
  StaffItem,
  TeacherItem,
} from '@yj/contracts';
import { api } from '../../api/filter';
import { callRoute } from '../../api/contract';

/** GET /api/subject/{id}/detail */
export type { SubjectDetail } from '@yj/contracts';

export type ExamTeacher = TeacherItem & { schoolId: number; schoolName: string };

export interface ExamineeFilter {
  page: number;
  size: number;
  keyword?: string;
  schoolId?: number;
  classId?: number;
  kaochang?: string;
  subjectId?: number;
}

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
    api.get<ExamTeacher[]>('/api/school/:schoolId/teachers/all', { subjectId }, { params: { schoolId } }),
  examTeachers: (schoolId: number, examId: number) =>
    api.get<ExamTeacher[]>('/api/school/:schoolId/teachers/alls', { examId }, { params: { schoolId } }),

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
  permission: (subjectId: number) =>
    api.get<OperationPermission>('/yue/api/subject/:id/operation/permission', undefined, {
      params: { id: subjectId },
    }),

  examinees: (examId: number, q: ExamineeFilter) =>
    api.post<Paged<ExamineeItem>>('/api/exam/:examId/examinees', { ...q }, { params: { examId } }),
  addExaminees: (examId: number, body: ExamineeAdd) =>
    api.post<{ added: number; skipped: number }>('/api/exam/:examId/examinees/add', body, {
      params: { examId },
    }),
  updateExaminee: (
    examId: number,
    id: number,
    body: { kaohao: string; kaochang: string | null; seat: number | null },
  ) => api.post<null>('/api/exam/:examId/examinees/:id/update', body, { params: { examId, id } }),
  removeExaminees: (examId: number, ids: number[]) =>
    api.delete<{ removed: number }>('/api/exam/:examId/examinees', { ids }, { params: { examId } }),
  paperType: (examId: number, ids: number[], paperType: 'A' | 'B' | null) =>
    api.post<{ updated: number }>(
      '/api/exam/:examId/examinees/paperType',
      { ids, paperType },
      { params: { examId } },
    ),
  absent: (subjectId: number, ids: number[], absent: boolean) =>
    api.post<null>('/api/subject/:id/absent', { ids, absent }, { params: { id: subjectId } }),

  staff: (examId: number) =>
    api.get<StaffItem[]>('/api/exam/:examId/staff', undefined, { params: { examId } }),
  addRole: (examId: number, body: RoleAdd) =>
    api.post<{ added: number }>('/api/exam/:examId/role', body, { params: { examId } }),
  removeRole: (role: number, where: RoleWhere) =>
    api.delete<null>('/api/exam/role/:role', { ...where }, { params: { role } }),
  editRole: (examId: number, roleId: number, body: { subjectId: number | null; schoolId: number | null }) =>
    api.post<null>('/api/exam/:examId/role/:roleId/edit', body, { params: { examId, roleId } }),
  syncRoles: (examId: number, fromSchoolId: number, toSchoolIds: number[]) =>
    api.post<{ added: number }>(
      '/api/exam/:examId/role/sync',
      { fromSchoolId, toSchoolIds },
      { params: { examId } },
    ),

  dynamicLog: (examId: number, page: number, size: number) =>
    callRoute(examContract.dynamicLog, { params: { examId }, body: { page, size } }),
};

/** Paths of the xlsx files (downloaded with the shared downloader so a refusal shows as an error). */
export const examineeFiles = {
  template: (examId: number) => `/api/exam/${examId}/examinees/template`,
  export: (examId: number) => `/api/exam/${examId}/examinees/export`,
  import: (examId: number) => `/api/exam/${examId}/examinees/import`,
};
