import { allows, type OperationPermission } from '@yj/contracts';

/**
 * Why this person cannot save an online card of the subject, or null when they can: said on screen beside
 * what they may still do (查看, 下载 PDF), since a greyed button alone told them nothing.
 */
export function cardLock(permission: OperationPermission, subjectStatus: number): string | null {
  if (!permission.editSetting) return '没有修改本科目模板的权限，答题卡只能查看和下载';
  if (!allows(subjectStatus, 'editSetting')) return '科目已不在设置中，答题卡只能查看和下载';
  return null;
}
