import { useOneAtATime } from '../../../app/useOneAtATime';
import type { ClassItem } from '@yj/contracts';

import { App, Form, Input, Radio } from 'antd';
import { FormModal } from '../../../components/FormModal';
import { requiredText } from '../../../components/form-rules';
import { schoolAdminApi } from '../school-admin.api';

interface Values {
  name: string;
  kind: 1 | 2;
}

interface Props {
  schoolId: number;
  /** the grade a new class goes into */
  grade: { id: number; name: string } | null;
  /** a class to rename; null to add one */
  renaming: ClassItem | null;
  open: boolean;
  onClose: () => void;
  onSaved: () => void;
}

/** 新增班级 (name and kind) or 班级改名. */
export function ClassFormModal({ schoolId, grade, renaming, open, onClose, onSaved }: Props) {
  const [form] = Form.useForm<Values>();
  const { message } = App.useApp();
  const save = useOneAtATime({
    mutationFn: async (v: Values) => {
      const name = v.name.trim();
      if (renaming) await schoolAdminApi.renameClass(schoolId, renaming.id, name);
      else if (grade) await schoolAdminApi.addClass(schoolId, grade.id, name, v.kind);
      return name;
    },
    onSuccess: (name) => {
      void message.success(renaming ? `已改名为 ${name}` : `已添加班级 ${name}`);
      onSaved();
      onClose();
    },
  });
  return (
    <FormModal<Values>
      open={open}
      title={renaming ? `班级改名：${renaming.name}` : `新增班级${grade ? `（${grade.name}）` : ''}`}
      okText="保存"
      save={save}
      form={form}
      onCancel={onClose}
      initialValues={renaming ? { name: renaming.name, kind: renaming.kind as 1 | 2 } : { kind: 1 }}
    >
      <Form.Item name="name" label="班级名称" rules={requiredText('请输入班级名称', 30, '不能超过 30 个字')}>
        <Input placeholder={grade ? `例如 ${grade.name}(3)班` : '请输入班级名称'} maxLength={30} />
      </Form.Item>
      {!renaming && (
        <Form.Item name="kind" label="班级类型" extra="行政班是学生的固定班级；教学班用于走班、分层教学">
          <Radio.Group
            options={[
              { label: '行政班', value: 1 },
              { label: '教学班', value: 2 },
            ]}
          />
        </Form.Item>
      )}
    </FormModal>
  );
}
