import { isRecord } from '../../api/errors';

const time = (v: unknown) =>
  typeof v === 'string' ? new Date(v).toLocaleString('zh-CN', { hour12: false }) : '未设置';

/**
 * The dynamic log's line for the subject lifecycle (subject.* actions): the state before and after, who
 * set a schedule, and why a scheduled time did nothing. Null for other actions.
 */
export function subjectLogSummary(action: string, detail: unknown, subjectName: string): string | null {
  if (!action.startsWith('subject.')) return null;
  const d = isRecord(detail) ? detail : {};
  const before = isRecord(d.before) ? d.before : {};
  const after = isRecord(d.after) ? d.after : {};
  if (action === 'subject.reviewSchedule')
    return `${subjectName}：开始 ${time(after.reviewStartAt)}，结束 ${time(after.reviewEndAt)}`;
  if (action === 'subject.reviewSchedule.fired')
    return `${subjectName}：定时${d.kind === 'start' ? '开始' : '结束'}未执行，${String(d.refused ?? '科目状态已变化')}`;
  const by = d.by === 'schedule' ? '（定时）' : '';
  return `${subjectName}：${String(before.label ?? '')} → ${String(after.label ?? '')}${by}`;
}
