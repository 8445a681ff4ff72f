import { GENDER_LABELS } from '@yj/contracts';
import { isRecord } from '../../api/errors';

/** Chinese names of the audit actions a school's record card shows. */
export const ACTION_LABELS: Record<string, string> = {
  'student.add': '新增学生',
  'student.update': '修改学生',
  'student.delete': '删除学生',
  'student.deleteAll': '删除全部学生',
  'student.import': '导入学生',
  'admission.add': '新增升学记录',
  'admission.update': '修改升学记录',
  'admission.delete': '删除升学记录',
  'admission.deleteAll': '删除全部升学记录',
  'admission.import': '导入升学去向',
  'teacher.add': '新增老师',
  'teacher.update': '修改老师',
  'teacher.delete': '删除老师',
  'teacher.deleteAll': '删除全部老师',
  'teacher.import': '导入老师',
  'schoolAdmin.add': '添加管理员',
  'schoolAdmin.remove': '移除管理员',
  'schoolAdmin.cancel': '取消管理员',
  'grade.add': '新增年级',
  'class.add': '新增班级',
  'class.rename': '班级改名',
  'class.delete': '删除班级',
  'school.create': '创建学校',
  'demo.seed': '初始化演示数据',
  'exam.create': '创建考试',
  'exam.createJoint': '创建联考',
  'exam.edit': '修改考试',
  'exam.copy': '复制考试',
  'exam.delete': '删除考试',
  'exam.hide': '隐藏考试',
  'exam.unhide': '取消隐藏考试',
  'examinee.add': '添加考生',
  'examinee.import': '导入考生',
  'examinee.update': '修改考生',
  'examinee.remove': '移除考生',
  'examinee.absent': '标记缺考',
  'examinee.present': '取消缺考',
  'examinee.paperType': '设置 A/B 卷',
  'role.add': '添加考试角色',
  'role.edit': '修改考试角色',
  'role.remove': '移除考试角色',
  'role.sync': '同步考试角色',
  'org.create': '新建教育局',
  'auth.login': '登录',
  'auth.logout': '退出登录',
  'notice.update': '更新系统公告',
  'envFlag.set': '开始系统维护',
  'envFlag.clear': '解除系统维护',
};

/** Colour family of an action's tag: additions green, removals red, the rest blue. */
export function actionColor(action: string): string {
  if (action.startsWith('auth.')) return 'default';
  if (/\.(add|create|createJoint|import|seed|copy)$/.test(action)) return 'green';
  if (/\.(delete|deleteAll|remove|cancel)$/.test(action)) return 'red';
  return 'blue';
}

export function actionLabel(action: string): string {
  // An action added on the server later still shows, under a neutral name with its code.
  return ACTION_LABELS[action] ?? `其他操作（${action}）`;
}

/** Names the record needs but only has ids for (classes, mostly). */
export interface RecordLookup {
  className: (id: number) => string | undefined;
}

type Obj = Record<string, unknown>;

const str = (v: unknown): string => (typeof v === 'string' || typeof v === 'number' ? String(v) : '');
const list = (v: unknown): unknown[] => (Array.isArray(v) ? v : []);
const count = (v: unknown): number => (typeof v === 'number' ? v : list(v).length);

function classText(id: unknown, look: RecordLookup): string {
  if (typeof id !== 'number') return '';
  return look.className(id) ?? `班级 #${id}`;
}

function studentText(s: Obj, look: RecordLookup): string {
  const parts = [str(s.name), str(s.xuehao) && `学号 ${str(s.xuehao)}`, classText(s.classId, look)];
  return parts.filter(Boolean).join('，');
}

/** "字段：旧 → 新" for each field that changed, in the order given. */
function changes(pairs: Array<[string, string, string]>): string {
  const changed = pairs
    .filter(([, a, b]) => a !== b)
    .map(([label, a, b]) => `${label}：${a || '空'} → ${b || '空'}`);
  return changed.length ? changed.join('；') : '内容未变化';
}

function teacherClasses(v: unknown, look: RecordLookup): string {
  return list(v)
    .map((c) => (isRecord(c) ? str(c.name) : classText(c, look)))
    .filter(Boolean)
    .join('、');
}

