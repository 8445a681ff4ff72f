import { App, Form, Select } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { FormModal } from '../../components/FormModal';
import { useOneAtATime } from '../../app/useOneAtATime';
import { AdminAccountFields } from '../school-admin/admins/AdminFormModal';
import { orgChosenLabel, orgOptions } from '../school-admin/org/OrgCreateModals';
import { orgTreeQuery } from '../school-admin/school-admin.queries';
import { bureauApi } from './bureau.api';

export interface BureauAdminValues {
  orgId: number;
  phone: string;
  name?: string;
}

/** 添加教育局管理员: the bureau (any level of the tree), the phone, and a name when the phone has no account. */
export function BureauAdminModal({
  open,
  orgId,
  onClose,
  onSaved,
}: {
  open: boolean;
  /** the bureau chosen in the list's filter, offered first */
  orgId: number | undefined;
  onClose: () => void;
  onSaved: (v: BureauAdminValues, initialPassword: string | null) => void;
}) {
  const [form] = Form.useForm<BureauAdminValues>();
  const { message } = App.useApp();
  const tree = useQuery(orgTreeQuery);
  const save = useOneAtATime({
    mutationFn: (v: BureauAdminValues) =>
      bureauApi.addAdmin(v.orgId, { phone: v.phone.trim(), name: v.name?.trim() || undefined }),
    onSuccess: (r, v) => {
      if (!r.initialPassword) void message.success('已添加为教育局管理员');
      onSaved(v, r.initialPassword);
      onClose();
    },
  });
  return (
    <FormModal<BureauAdminValues>
      open={open}
      title="添加教育局管理员"
      okText="添加"
      pending={save.isPending}
      form={form}
      onCancel={onClose}
      initialValues={{ orgId }}
      onFinish={(v) => save.mutate(v)}
    >
      <Form.Item name="orgId" label="教育局" rules={[{ required: true, message: '请选择教育局' }]}>
        <Select
          placeholder="选择省、市或区县教育局"
          loading={tree.isPending}
          options={orgOptions(tree.data ?? [])}
          labelRender={orgChosenLabel}
          showSearch={{ optionFilterProp: 'title' }}
        />
      </Form.Item>
      <AdminAccountFields />
    </FormModal>
  );
}
