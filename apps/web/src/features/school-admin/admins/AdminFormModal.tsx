import { useOneAtATime } from '../../../app/useOneAtATime';
import { App, Form, Input } from 'antd';
import { FormModal } from '../../../components/FormModal';
import { PHONE_RULES } from '../../../components/form-rules';
import { schoolAdminApi, type AccountCreated } from '../school-admin.api';
import type { SchoolModalProps } from '../common/school-modal';

interface Values {
  phone: string;
  name?: string;
}

/** An administrator's phone and, for a phone without an account, the name its new account gets. */
export function AdminAccountFields() {
  return (
    <>
      <Form.Item name="phone" label="手机号" rules={PHONE_RULES}>
        <Input placeholder="管理员的登录手机号" maxLength={11} inputMode="numeric" />
      </Form.Item>
      <Form.Item
        name="name"
        label="姓名"
        extra="该手机号尚未注册时必填，系统会为其创建账号并生成初始密码"
        rules={[{ max: 30, message: '姓名不能超过 30 个字' }]}
      >
        <Input placeholder="选填" maxLength={30} />
      </Form.Item>
    </>
  );
}

type Props = SchoolModalProps<(v: { phone: string; name: string }, r: AccountCreated) => void>;

/** 添加管理员 by phone; a phone without an account needs a name, and gets a new account. */
export function AdminFormModal({ schoolId, open, onClose, onSaved }: Props) {
  const [form] = Form.useForm<Values>();
  const { message } = App.useApp();
  const save = useOneAtATime({
    mutationFn: (v: Values) => schoolAdminApi.addAdmin(schoolId, v.phone.trim(), v.name?.trim() || undefined),
    onSuccess: (r, v) => {
      if (!r.initialPassword) void message.success('已添加为本校管理员');
      onSaved({ phone: v.phone.trim(), name: v.name?.trim() ?? '' }, r);
      onClose();
    },
  });
  return (
    <FormModal<Values>
      open={open}
      title="添加管理员"
      okText="添加"
      save={save}
      form={form}
      onCancel={onClose}
    >
      <AdminAccountFields />
    </FormModal>
  );
}
