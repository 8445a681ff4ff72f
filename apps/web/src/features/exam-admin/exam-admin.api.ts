import { schoolContract } from '@yj/contracts';
import type {
  DynamicLogItem,
  ExamDetail,
  ExamEdit,
  ExamineeAdd,
  ExamineeItem,
  ExamListItem,
  ExamListQuery,
  JointExamCreate,
  OperationPermission,
  OrgNode,
  Paged,
  RoleAdd,
  SingleExamCreate,
  StaffItem,
  TeacherItem,
} from '@yj/contracts';
import { api } from '../../api/filter';
import { callRoute } from '../../api/contract';

/** GET /api/subject/{id}/detail */
export interface SubjectDetail {
  subjectInfo: {
    _id: number;
    id: number;
    examId: number;
    course: string;
    name: string;
    fullScore: number;
    status: number;
  };
  exam: { id: number; name: string; type: number };
  examinees: number;
}

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
  jointSchools: () => api.get<OrgNode[]>('/api/exam/jointExam/schools'),
  searchTeachers: (schoolId: number, keyword: string) =>
    callRoute(schoolContract.teachers, {
      params: { schoolId },
      body: { page: 1, size: 50, ...(keyword ? { keyword } : {}) },
    }),
  subjectTeachers: (schoolId: number, subjectId: number) =>
    api.get<ExamTeacher[]>('/api/school/:schoolId/teachers/all', { subjectId }, { params: { schoolId } }),
  examTeachers: (schoolId: number, examId: number) =>
    api.get<ExamTeacher[]>('/api/school/:schoolId/teachers/alls', { examId }, { params: { schoolId } }),

  createSingle: (body: SingleExamCreate) => api.post<{ id: number }>('/api/exam/singleCreate', body),
  createJoint: (body: JointExamCreate) => api.post<{ id: number }>('/api/exam/jointExam/create', body),
  list: (joint: boolean, q: Partial<ExamListQuery> & { page: number; size: number }) =>
    api.post<Paged<ExamListItem>>(joint ? '/api/exam/jointExam/home' : '/api/exam/inSchool', q),
  detail: (examId: number) =>
    api.get<ExamDetail>('/api/exam/:examId/detail', undefined, { params: { examId } }),
  edit: (examId: number, body: ExamEdit) =>
    api.post<null>('/api/exam/:examId/edit', body, { params: { examId } }),
  copy: (examId: number) => api.post<{ id: number }>('/api/exam/:examId/copy', {}, { params: { examId } }),
  remove: (examId: number) => api.delete<null>('/api/exam/:examId', {}, { params: { examId } }),
  hide: (examId: number, hidden: boolean) =>
    api.post<null>('/api/exam/:examId/hide', { hidden }, { params: { examId } }),
  step: (examId: number, step: number) =>
    api.post<null>('/api/exam/:examId/step', { step }, { params: { examId } }),

  subject: (subjectId: number) =>
    api.get<SubjectDetail>('/api/subject/:id/detail', undefined, { params: { id: subjectId } }),
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
    api.post<Paged<DynamicLogItem>>('/api/exam/:examId/dynamicLog', { page, size }, { params: { examId } }),
};

/** Paths of the xlsx files (downloaded with the shared downloader so a refusal shows as an error). */
export const examineeFiles = {
  template: (examId: number) => `/api/exam/${examId}/examinees/template`,
  export: (examId: number) => `/api/exam/${examId}/examinees/export`,
  import: (examId: number) => `/api/exam/${examId}/examinees/import`,
};
