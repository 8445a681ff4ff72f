import {
  EXAM_ROLE_LABELS,
  operationLabel,
  SUBJECT_OPERATIONS,
  type ExamRoleValue,
  type SubjectOperation,
} from '@yj/contracts';
import { isRecord } from '../../api/errors';
import { subjectLogSummary } from '../review-lifecycle/subject-log';

/** Chinese names of the audit actions an exam's dynamic log shows. */
export const ACTION_LABELS: Record<string, string> = {
  'exam.create': '创建考试',
  'exam.createJoint': '创建联考',
  'exam.edit': '修改考试',
  'exam.copy': '复制考试',
  'exam.hide': '隐藏考试',
  'exam.unhide': '取消隐藏',
  'exam.delete': '删除考试',
  'examinee.add': '添加考生',
  'examinee.update': '修改考生',
  'examinee.remove': '移除考生',
  'examinee.paperType': '设置试卷类型',
  'examinee.absent': '标记缺考',
  'examinee.present': '取消缺考',
  'examinee.import': '导入考生',
  'role.add': '添加人员',
  'role.edit': '调整人员',
  'role.remove': '移除人员',
  'role.sync': '同步人员到学校',
  'subject.reviewSchedule': '设置阅卷时间',
  'subject.reviewSchedule.fired': '定时阅卷未执行',
  'marking.reset': '重置阅卷',
  'marking.reselect': '重新选题',
  'marking.intelligent.setting': '智能辅助设置',
  'marking.intelligent.blank': '智能判空记 0 分',
  'marking.intelligent.return': '智能判空退回阅卷',
};

export function actionLabel(action: string): string {
  // subject transitions are named by the lifecycle table: subject.reviewStart → 开始阅卷
  const op = action.startsWith('subject.') ? action.slice('subject.'.length) : '';
  if (op in SUBJECT_OPERATIONS) return operationLabel(op as SubjectOperation);
  return ACTION_LABELS[action] ?? action;
}

/** Names for the ids a log detail carries; what is unknown is shown by its id. */
export interface LogLookup {
  subjects: Map<number, string>;
  schools: Map<number, string>;
  users: Map<number, string>;
}

export interface DiffRow {
  field: string;
  before: string;
  after: string;
}

export interface LogView {
  summary: string;
  diff: DiffRow[];
}

const FIELD_LABELS: Record<string, string> = {
  name: '考试名称',
  startDate: '开考日期',
  endDate: '结束日期',
  subjects: '科目',
  kaohao: '考号',
  kaochang: '考场',
  seat: '座位号',
  subjectId: '科目',
  schoolId: '学校',
  gradeName: '年级',
};

const num = (v: unknown): number | undefined => (typeof v === 'number' ? v : undefined);
const arr = (v: unknown): unknown[] => (Array.isArray(v) ? v : []);

function subjectsText(v: unknown): string {
  const list = arr(v).filter(isRecord);
  if (!list.length) return '无';
  return list.map((s) => `${String(s.course ?? s.name ?? '')} ${String(s.fullScore ?? '')}分`).join('、');
}

function valueText(field: string, v: unknown, look: LogLookup): string {
  if (v === null || v === undefined || v === '') return '（空）';
  if (field === 'subjects') return subjectsText(v);
  if (field === 'subjectId' && typeof v === 'number') return look.subjects.get(v) ?? `科目 ${v}`;
  if (field === 'schoolId' && typeof v === 'number') return look.schools.get(v) ?? `学校 ${v}`;
  if (typeof v === 'boolean') return v ? '是' : '否';
  if (typeof v === 'object') return JSON.stringify(v);
  return String(v);
}

/** Field-by-field changes between two records; unchanged fields are left out. */
export function diffRecords(before: unknown, after: unknown, look: LogLookup): DiffRow[] {
  if (!isRecord(before) || !isRecord(after)) return [];
  const keys = [...new Set([...Object.keys(before), ...Object.keys(after)])].filter((k) => k in FIELD_LABELS);
  const rows: DiffRow[] = [];
  for (const k of keys) {
    const b = valueText(k, before[k], look);
    const a = valueText(k, after[k], look);
    if (b !== a) rows.push({ field: FIELD_LABELS[k] ?? k, before: b, after: a });
  }
  return rows;
}

function roleText(role: unknown): string {
  return EXAM_ROLE_LABELS[role as ExamRoleValue] ?? `角色 ${String(role)}`;
}

function names(ids: unknown, look: LogLookup): string {
  const list = arr(ids).map((id) =>
    typeof id === 'number' ? (look.users.get(id) ?? `用户 ${id}`) : String(id),
  );
  if (list.length <= 5) return list.join('、');
  return `${list.slice(0, 5).join('、')} 等 ${list.length} 人`;
}

