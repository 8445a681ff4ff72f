import { allows, type SubjectOperation } from '@yj/contracts';
import { fail } from '../errors';

/**
 * The one check every module makes before acting on a subject: refuses with 当前科目状态不允许此操作
 * (prefixed with the subject's name where several subjects are handled at once) unless the lifecycle
 * table of packages/contracts allows the operation in the subject's state.
 */
export function assertAllows(status: number, op: SubjectOperation, subjectName?: string): void {
  if (allows(status, op)) return;
  throw subjectName
    ? fail('subjectStateForbidsNamed', { subject: subjectName })
    : fail('subjectStateForbids');
}
