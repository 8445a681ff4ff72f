import { PASSWORD_RULE_TEXT, type LoginResponse } from '@yj/contracts';
import { useMutation } from '@tanstack/react-query';
import { Alert, Button, Form, Input } from 'antd';
import { authApi } from '../../features/auth/auth.api';
import { readLoginRefusal } from '../../features/auth/login-outcome';
import { handleApiError } from '../../api/handle-error';
import { passwordRules } from '../../features/auth/password-rules';
import { AuthTitle } from './AuthLayout';
import { ConfirmPasswordItem } from '../../features/auth/ConfirmPasswordItem';

interface Props {
  changeToken: string;
  /** what was typed to sign in: the new password must not contain it */
  account: string;
  onBack: () => void;
  onDone: (res: LoginResponse) => void;
  /** the new password was accepted, and the account has a phone to bind before entering */
  onBindPhone?: (bindToken: string) => void;
}

/** First sign-in: the initial password must be replaced before entering (changeToken from the refusal). */
export function ForceChangePassword({ changeToken, account, onBack, onDone, onBindPhone }: Props) {
  const change = useMutation({
    mutationFn: (newPassword: string) => authApi.changePwdLogin({ changeToken, newPassword }),
    meta: { silent: true },
    onSuccess: onDone,
    onError: (e) => {
      const refusal = readLoginRefusal(e);
      if (refusal.kind === 'bindPhone' && onBindPhone) onBindPhone(refusal.bindToken);
      else handleApiError(e);
    },
  });
  return (
    <>
      <AuthTitle title="设置新密码" subtitle="首次登录请修改初始密码，修改后将直接进入平台" />
      <Alert type="info" showIcon title={PASSWORD_RULE_TEXT} style={{ marginBottom: 20 }} />
      <Form
        size="large"
        requiredMark={false}
        onFinish={(v: { newPassword: string }) => change.mutate(v.newPassword)}
      >
        <Form.Item name="newPassword" rules={passwordRules([account])}>
          <Input.Password placeholder="新密码" autoComplete="new-password" autoFocus />
        </Form.Item>
        <ConfirmPasswordItem placeholder="确认新密码" />
        <Form.Item style={{ marginBottom: 12 }}>
          <Button type="primary" htmlType="submit" block loading={change.isPending}>
            确认修改并登录
          </Button>
        </Form.Item>
      </Form>
      <Button type="link" onClick={onBack} style={{ padding: 0 }}>
        返回登录
      </Button>
    </>
  );
}
