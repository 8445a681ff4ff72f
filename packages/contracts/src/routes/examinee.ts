import { z } from 'zod';
import { id, idParam, int, text } from '../fields';
import {
  absentBody,
  examineeAdd,
  examineeIds,
  examineeItem,
  examineeListQuery,
  operationPermission,
  paperTypeBody,
  roleAdd,
  staffItem,
} from '../exam';
import { teacherItem } from '../school';
import { defineRoute, noData, paged } from '../route';

const exam = z.object({ examId: idParam() });
const subject = z.object({ id: idParam() });
const base = '/api/exam/:examId/examinees';
/** a role in a URL: its index (0–9) or its spec name (reviewers, leaders …) */
const roleName = text().max(20);
const examTeacher = teacherItem.extend({ schoolId: z.number(), schoolName: z.string() });
export type ExamTeacher = z.infer<typeof examTeacher>;

/**
 * An exam's examinees (list, add, edit, remove, paper type, a subject's absences) and its staff (roles, the
 * teachers to pick them from, what the signed-in user may do on a subject). Excel import and the xlsx files
 * stay on Fastify's registration.
 */
export const examineeContract = {
  list: defineRoute({
    method: 'POST',
    reads: true,
    path: base,
    access: 'exam.roster.read',
    params: exam,
    body: examineeListQuery,
    response: paged(examineeItem),
  }),
  add: defineRoute({
    method: 'POST',
    path: `${base}/add`,
    access: 'exam.manage',
    params: exam,
    body: examineeAdd,
    response: z.object({ added: z.number(), skipped: z.number() }),
  }),
  update: defineRoute({
    method: 'POST',
    path: `${base}/:id/update`,
    access: 'exam.manage',
    params: exam.extend({ id: idParam() }),
    body: z.object({
      kaohao: z
        .string()
        .trim()
        .regex(/^[0-9A-Za-z-]{1,20}$/, '考号只能包含数字、字母和短横线'),
      kaochang: text().trim().max(20).nullable(),
      seat: int(1, 999).nullable(),
    }),
    response: noData,
  }),
  remove: defineRoute({
    method: 'DELETE',
    path: base,
    access: 'exam.manage',
    params: exam,
    body: examineeIds,
    response: z.object({ removed: z.number() }),
  }),
  paperType: defineRoute({
    method: 'POST',
    path: `${base}/paperType`,
    access: 'exam.manage',
    params: exam,
    body: paperTypeBody,
    response: z.object({ updated: z.number() }),
  }),
  absent: defineRoute({
    method: 'POST',
    path: '/api/subject/:id/absent',
    access: 'subject.scan',
    params: subject,
    body: absentBody,
    response: noData,
  }),

  staff: defineRoute({
    method: 'GET',
    path: '/api/exam/:examId/staff',
    access: 'exam.manage',
    params: exam,
    response: z.array(staffItem),
  }),
  addRole: defineRoute({
    method: 'POST',
    path: '/api/exam/:examId/role',
    access: 'exam.manage',
    params: exam,
    body: roleAdd,
    response: z.object({ added: z.number() }),
  }),
  editRole: defineRoute({
    method: 'POST',
    path: '/api/exam/:examId/role/:roleId/edit',
    access: 'exam.manage',
    params: exam.extend({ roleId: idParam() }),
    body: z.object({ subjectId: id().nullable(), schoolId: id().nullable() }),
    response: noData,
  }),
  syncRoles: defineRoute({
    method: 'POST',
    path: '/api/exam/:examId/role/sync',
    access: 'exam.manage',
    params: exam,
    body: z.object({ fromSchoolId: id(), toSchoolIds: z.array(id()).min(1).max(500) }),
    response: z.object({ added: z.number() }),
  }),
  /** spec §7: POST /api/subject/{id}/{role} adds people to a subject role */
  addSubjectRole: defineRoute({
    method: 'POST',
    path: '/api/subject/:id/:role',
    access: 'exam.manage',
    params: z.object({ id: idParam(), role: roleName }),
    body: z.object({ userIds: z.array(id()).min(1, '请选择人员').max(500) }),
    response: z.object({ added: z.number() }),
  }),
  /** spec §7: DELETE /api/exam/role/{role} */
  removeRole: defineRoute({
    method: 'DELETE',
    path: '/api/exam/role/:role',
    access: 'exam.manage',
    params: z.object({ role: roleName }),
    body: z.object({
      examId: id(),
      userId: id(),
      subjectId: id().nullable().default(null),
      schoolId: id().nullable().default(null),
    }),
    response: noData,
  }),
  /** spec §7: teachers/all?subjectId= — the school's teachers of that subject's course, to pick reviewers from */
  subjectTeachers: defineRoute({
    method: 'GET',
    path: '/api/school/:schoolId/teachers/all',
    access: 'exam.manage',
    params: z.object({ schoolId: idParam() }),
    query: z.object({ subjectId: idParam() }),
    response: z.array(examTeacher),
  }),
  /** spec §7: teachers/alls?examId= — teachers of the exam's schools the asker has a role in */
  examTeachers: defineRoute({
    method: 'GET',
    path: '/api/school/:schoolId/teachers/alls',
    access: 'exam.manage',
    params: z.object({ schoolId: idParam() }),
    query: z.object({ examId: idParam() }),
    response: z.array(examTeacher),
  }),
  permission: defineRoute({
    method: 'GET',
    path: '/yue/api/subject/:id/operation/permission',
    access: 'exam.read',
    params: subject,
    response: operationPermission,
  }),
};
