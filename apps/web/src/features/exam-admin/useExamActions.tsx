import type { ExamListItem } from '@yj/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { App, Typography } from 'antd';
import { useNavigate } from 'react-router';
import { handleApiError } from '../../api/handle-error';
import { examAdminApi } from './exam-admin.api';
import { invalidateExam } from './exam-admin.queries';
import { deleteBlocker } from './exam-state';

type Exam = Pick<ExamListItem, 'id' | 'name' | 'subjects'>;

/**
 * Copy and delete of an exam, each confirmed first: shared by the lists and the detail screen
 * (hiding has its own screen, exam/{examId}/hide).
 * `afterDelete` lets the detail screen leave the page of an exam that no longer exists.
 */
export function useExamActions(afterDelete?: () => void) {
  const { modal, message } = App.useApp();
  const qc = useQueryClient();
  const navigate = useNavigate();

  const copy = (exam: Exam) =>
    modal.confirm({
      title: '复制考试',
      content: `将复制“${exam.name}”的科目、满分和考生名单，新考试的所有科目回到“设置中”。人员分工不会复制。`,
      okText: '复制',
      cancelText: '取消',
      onOk: async () => {
        try {
          const { id } = await examAdminApi.copy(exam.id);
          await invalidateExam(qc);
          message.success('已复制，正在打开新考试');
          void navigate(`/book/exam/${id}`);
        } catch (e) {
          handleApiError(e);
        }
      },
    });

  const remove = (exam: Exam) => {
    const blocker = deleteBlocker(exam.subjects);
    if (blocker) {
      modal.info({ title: '无法删除考试', content: blocker, okText: '知道了' });
      return;
    }
    modal.confirm({
      title: '删除考试',
      content: (
        <>
          确定删除“<Typography.Text strong>{exam.name}</Typography.Text>
          ”吗？考生名单和人员分工将一并删除，且无法恢复。
        </>
      ),
      okText: '删除',
      okButtonProps: { danger: true },
      cancelText: '取消',
      onOk: async () => {
        try {
          await examAdminApi.remove(exam.id);
          await invalidateExam(qc);
          qc.removeQueries({ queryKey: ['exam-admin', 'exam', exam.id] });
          message.success('考试已删除');
          afterDelete?.();
        } catch (e) {
          handleApiError(e);
        }
      },
    });
  };

  return { copy, remove };
}