function scopeText(d: Record<string, unknown>, look: LogLookup): string {
  const parts: string[] = [];
  const subjectId = num(d.subjectId);
  const schoolId = num(d.schoolId);
  if (subjectId) parts.push(look.subjects.get(subjectId) ?? `科目 ${subjectId}`);
  if (schoolId) parts.push(look.schools.get(schoolId) ?? `学校 ${schoolId}`);
  return parts.length ? `（${parts.join('，')}）` : '';
}

const RULE_TEXT: Record<string, string> = {
  xuehao: '学号作考号',
  classSeat: '班级+班内序号',
  sequence: '流水号',
};

/** A readable line and, where the log kept both sides, a before/after table. */
export function describeLog(action: string, detail: unknown, look: LogLookup): LogView {
  const d = isRecord(detail) ? detail : {};
  const after = isRecord(d.after) ? d.after : {};
  switch (action) {
    case 'exam.create':
    case 'exam.createJoint':
      return { summary: `“${String(after.name ?? '')}”，科目：${subjectsText(after.subjects)}`, diff: [] };
    case 'exam.edit':
      return { summary: '', diff: diffRecords(d.before, d.after, look) };
    case 'exam.copy':
      return { summary: `由考试 #${String(d.from ?? '')} 复制而来`, diff: [] };
    case 'exam.hide':
    case 'exam.unhide':
      return { summary: action === 'exam.hide' ? '考试已从列表中隐藏' : '考试重新在列表中显示', diff: [] };
    case 'exam.delete':
      return { summary: `删除了“${String(isRecord(d.before) ? d.before.name : '')}”`, diff: [] };
    case 'examinee.add': {
      const rule = isRecord(d.rule) ? RULE_TEXT[String(d.rule.kind)] : undefined;
      const room = num(d.roomSize) === 0 ? '按班级分考场' : `每考场 ${String(d.roomSize ?? '')} 人`;
      const skipped = num(d.skipped) ? `，跳过已在考试中的 ${String(d.skipped)} 人` : '';
      return {
        summary: `新增 ${String(d.added ?? 0)} 名考生${skipped}；考号规则：${rule ?? '—'}，${room}`,
        diff: [],
      };
    }
    case 'examinee.update':
      return { summary: '', diff: diffRecords(d.before, d.after, look) };
    case 'examinee.remove': {
      const rows = arr(d.before).filter(isRecord);
      const list = rows.slice(0, 5).map((r) => `${String(r.name ?? '')}（${String(r.kaohao ?? '')}）`);
      return {
        summary: `移除 ${rows.length} 名考生：${list.join('、')}${rows.length > 5 ? ' 等' : ''}`,
        diff: [],
      };
    }
    case 'examinee.paperType': {
      const type = d.after === null ? '不区分 A/B 卷' : `${String(d.after)} 卷`;
      return { summary: `${arr(d.ids).length} 名考生设为${type}`, diff: [] };
    }
    case 'examinee.absent':
    case 'examinee.present': {
      const subject = num(d.subjectId) ? (look.subjects.get(num(d.subjectId)!) ?? '') : '';
      const verb = action === 'examinee.absent' ? '标记为缺考' : '取消缺考';
      return { summary: `${subject} ${arr(d.ids).length} 名考生${verb}`.trim(), diff: [] };
    }
    case 'examinee.import':
      return {
        summary: `从 Excel 新增 ${String(d.added ?? 0)} 人，更新 ${String(d.updated ?? 0)} 人`,
        diff: [],
      };
    case 'role.add':
      return {
        summary: `${roleText(after.role)}${scopeText(after, look)}：${names(after.userIds, look)}`,
        diff: [],
      };
    case 'role.remove': {
      // the server keeps the removed row (or rows) as before
      const b = isRecord(d.before) ? d.before : (arr(d.before).find(isRecord) ?? {});
      return { summary: `${roleText(b.role)}${scopeText(b, look)}：${names([b.userId], look)}`, diff: [] };
    }
    case 'role.edit': {
      const b = isRecord(d.before) ? d.before : {};
      return {
        summary: `${roleText(b.role)}：${names([b.userId], look)}`,
        diff: diffRecords(d.before, d.after, look),
      };
    }
    case 'role.sync': {
      const from = num(d.fromSchoolId);
      const fromName = from ? (look.schools.get(from) ?? `学校 ${from}`) : '';
      return {
        summary: `将${fromName}的人员设置同步到 ${arr(d.toSchoolIds).length} 所学校，新增 ${String(d.added ?? 0)} 条`,
        diff: [],
      };
    }
    default: {
      const id = num(d.subjectId);
      const subject = id ? (look.subjects.get(id) ?? `科目 ${id}`) : '';
      return { summary: subjectLogSummary(action, detail, subject) ?? '', diff: [] };
    }
  }
}
