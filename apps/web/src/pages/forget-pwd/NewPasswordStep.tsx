import { PASSWORD_RULE_TEXT } from '@yj/contracts';
import { useMutation } from '@tanstack/react-query';
import { Button, Form, Input } from 'antd';
import { authApi } from '../../features/auth/auth.api';
import { confirmRule, passwordRules } from '../../features/auth/password-rules';

/** Step 2: the new password, twice. */
export function NewPasswordStep({
  phone,
  resetToken,
  onDone,
}: {
  phone: string;
  resetToken: string;
  onDone: () => void;
}) {
  const reset = useMutation({
    mutationFn: (password: string) => authApi.resetPassword(phone, resetToken, password),
    onSuccess: onDone,
  });
  return (
    <Form size="large" requiredMark={false} onFinish={(v: { password: string }) => reset.mutate(v.password)}>
      <Form.Item name="password" rules={passwordRules([phone])} extra={PASSWORD_RULE_TEXT}>
        <Input.Password placeholder="新密码" autoComplete="new-password" autoFocus />
      </Form.Item>
      <Form.Item
        name="confirm"
        dependencies={['password']}
        rules={[{ required: true, message: '请再次输入新密码' }, confirmRule('password')]}
      >
        <Input.Password placeholder="确认新密码" autoComplete="new-password" />
      </Form.Item>
      <Form.Item style={{ marginBottom: 12 }}>
        <Button type="primary" htmlType="submit" block loading={reset.isPending}>
          重置密码
        </Button>
      </Form.Item>
    </Form>
  );
}
