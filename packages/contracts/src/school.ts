import { z } from 'zod';
import { id, idParam, int, text } from './fields';
import { phone } from './auth';
import { pageQuery } from './envelope';

/** Courses a school teaches (GET /api/school/course). */
export const COURSES = [
  '语文',
  '数学',
  '英语',
  '物理',
  '化学',
  '生物',
  '政治',
  '历史',
  '地理',
  '技术',
  '日语',
  '俄语',
  '科学',
  '道德与法治',
] as const;

const name = text().trim().min(1, '不能为空').max(30, '不能超过 30 个字');
export const xuehao = z
  .string()
  .trim()
  .min(1, '不能为空')
  .max(20, '不能超过 20 位')
  .regex(/^[0-9A-Za-z-]+$/, '只能包含数字、字母和短横线');
export const gender = z.union([z.literal(0), z.literal(1), z.literal(2)]);
export const GENDER_LABELS: Record<number, string> = { 0: '未知', 1: '男', 2: '女' };

export const studentListQuery = pageQuery.extend({
  keyword: text().trim().max(30).optional(),
  gradeId: idParam().optional(),
  classId: idParam().optional(),
});
export type StudentListQuery = z.infer<typeof studentListQuery>;

export const studentItem = z.object({
  id: z.number(),
  name: z.string(),
  xuehao: z.string(),
  gender: z.number(),
  gradeId: z.number(),
  gradeName: z.string(),
  classId: z.number(),
  className: z.string(),
});
export type StudentItem = z.infer<typeof studentItem>;

export const studentInput = z.object({ name, xuehao, classId: id(), gender: gender.default(0) });
export type StudentInput = z.infer<typeof studentInput>;
/** spec §3: editing sends the row as it was read (oldInfo) and as it should become (newInfo). */
export const studentUpdate = z.object({
  oldInfo: z.object({ id: id(), name: text().max(100), xuehao: text().max(100), classId: id() }),
  newInfo: studentInput,
});
export const idsBody = z.object({ ids: z.array(id()).min(1, '请选择要删除的记录').max(5000) });
/** Typed confirmation for delete-all: the user types the school's name. */
export const deleteAllBody = z.object({ confirm: text().trim().min(1, '请输入学校名称以确认').max(100) });

/** One problem found in an import file (row is the Excel row number, column the header text). */
export interface ImportError {
  row: number;
  column: string;
  message: string;
}
export interface ImportResult {
  created: number;
  updated: number;
  skipped: number;
  classesCreated: number;
  errors: ImportError[];
}
export const IMPORT_MAX_BYTES = 10 * 1024 * 1024;

export const gradeItem = z.object({
  id: z.number(),
  name: z.string(),
  entryYear: z.number().nullable(),
  classes: z.number(),
  students: z.number(),
});
export type GradeItem = z.infer<typeof gradeItem>;
export const classItem = z.object({
  id: z.number(),
  gradeId: z.number(),
  gradeName: z.string(),
  name: z.string(),
  kind: z.number(),
  students: z.number(),
});
export type ClassItem = z.infer<typeof classItem>;
export const gradeInput = z.object({
  name: text().trim().min(1, '请输入年级名称').max(20),
  entryYear: int(1990, 2100).nullable().default(null),
});
export const classInput = z.object({
  gradeId: id(),
  name: text().trim().min(1, '请输入班级名称').max(30),
  kind: z.union([z.literal(1), z.literal(2)]).default(1),
});
export const classListBody = z.object({ gradeId: id().optional() });

export const teacherItem = z.object({
  userId: z.number(),
  name: z.string(),
  /** masked unless the caller may see phones */
  phone: z.string().nullable(),
  subjects: z.array(z.string()),
  classes: z.array(z.object({ id: z.number(), name: z.string() })),
  mustChangePassword: z.boolean(),
});
export type TeacherItem = z.infer<typeof teacherItem>;
export const teacherListQuery = pageQuery.extend({
  keyword: text().trim().max(30).optional(),
  subject: text().trim().max(20).optional(),
});
export const teacherInput = z.object({
  name: text().trim().min(1, '请输入姓名').max(30),
  phone,
  subjects: z.array(text().trim().min(1).max(20)).max(10).default([]),
  classIds: z.array(id()).max(50).default([]),
});
export type TeacherInput = z.infer<typeof teacherInput>;
export const teacherUpdate = z.object({
  oldInfo: z.object({ userId: id(), phone: text().max(20).nullable() }),
  newInfo: teacherInput,
});
export const teacherCreated = z.object({
  userId: z.number(),
  /** the initial password when a new account was made (must be changed at first sign-in) */
  initialPassword: z.string().nullable(),
});
export type TeacherCreated = z.infer<typeof teacherCreated>;

export const adminItem = z.object({ userId: z.number(), name: z.string(), phone: z.string().nullable() });
export type AdminItem = z.infer<typeof adminItem>;
export const adminAdd = z.object({ phone, name: text().trim().min(1, '请输入姓名').max(30).optional() });

export interface OrgNode {
  id: number;
  name: string;
  level: number;
  typeCode: string;
  countyId: number | null;
  children: OrgNode[];
  schools: Array<{ id: number; name: string }>;
}
export const orgNode: z.ZodType<OrgNode, OrgNode> = z.lazy(() =>
  z.object({
    id: z.number(),
    name: z.string(),
    level: z.number(),
    typeCode: z.string(),
    countyId: z.number().nullable(),
    children: z.array(orgNode),
    schools: z.array(z.object({ id: z.number(), name: z.string() })),
  }),
);

export const orgCreate = z.object({
  name: text().trim().min(2, '名称至少 2 个字').max(60),
  parentId: id().nullable().default(null),
  /** 1 province, 2 city, 3 county */
  level: int(1, 3),
  countyId: id().nullable().default(null),
});
export const schoolCreate = z.object({
  name: text().trim().min(2, '学校名称至少 2 个字').max(60),
  orgId: id('请选择所属教育局'),
  code: text().trim().max(20).optional(),
  isTertiary: z.boolean().default(false),
  adminPhone: phone,
  adminName: text().trim().min(1, '请输入管理员姓名').max(30),
});
export type SchoolCreate = z.infer<typeof schoolCreate>;
