import type { StaffItem } from '@yj/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { App } from 'antd';
import { handleApiError } from '../../../api/handle-error';
import { examAdminApi } from '../exam-admin.api';
import { invalidateExam } from '../exam-admin.queries';
import { roleLabel } from './role-rules';

/** Removing one person's role, confirmed first: the staff screen and the permission screen share it. */
export function useRemoveRole(examId: number) {
  const { modal, message } = App.useApp();
  const qc = useQueryClient();
  return (r: StaffItem) =>
    modal.confirm({
      title: '移除人员',
      content: `确定取消 ${r.name} 的“${[r.subjectName, roleLabel(r.role)].filter(Boolean).join(' · ')}”角色吗？已完成的阅卷记录会保留。`,
      okText: '移除',
      okButtonProps: { danger: true },
      cancelText: '取消',
      onOk: async () => {
        try {
          await examAdminApi.removeRole(r.role, {
            examId,
            userId: r.userId,
            subjectId: r.subjectId,
            schoolId: r.schoolId,
          });
          await invalidateExam(qc, examId);
          message.success(`已移除 ${r.name} 的${roleLabel(r.role)}角色`);
        } catch (e) {
          handleApiError(e);
        }
      },
    });
}
