import { useOneAtATime } from '../../../app/useOneAtATime';
import { App, Form, Input, InputNumber } from 'antd';
import { FormModal } from '../../../components/FormModal';
import { requiredText } from '../../../components/form-rules';
import { schoolAdminApi } from '../school-admin.api';
import type { SchoolModalProps } from '../common/school-modal';

interface Values {
  name: string;
  entryYear: number | null;
}

/** 新增年级: a name (高一) and, optionally, the year its students entered (for 届 naming). */
export function GradeFormModal({ schoolId, open, onClose, onSaved }: SchoolModalProps<(id: number) => void>) {
  const [form] = Form.useForm<Values>();
  const { message } = App.useApp();
  const save = useOneAtATime({
    mutationFn: (v: Values) => schoolAdminApi.addGrade(schoolId, v.name.trim(), v.entryYear ?? null),
    onSuccess: (r, v) => {
      void message.success(`已添加年级 ${v.name.trim()}`);
      onSaved(r.id);
      onClose();
    },
  });
  return (
    <FormModal<Values> open={open} title="新增年级" okText="保存" save={save} form={form} onCancel={onClose}>
      <Form.Item name="name" label="年级名称" rules={requiredText('请输入年级名称', 20, '不能超过 20 个字')}>
        <Input placeholder="例如 高一、初二" maxLength={20} />
      </Form.Item>
      <Form.Item name="entryYear" label="入学年份" extra="选填，用于区分不同届的学生">
        <InputNumber min={1990} max={2100} precision={0} placeholder="例如 2026" style={{ width: '100%' }} />
      </Form.Item>
    </FormModal>
  );
}
