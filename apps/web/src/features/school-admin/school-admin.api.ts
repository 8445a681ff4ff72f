import type {
  AdminItem,
  ClassItem,
  DynamicLogItem,
  ExamListItem,
  GradeItem,
  OrgNode,
  Paged,
  StudentInput,
  StudentItem,
  StudentListQuery,
  TeacherCreated,
  TeacherInput,
  TeacherItem,
} from '@yj/contracts';
import { api } from '../../api/filter';

/** Query of the teachers list (page, size, keyword by name or phone, one subject). */
export interface TeacherListQuery {
  page: number;
  size: number;
  keyword?: string;
  subject?: string;
}

export interface OrgCreateInput {
  name: string;
  parentId: number | null;
  level: number;
  countyId: number | null;
}

export interface SchoolCreateInput {
  name: string;
  orgId: number;
  code?: string;
  isTertiary: boolean;
  adminPhone: string;
  adminName: string;
}

/** An account made (or found) for a phone: the one-time password only when the account is new. */
export interface AccountCreated {
  userId: number;
  initialPassword: string | null;
}

const school = (schoolId: number) => `/api/school/${schoolId}`;

/** Every call of the school base-info screens (spec §7 "School", plus records and organisation). */
export const schoolAdminApi = {
  students: (schoolId: number, q: StudentListQuery) =>
    api.post<Paged<StudentItem>>(`${school(schoolId)}/students`, { ...q }),
  addStudent: (schoolId: number, input: StudentInput) =>
    api.post<{ id: number }>(`${school(schoolId)}/students/upload/one`, { ...input }),
  updateStudent: (
    schoolId: number,
    oldInfo: { id: number; name: string; xuehao: string; classId: number },
    newInfo: StudentInput,
  ) => api.post<null>(`${school(schoolId)}/students/update`, { oldInfo, newInfo }),
  deleteStudents: (schoolId: number, ids: number[]) =>
    api.delete<{ deleted: number }>(`${school(schoolId)}/students`, { ids }),
  deleteAllStudents: (schoolId: number, confirm: string) =>
    api.delete<{ deleted: number }>(`${school(schoolId)}/students/all`, { confirm }),

  teachers: (schoolId: number, q: TeacherListQuery) =>
    api.post<Paged<TeacherItem>>(`${school(schoolId)}/teachers`, { ...q }),
  addTeacher: (schoolId: number, input: TeacherInput) =>
    api.post<TeacherCreated>(`${school(schoolId)}/teachers/upload/one`, { ...input }),
  updateTeacher: (
    schoolId: number,
    oldInfo: { userId: number; phone: string | null },
    newInfo: TeacherInput,
  ) => api.post<null>(`${school(schoolId)}/teachers/update`, { oldInfo, newInfo }),
  deleteTeachers: (schoolId: number, ids: number[]) =>
    api.delete<{ deleted: number }>(`${school(schoolId)}/teachers`, { ids }),
  deleteAllTeachers: (schoolId: number, confirm: string) =>
    api.delete<{ deleted: number }>(`${school(schoolId)}/teachers/all`, { confirm }),

  grades: (schoolId: number) => api.get<GradeItem[]>(`${school(schoolId)}/default/grade`),
  classes: (schoolId: number, gradeId?: number) =>
    api.post<ClassItem[]>(`${school(schoolId)}/banjis`, gradeId ? { gradeId } : {}),
  addGrade: (schoolId: number, name: string, entryYear: number | null) =>
    api.post<{ id: number }>(`${school(schoolId)}/grade`, { name, entryYear }),
  addClass: (schoolId: number, gradeId: number, name: string, kind: 1 | 2) =>
    api.post<{ id: number }>(`${school(schoolId)}/banji`, { gradeId, name, kind }),
  renameClass: (schoolId: number, classId: number, name: string) =>
    api.post<null>(`${school(schoolId)}/banji/${classId}/rename`, { name }),
  deleteClass: (schoolId: number, classId: number) =>
    api.delete<null>(`${school(schoolId)}/banji/${classId}`),
  courses: () => api.get<string[]>('/api/school/course'),

  admins: (schoolId: number) => api.post<AdminItem[]>('/api/school/getAdmins', { schoolId }),
  addAdmin: (schoolId: number, phone: string, name?: string) =>
    api.post<AccountCreated>(`${school(schoolId)}/admin`, name ? { phone, name } : { phone }),
  removeAdmin: (schoolId: number, userId: number) =>
    api.delete<null>(`${school(schoolId)}/admin`, { userId }),
  cancelAdmin: (schoolId: number, phone: string) =>
    api.delete<null>(`${school(schoolId)}/admin/del`, { phone }),

  records: (schoolId: number, page: number, size: number) =>
    api.post<Paged<DynamicLogItem>>(`${school(schoolId)}/records`, { page, size }),
  exams: (schoolId: number, page: number, size: number, keyword?: string) =>
    api.post<Paged<ExamListItem>>(
      '/api/exam/inSchool',
      keyword ? { schoolId, page, size, keyword } : { schoolId, page, size },
    ),

  orgTree: () => api.get<OrgNode[]>('/api/org/organizeAll'),
  createOrg: (input: OrgCreateInput) => api.post<{ id: number }>('/api/admin/org', { ...input }),
  createSchool: (input: SchoolCreateInput) =>
    api.post<{ id: number; adminUserId: number; initialPassword: string | null }>('/api/admin/school', {
      ...input,
    }),
};
