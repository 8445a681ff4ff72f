import type { ClassItem, StudentInput, StudentItem } from '@yj/contracts';

import { App, Form, Input, Radio, Select } from 'antd';
import { PersonFormModal, usePersonSave } from '../common/PersonFormModal';
import { classOptions } from '../class-options';
import { schoolAdminApi } from '../school-admin.api';

interface Props {
  schoolId: number;
  classes: ClassItem[];
  /** null: add a new student; a row: edit it */
  editing: StudentItem | null;
  open: boolean;
  onClose: () => void;
  onSaved: () => void;
}

/** 新增学生 / 编辑学生. An edit sends the row as it was read, so a concurrent change is refused. */
export function StudentFormModal({ schoolId, classes, editing, open, onClose, onSaved }: Props) {
  const [form] = Form.useForm<StudentInput>();
  const { message } = App.useApp();
  const save = usePersonSave(schoolId, onClose, {
    mutationFn: (v: StudentInput) =>
      editing
        ? schoolAdminApi.updateStudent(
            schoolId,
            { id: editing.id, name: editing.name, xuehao: editing.xuehao, classId: editing.classId },
            v,
          )
        : schoolAdminApi.addStudent(schoolId, v),
    onSuccess: (_r, v) => {
      void message.success(editing ? `已保存 ${v.name} 的信息` : `已添加学生 ${v.name}`);
      onSaved();
    },
  });

  return (
    <PersonFormModal<StudentInput>
      who="学生"
      editing={editing !== null}
      open={open}
      form={form}
      pending={save.isPending}
      onClose={onClose}
      initialValues={
        editing
          ? {
              name: editing.name,
              xuehao: editing.xuehao,
              classId: editing.classId,
              gender: editing.gender as 0 | 1 | 2,
            }
          : { gender: 0 }
      }
      onFinish={(v) => save.mutate({ ...v, name: v.name.trim(), xuehao: v.xuehao.trim() })}
    >
      <Form.Item
        name="xuehao"
        label="学号"
        extra="学号在本校内唯一，只能包含数字、字母和短横线"
        rules={[
          { required: true, whitespace: true, message: '请输入学号' },
          { max: 20, message: '学号不能超过 20 位' },
          { pattern: /^\s*[0-9A-Za-z-]+\s*$/, message: '学号只能包含数字、字母和短横线' },
        ]}
      >
        <Input placeholder="例如 20260101" maxLength={20} />
      </Form.Item>
      <Form.Item name="classId" label="班级" rules={[{ required: true, message: '请选择班级' }]}>
        <Select
          placeholder={classes.length ? '请选择班级' : '本校还没有班级，请先在“年级班级”中添加'}
          options={classOptions(classes)}
          showSearch={{ optionFilterProp: 'label' }}
          notFoundContent="没有找到班级"
        />
      </Form.Item>
      <Form.Item name="gender" label="性别">
        <Radio.Group
          options={[
            { label: '男', value: 1 },
            { label: '女', value: 2 },
            { label: '未填写', value: 0 },
          ]}
        />
      </Form.Item>
    </PersonFormModal>
  );
}
