import { Form, Input, type FormInstance, type FormProps } from 'antd';
import type { ReactNode } from 'react';
import { useOneAtATime } from '../../../app/useOneAtATime';
import { FormModal } from '../../../components/FormModal';
import { requiredText } from '../../../components/form-rules';
import { useRefreshSchool } from '../school-admin.queries';

/**
 * The save of a person's 新增 / 编辑 dialog (学生, 老师): a refusal is often a stale row (changed by someone
 * else), so the list is read again as it is now; a success closes the dialog after `onSuccess`.
 */
export function usePersonSave<V, R>(
  schoolId: number,
  onClose: () => void,
  o: { mutationFn: (v: V) => Promise<R>; onSuccess: (r: R, v: V) => void },
) {
  const onRefresh = useRefreshSchool(schoolId);
  return useOneAtATime({
    mutationFn: o.mutationFn,
    onError: () => void onRefresh(),
    onSuccess: (r: R, v: V) => {
      o.onSuccess(r, v);
      onClose();
    },
  });
}

/** 新增 / 编辑 a person of the school (学生, 老师): the dialog with 姓名 first, then the person's own fields. */
export function PersonFormModal<V extends { name: string }>(p: {
  who: '学生' | '老师';
  /** editing a row (编辑) rather than adding one (新增) */
  editing: boolean;
  open: boolean;
  form: FormInstance<V>;
  pending: boolean;
  onClose: () => void;
  initialValues: FormProps<V>['initialValues'];
  onFinish: (v: V) => void;
  children: ReactNode;
}) {
  return (
    <FormModal<V>
      open={p.open}
      title={p.editing ? `编辑${p.who}` : `新增${p.who}`}
      okText="保存"
      pending={p.pending}
      form={p.form}
      onCancel={p.onClose}
      initialValues={p.initialValues}
      onFinish={p.onFinish}
    >
      <Form.Item name="name" label="姓名" rules={requiredText('请输入姓名', 30, '姓名不能超过 30 个字')}>
        <Input placeholder={`请输入${p.who}姓名`} maxLength={30} />
      </Form.Item>
      {p.children}
    </FormModal>
  );
}
