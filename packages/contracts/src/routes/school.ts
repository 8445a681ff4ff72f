import { z } from 'zod';
import { id, idParam, text } from '../fields';
import { pageQuery } from '../envelope';
import { phone } from '../auth';
import { dynamicLogItem } from '../exam';
import { schoolIdBody, schoolStatistics } from '../home';
import {
  adminAdd,
  adminItem,
  classInput,
  classItem,
  classListBody,
  deleteAllBody,
  gradeInput,
  gradeItem,
  idsBody,
  orgCreate,
  orgNode,
  schoolCreate,
  studentInput,
  studentItem,
  studentListQuery,
  studentUpdate,
  teacherCreated,
  teacherInput,
  teacherItem,
  teacherListQuery,
  teacherUpdate,
} from '../school';
import { defineRoute, noData, paged } from '../route';

const school = z.object({ schoolId: idParam() });
const schoolClass = school.extend({ classId: idParam() });
const students = '/api/school/:schoolId/students';
const teachers = '/api/school/:schoolId/teachers';
const created = z.object({ id: z.number() });
const deleted = z.object({ deleted: z.number() });

/** 学校信息 (spec §7 "School"): students, teachers, grades and classes, administrators, records, organisation. */
export const schoolContract = {
  students: defineRoute({
    method: 'POST',
    reads: true,
    path: students,
    access: 'school.manage',
    params: school,
    body: studentListQuery,
    response: paged(studentItem),
  }),
  addStudent: defineRoute({
    method: 'POST',
    path: `${students}/upload/one`,
    access: 'school.manage',
    params: school,
    body: studentInput,
    response: created,
  }),
  updateStudent: defineRoute({
    method: 'POST',
    path: `${students}/update`,
    access: 'school.manage',
    params: school,
    body: studentUpdate,
    response: noData,
  }),
  deleteStudents: defineRoute({
    method: 'DELETE',
    path: students,
    access: 'school.manage',
    params: school,
    body: idsBody,
    response: deleted,
  }),
  deleteAllStudents: defineRoute({
    method: 'DELETE',
    path: `${students}/all`,
    access: 'school.manage',
    params: school,
    body: deleteAllBody,
    response: deleted,
  }),

  teachers: defineRoute({
    method: 'POST',
    reads: true,
    path: teachers,
    access: 'school.read',
    params: school,
    body: teacherListQuery,
    response: paged(teacherItem),
  }),
  teacherByPhone: defineRoute({
    method: 'GET',
    path: `${teachers}/one`,
    access: 'school.read',
    params: school,
    query: z.object({ phone: text().trim().max(20).optional() }),
    response: teacherItem,
  }),
  addTeacher: defineRoute({
    method: 'POST',
    path: `${teachers}/upload/one`,
    access: 'school.manage',
    params: school,
    body: teacherInput,
    response: teacherCreated,
  }),
  updateTeacher: defineRoute({
    method: 'POST',
    path: `${teachers}/update`,
    access: 'school.manage',
    params: school,
    body: teacherUpdate,
    response: noData,
  }),
  deleteTeachers: defineRoute({
    method: 'DELETE',
    path: teachers,
    access: 'school.manage',
    params: school,
    body: idsBody,
    response: deleted,
  }),
  deleteAllTeachers: defineRoute({
    method: 'DELETE',
    path: `${teachers}/all`,
    access: 'school.manage',
    params: school,
    body: deleteAllBody,
    response: deleted,
  }),

  courses: defineRoute({
    method: 'GET',
    path: '/api/school/course',
    access: 'home.read',
    response: z.array(z.string()),
  }),
  grades: defineRoute({
    method: 'GET',
    path: '/api/school/:schoolId/default/grade',
    access: 'school.read',
    params: school,
    response: z.array(gradeItem),
  }),
  classes: defineRoute({
    method: 'POST',
    reads: true,
    path: '/api/school/:schoolId/banjis',
    access: 'school.read',
    params: school,
    body: classListBody,
    response: z.array(classItem),
  }),
  addGrade: defineRoute({
    method: 'POST',
    path: '/api/school/:schoolId/grade',
    access: 'school.manage',
    params: school,
    body: gradeInput,
    response: created,
  }),
  addClass: defineRoute({
    method: 'POST',
    path: '/api/school/:schoolId/banji',
    access: 'school.manage',
    params: school,
    body: classInput,
    response: created,
  }),
  renameClass: defineRoute({
    method: 'POST',
    path: '/api/school/:schoolId/banji/:classId/rename',
    access: 'school.manage',
    params: schoolClass,
    body: z.object({ name: classInput.shape.name }),
    response: noData,
  }),
  deleteClass: defineRoute({
    method: 'DELETE',
    path: '/api/school/:schoolId/banji/:classId',
    access: 'school.manage',
    params: schoolClass,
    response: noData,
  }),

  admins: defineRoute({
    method: 'POST',
    reads: true,
    path: '/api/school/getAdmins',
    access: 'school.manage',
    body: schoolIdBody,
    response: z.array(adminItem),
  }),
  addAdmin: defineRoute({
    method: 'POST',
    path: '/api/school/:schoolId/admin',
    access: 'school.manage',
    params: school,
    body: adminAdd,
    response: z.object({ userId: z.number(), initialPassword: z.string().nullable() }),
  }),
  removeAdmin: defineRoute({
    method: 'DELETE',
    path: '/api/school/:schoolId/admin',
    access: 'school.manage',
    params: school,
    body: z.object({ userId: id() }),
    response: noData,
  }),
  cancelAdmin: defineRoute({
    method: 'DELETE',
    path: '/api/school/:schoolId/admin/del',
    access: 'school.manage',
    params: school,
    body: z.object({ phone }),
    response: noData,
  }),

  records: defineRoute({
    method: 'POST',
    reads: true,
    path: '/api/school/:schoolId/records',
    access: 'school.manage',
    params: school,
    body: pageQuery,
    response: paged(dynamicLogItem),
  }),
  statistics: defineRoute({
    method: 'POST',
    reads: true,
    path: '/api/school/getStatistics',
    access: 'school.statistics.read',
    body: schoolIdBody,
    response: schoolStatistics,
  }),

  orgTree: defineRoute({
    method: 'GET',
    path: '/api/org/organizeAll',
    access: 'org.read',
    response: z.array(orgNode),
  }),
  createOrg: defineRoute({
    method: 'POST',
    path: '/api/admin/org',
    access: 'system.manage',
    body: orgCreate,
    response: created,
  }),
  createSchool: defineRoute({
    method: 'POST',
    path: '/api/admin/school',
    access: 'system.manage',
    body: schoolCreate,
    response: z.object({ id: z.number(), adminUserId: z.number(), initialPassword: z.string().nullable() }),
  }),
};
