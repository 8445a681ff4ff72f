import { useQueryClient } from '@tanstack/react-query';
import { App, Checkbox, Form, Modal, Select, Typography } from 'antd';
import { useState } from 'react';
import { handleApiError } from '../../../api/handle-error';
import { examAdminApi } from '../exam-admin.api';
import { invalidateExam } from '../exam-admin.queries';
import type { ExamModalProps } from '../exam-modal';

/** Joint exams: copy one school's role set to other schools, so each school need not repeat it. */
export function SyncRolesModal({ exam, open, onClose }: ExamModalProps) {
  const { message } = App.useApp();
  const qc = useQueryClient();
  const [from, setFrom] = useState<number | undefined>(exam.schoolList[0]?.id);
  const [to, setTo] = useState<number[]>([]);
  const [saving, setSaving] = useState(false);
  const targets = exam.schoolList.filter((s) => s.id !== from);

  const submit = async () => {
    if (!from || !to.length) return;
    setSaving(true);
    try {
      const r = await examAdminApi.syncRoles(exam.id, from, to);
      await invalidateExam(qc, exam.id);
      message.success(
        r.added ? `已同步，新增 ${r.added} 条人员分工` : '目标学校已有相同的人员分工，无需新增',
      );
      onClose();
    } catch (e) {
      handleApiError(e);
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      title="同步人员分工到其他学校"
      open={open}
      onCancel={onClose}
      okText="同步"
      cancelText="取消"
      okButtonProps={{ disabled: !from || !to.length, loading: saving }}
      onOk={() => void submit()}
    >
      <Typography.Paragraph type="secondary">
        将来源学校设置的角色（按科目）复制到所选学校，已存在的分工不会重复添加。
      </Typography.Paragraph>
      <Form layout="vertical">
        <Form.Item label="来源学校">
          <Select<number>
            value={from}
            options={exam.schoolList.map((s) => ({ value: s.id, label: s.name }))}
            onChange={(v) => {
              setFrom(v);
              setTo([]);
            }}
          />
        </Form.Item>
        <Form.Item label="同步到">
          <Checkbox.Group
            value={to}
            onChange={(v) => setTo(v)}
            options={targets.map((s) => ({ value: s.id, label: s.name }))}
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}
