import { PASSWORD_RULE_TEXT } from '@yj/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Card, Form, Input } from 'antd';
import { passwordRules } from '../../features/auth/password-rules';
import { usePortalWho } from '../../features/portal/portal-child';
import { portalApi } from '../../features/portal/portal.api';
import { portalMeQuery } from '../../features/portal/portal.queries';
import { ConfirmPasswordItem } from '../../features/auth/ConfirmPasswordItem';

/** /portal/account: change the password (a parent who signed in by SMS sets one without the old). */
export function AccountPage() {
  const { me } = usePortalWho();
  const { message } = App.useApp();
  const qc = useQueryClient();
  const [form] = Form.useForm<{ oldPassword?: string; newPassword: string }>();
  const change = useMutation({
    mutationFn: (v: { oldPassword?: string; newPassword: string }) =>
      portalApi.password(v.newPassword, v.oldPassword),
    onSuccess: () => {
      form.resetFields();
      void message.success('密码已修改');
      void qc.invalidateQueries({ queryKey: portalMeQuery.queryKey });
    },
  });
  return (
    <Card size="small" title={me.hasPassword ? '修改密码' : '设置登录密码'}>
      <Alert type="info" showIcon title={PASSWORD_RULE_TEXT} style={{ marginBottom: 16 }} />
      <Form form={form} layout="vertical" requiredMark={false} onFinish={(v) => change.mutate(v)}>
        {me.hasPassword && (
          <Form.Item name="oldPassword" label="原密码" rules={[{ required: true, message: '请输入原密码' }]}>
            <Input.Password autoComplete="current-password" />
          </Form.Item>
        )}
        <Form.Item name="newPassword" label="新密码" rules={passwordRules([])}>
          <Input.Password autoComplete="new-password" />
        </Form.Item>
        <ConfirmPasswordItem label="确认新密码" />
        <Button type="primary" htmlType="submit" block loading={change.isPending}>
          保存
        </Button>
      </Form>
    </Card>
  );
}
