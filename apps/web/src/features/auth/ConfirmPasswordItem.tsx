import { Form, Input } from 'antd';
import { confirmRule } from './password-rules';

/** 确认新密码: the form's `confirm` field, which must repeat its `newPassword`. */
export function ConfirmPasswordItem({ label, placeholder }: { label?: string; placeholder?: string }) {
  return (
    <Form.Item
      name="confirm"
      label={label}
      dependencies={['newPassword']}
      rules={[{ required: true, message: '请再次输入新密码' }, confirmRule('newPassword')]}
    >
      <Input.Password autoComplete="new-password" placeholder={placeholder} />
    </Form.Item>
  );
}
