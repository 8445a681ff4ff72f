import type { ClassItem, TeacherCreated, TeacherInput, TeacherItem } from '@yj/contracts';
import { useQuery } from '@tanstack/react-query';
import { App, Form, Input, Select } from 'antd';
import { atMostChosen, PHONE_RULES } from '../../../components/form-rules';
import { PersonFormModal, usePersonSave } from '../common/PersonFormModal';
import { classOptions } from '../class-options';
import { schoolAdminApi } from '../school-admin.api';
import { coursesQuery } from '../school-admin.queries';

interface Props {
  schoolId: number;
  classes: ClassItem[];
  /** null: add a teacher; a row: edit it */
  editing: TeacherItem | null;
  open: boolean;
  onClose: () => void;
  /** `created` is set when adding made a new account (its one-time password is in it) */
  onSaved: (values: TeacherInput, created: TeacherCreated | null) => void;
}

/** 新增老师 / 编辑老师: name, phone (the sign-in account), subjects and classes taught. */
export function TeacherFormModal({ schoolId, classes, editing, open, onClose, onSaved }: Props) {
  const [form] = Form.useForm<TeacherInput>();
  const { message } = App.useApp();
  const courses = useQuery(coursesQuery);

  const save = usePersonSave(schoolId, onClose, {
    mutationFn: async (v: TeacherInput): Promise<TeacherCreated | null> => {
      if (!editing) return schoolAdminApi.addTeacher(schoolId, v);
      await schoolAdminApi.updateTeacher(schoolId, { userId: editing.userId, phone: editing.phone }, v);
      return null;
    },
    onSuccess: (created, v) => {
      if (editing) void message.success(`已保存 ${v.name} 的信息`);
      else if (!created?.initialPassword) void message.success(`${v.name} 已有平台账号，已加入本校老师`);
      onSaved(v, created);
    },
  });

  return (
    <PersonFormModal<TeacherInput>
      who="老师"
      editing={editing !== null}
      open={open}
      form={form}
      pending={save.isPending}
      onClose={onClose}
      initialValues={
        editing
          ? {
              name: editing.name,
              phone: editing.phone ?? '',
              subjects: editing.subjects,
              classIds: editing.classes.map((c) => c.id),
            }
          : { subjects: [], classIds: [] }
      }
      onFinish={(v) => save.mutate({ ...v, name: v.name.trim(), phone: v.phone.trim() })}
    >
      <Form.Item
        name="phone"
        label="手机号"
        extra={
          editing
            ? '手机号是老师的登录账号，修改后请告知本人'
            : '手机号即登录账号；尚未注册的手机号会自动创建账号并生成初始密码'
        }
        rules={PHONE_RULES}
      >
        <Input placeholder="11 位手机号" maxLength={11} inputMode="numeric" />
      </Form.Item>
      <Form.Item name="subjects" label="任教学科" rules={atMostChosen(10, '个学科')}>
        <Select
          mode="multiple"
          placeholder="可多选"
          loading={courses.isPending}
          options={(courses.data ?? []).map((c) => ({ label: c, value: c }))}
        />
      </Form.Item>
      <Form.Item name="classIds" label="任教班级" rules={atMostChosen(50, '个班级')}>
        <Select
          mode="multiple"
          placeholder={classes.length ? '可多选，可稍后再设置' : '本校还没有班级，可稍后再设置'}
          options={classOptions(classes)}
          showSearch={{ optionFilterProp: 'label' }}
          notFoundContent="没有找到班级"
        />
      </Form.Item>
    </PersonFormModal>
  );
}