function studentUpdate(before: Obj, after: Obj, look: RecordLookup): string {
  return `${str(before.name)}：${changes([
    ['姓名', str(before.name), str(after.name)],
    ['学号', str(before.xuehao), str(after.xuehao)],
    ['班级', classText(before.classId, look), classText(after.classId, look)],
    ['性别', GENDER_LABELS[Number(before.gender)] ?? '', GENDER_LABELS[Number(after.gender)] ?? ''],
  ])}`;
}

function teacherUpdate(before: Obj, after: Obj, look: RecordLookup): string {
  return `${str(before.name)}：${changes([
    ['姓名', str(before.name), str(after.name)],
    ['手机号', str(before.phone), str(after.phone)],
    ['学科', list(before.subjects).map(str).join('、'), list(after.subjects).map(str).join('、')],
    ['任教班级', teacherClasses(before.classes, look), teacherClasses(after.classIds, look)],
  ])}`;
}

/** The rosters whose 删除 and 删除全部 read alike: the noun, its measure word and the detail field counted. */
const ROSTER_DELETES = new Map([
  ['student', { noun: '学生', unit: '名', field: 'ids' }],
  ['admission', { noun: '升学记录', unit: '条', field: 'deleted' }],
  ['teacher', { noun: '老师', unit: '名', field: 'userIds' }],
]);

/** 删除 2 名学生 / 删除全部学生，共 40 名; null for any other action. */
function rosterDelete(action: string, d: Obj): string | null {
  const [what, verb] = action.split('.');
  const r = ROSTER_DELETES.get(what ?? '');
  if (!r) return null;
  const n = count(d[r.field]);
  if (verb === 'delete') return `删除 ${n} ${r.unit}${r.noun}`;
  if (verb === 'deleteAll') return `删除全部${r.noun}，共 ${n} ${r.unit}`;
  return null;
}

/** A readable one-line summary of what an operation changed (before → after where known). */
export function summarizeRecord(action: string, detail: unknown, look: RecordLookup): string {
  const d: Obj = isRecord(detail) ? detail : {};
  const before: Obj = isRecord(d.before) ? d.before : {};
  const after: Obj = isRecord(d.after) ? d.after : {};
  const deleted = rosterDelete(action, d);
  if (deleted) return deleted;
  switch (action) {
    case 'student.add':
      return studentText(after, look);
    case 'student.update':
      return studentUpdate(before, after, look);
    case 'student.import':
      return `新增 ${count(d.created)} 名，更新 ${count(d.updated)} 名，跳过 ${count(d.skipped)} 行，新建班级 ${count(d.classesCreated)} 个`;
    case 'admission.add':
    case 'admission.update':
      return [`${str(after.year)} 届`, str(after.className), str(after.name), str(after.university)]
        .filter(Boolean)
        .join(' ');
    case 'admission.import':
      return `新增 ${count(d.created)} 条，更新 ${count(d.updated)} 条，跳过 ${count(d.skipped)} 行`;
    case 'teacher.add': {
      const subjects = list(after.subjects).map(str).join('、');
      const classes = teacherClasses(after.classIds, look);
      return [str(after.name), str(after.phone), subjects, classes && `任教 ${classes}`]
        .filter(Boolean)
        .join('，');
    }
    case 'teacher.update':
      return teacherUpdate(before, after, look);
    case 'teacher.import':
      return `导入 ${count(d.rows)} 行，其中新建账号 ${count(d.created)} 个`;
    case 'schoolAdmin.add':
      return str(after.name);
    case 'schoolAdmin.remove':
    case 'schoolAdmin.cancel':
      return str(before.name);
    case 'grade.add':
      return after.entryYear ? `${str(after.name)}（${str(after.entryYear)} 级）` : str(after.name);
    case 'class.add':
      return `${str(after.name)}（${Number(after.kind) === 2 ? '教学班' : '行政班'}）`;
    case 'class.rename':
      return `${str(d.before)} → ${str(d.after)}`;
    case 'class.delete':
      return str(before.name);
    case 'school.create':
      return str(after.name);
    case 'demo.seed':
      return `学生 ${count(d.students)} 名，老师 ${count(d.teachers)} 名`;
    default:
      return isRecord(after) && after.name ? str(after.name) : '';
  }
}
