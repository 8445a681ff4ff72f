import {
  examContract,
  schoolContract as c,
  type StudentInput,
  type StudentListQuery,
  type TeacherInput,
} from '@yj/contracts';
import { callRoute } from '../../api/contract';

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

/** Every call of the school base-info screens (spec §7 "School", plus records and organisation). */
export const schoolAdminApi = {
  students: (schoolId: number, q: StudentListQuery) =>
    callRoute(c.students, { params: { schoolId }, body: q }),
  addStudent: (schoolId: number, input: StudentInput) =>
    callRoute(c.addStudent, { params: { schoolId }, body: input }),
  updateStudent: (
    schoolId: number,
    oldInfo: { id: number; name: string; xuehao: string; classId: number },
    newInfo: StudentInput,
  ) => callRoute(c.updateStudent, { params: { schoolId }, body: { oldInfo, newInfo } }),
  deleteStudents: (schoolId: number, ids: number[]) =>
    callRoute(c.deleteStudents, { params: { schoolId }, body: { ids } }),
  deleteAllStudents: (schoolId: number, confirm: string) =>
    callRoute(c.deleteAllStudents, { params: { schoolId }, body: { confirm } }),

  teachers: (schoolId: number, q: TeacherListQuery) =>
    callRoute(c.teachers, { params: { schoolId }, body: q }),
  addTeacher: (schoolId: number, input: TeacherInput) =>
    callRoute(c.addTeacher, { params: { schoolId }, body: input }),
  updateTeacher: (
    schoolId: number,
    oldInfo: { userId: number; phone: string | null },
    newInfo: TeacherInput,
  ) => callRoute(c.updateTeacher, { params: { schoolId }, body: { oldInfo, newInfo } }),
  deleteTeachers: (schoolId: number, ids: number[]) =>
    callRoute(c.deleteTeachers, { params: { schoolId }, body: { ids } }),
  deleteAllTeachers: (schoolId: number, confirm: string) =>
    callRoute(c.deleteAllTeachers, { params: { schoolId }, body: { confirm } }),

  grades: (schoolId: number) => callRoute(c.grades, { params: { schoolId } }),
  classes: (schoolId: number, gradeId?: number) =>
    callRoute(c.classes, { params: { schoolId }, body: gradeId ? { gradeId } : {} }),
  addGrade: (schoolId: number, name: string, entryYear: number | null) =>
    callRoute(c.addGrade, { params: { schoolId }, body: { name, entryYear } }),
  addClass: (schoolId: number, gradeId: number, name: string, kind: 1 | 2) =>
    callRoute(c.addClass, { params: { schoolId }, body: { gradeId, name, kind } }),
  renameClass: (schoolId: number, classId: number, name: string) =>
    callRoute(c.renameClass, { params: { schoolId, classId }, body: { name } }),
  deleteClass: (schoolId: number, classId: number) =>
    callRoute(c.deleteClass, { params: { schoolId, classId } }),
  courses: () => callRoute(c.courses, {}),

  admins: (schoolId: number) => callRoute(c.admins, { body: { schoolId } }),
  addAdmin: (schoolId: number, phone: string, name?: string) =>
    callRoute(c.addAdmin, { params: { schoolId }, body: name ? { phone, name } : { phone } }),
  removeAdmin: (schoolId: number, userId: number) =>
    callRoute(c.removeAdmin, { params: { schoolId }, body: { userId } }),
  cancelAdmin: (schoolId: number, phone: string) =>
    callRoute(c.cancelAdmin, { params: { schoolId }, body: { phone } }),

  records: (schoolId: number, page: number, size: number) =>
    callRoute(c.records, { params: { schoolId }, body: { page, size } }),
  exams: (schoolId: number, page: number, size: number, keyword?: string) =>
    callRoute(examContract.inSchool, {
      body: keyword ? { schoolId, page, size, keyword } : { schoolId, page, size },
    }),

  orgTree: () => callRoute(c.orgTree, {}),
  createOrg: (input: OrgCreateInput) => callRoute(c.createOrg, { body: input }),
  createSchool: (input: SchoolCreateInput) => callRoute(c.createSchool, { body: input }),
};
