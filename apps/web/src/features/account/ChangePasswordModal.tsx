import { useOneAtATime } from '../../app/useOneAtATime';
import { PASSWORD_RULE_TEXT, type ChangePasswordRequest } from '@yj/contracts';

import { App, Form, Input } from 'antd';
import { FormModal } from '../../components/FormModal';
import { authApi } from '../auth/auth.api';
import { passwordRules } from '../auth/password-rules';
import { ConfirmPasswordItem } from '../auth/ConfirmPasswordItem';

interface Values extends ChangePasswordRequest {
  confirm: string;
}

/** 修改密码: old password, new password twice. */
export function ChangePasswordModal({
  open,
  account,
  onClose,
}: {
  open: boolean;
  /** the signed-in user's account name, which the new password must not contain */
  account: string;
  onClose: () => void;
}) {
  const [form] = Form.useForm<Values>();
  const { message } = App.useApp();
  const change = useOneAtATime({
    mutationFn: ({ oldPassword, newPassword }: Values) =>
      authApi.changePassword({ oldPassword, newPassword }),
    onSuccess: () => {
      void message.success('密码已修改，下次登录请使用新密码');
      form.resetFields();
      onClose();
    },
  });
  return (
    <FormModal
      open={open}
      title="修改密码"
      okText="确认修改"
      pending={change.isPending}
      form={form}
      onCancel={() => {
        form.resetFields();
        onClose();
      }}
      onFinish={(v) => change.mutate(v)}
    >
      <Form.Item name="oldPassword" label="原密码" rules={[{ required: true, message: '请输入原密码' }]}>
        <Input.Password autoComplete="current-password" placeholder="请输入原密码" />
      </Form.Item>
      <Form.Item
        name="newPassword"
        label="新密码"
        rules={passwordRules([account])}
        extra={PASSWORD_RULE_TEXT}
      >
        <Input.Password autoComplete="new-password" placeholder="请输入新密码" />
      </Form.Item>
      <ConfirmPasswordItem label="确认新密码" placeholder="请再次输入新密码" />
    </FormModal>
  );
}
