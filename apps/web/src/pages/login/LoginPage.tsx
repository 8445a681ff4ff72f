import { LockOutlined, UserOutlined } from '@ant-design/icons';
import type { LoginRequest } from '@yj/contracts';
import { useMutation } from '@tanstack/react-query';
import { Alert, Button, Form, Input } from 'antd';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { handleApiError } from '../../api/handle-error';
import { authApi } from '../../features/auth/auth.api';
import { readLoginRefusal } from '../../features/auth/login-outcome';
import { useSignedIn } from '../../features/auth/useSignedIn';
import { AuthLayout, AuthTitle } from './AuthLayout';
import { BindPhone } from './BindPhone';
import { ScanLoginPanel } from '../../features/auth/ScanLoginPanel';
import { ForceChangePassword } from './ForceChangePassword';

/**
 * The code of the pages a sign-in opens (the /book shell and the home page, ~50 files), fetched and run while the
 * person types: signing in then waits on the server alone (issue 31, point 12: login → home was mostly loading
 * and compiling these after the click). The router's lazy routes pick up the same modules.
 */
function preloadSignedInPages(): () => void {
  // a failed fetch here is the router's to retry and report when the page is opened
  const load = () => {
    import('../../app/shell/route').catch(() => undefined);
    import('../home/route').catch(() => undefined);
  };
  const idle = window.requestIdleCallback?.(load, { timeout: 1_000 });
  const timer = idle === undefined ? setTimeout(load, 200) : undefined;
  return () => {
    if (idle !== undefined) window.cancelIdleCallback(idle);
    clearTimeout(timer);
  };
}

/** /login: account and password; captcha after repeated failures; forced change at first sign-in. */
export function LoginPage() {
  const [form] = Form.useForm<LoginRequest>();
  const [error, setError] = useState<string | null>(null);
  const [changeToken, setChangeToken] = useState<string | null>(null);
  const [changeAccount, setChangeAccount] = useState('');
  const [bindToken, setBindToken] = useState<string | null>(null);
  const [byScan, setByScan] = useState(false);
  const signedIn = useSignedIn();
  useEffect(preloadSignedInPages, []);

  const login = useMutation({
    mutationFn: authApi.login,
    // The screen explains refusals itself; only session and captcha go through the global handler.
    meta: { silent: true },
    onSuccess: signedIn,
    onError: (e, sent) => {
      const refusal = readLoginRefusal(e);
      if (refusal.kind === 'changePassword') {
        setError(null);
        setChangeToken(refusal.changeToken);
        setChangeAccount(sent.account);
        return;
      }
      if (refusal.kind === 'bindPhone') {
        setError(null);
        setBindToken(refusal.bindToken);
        return;
      }
      setError(refusal.text);
      if (refusal.kind === 'captcha') {
        handleApiError(e, { onCaptcha: (answer) => login.mutate({ ...sent, ...answer }) });
      }
    },
  });

  if (bindToken) {
    return (
      <AuthLayout>
        <BindPhone bindToken={bindToken} onBack={() => setBindToken(null)} onDone={signedIn} />
      </AuthLayout>
    );
  }

  if (changeToken) {
    return (
      <AuthLayout>
        <ForceChangePassword
          changeToken={changeToken}
          account={changeAccount}
          onBack={() => setChangeToken(null)}
          onDone={signedIn}
          onBindPhone={(token) => {
            setChangeToken(null);
            setBindToken(token);
          }}
        />
      </AuthLayout>
    );
  }

  if (byScan) {
    return (
      <AuthLayout>
        <AuthTitle title="扫码登录" subtitle="用已登录的手机扫码确认，免输密码" />
        <ScanLoginPanel onSignedIn={signedIn} />
        <Button type="link" onClick={() => setByScan(false)} style={{ padding: 0 }}>
          账号密码登录
        </Button>
      </AuthLayout>
    );
  }

  return (
    <AuthLayout>
      <AuthTitle title="账号登录" subtitle="欢迎使用阅卷平台" />
      {error && (
        <Alert type="error" showIcon title={error} style={{ marginBottom: 20 }} data-testid="login-error" />
      )}
      <Form
        form={form}
        size="large"
        requiredMark={false}
        onFinish={(v) => {
          setError(null);
          login.mutate({ account: v.account.trim(), password: v.password });
        }}
        onValuesChange={() => error && setError(null)}
      >
        <Form.Item
          name="account"
          rules={[{ required: true, whitespace: true, message: '请输入账号或手机号' }]}
        >
          <Input
            prefix={<UserOutlined />}
            placeholder="账号或手机号"
            autoComplete="username"
            autoFocus
            maxLength={64}
          />
        </Form.Item>
        <Form.Item name="password" rules={[{ required: true, message: '请输入密码' }]}>
          <Input.Password
            prefix={<LockOutlined />}
            placeholder="密码"
            autoComplete="current-password"
            maxLength={128}
          />
        </Form.Item>
        <Form.Item style={{ marginBottom: 12 }}>
          <Button type="primary" htmlType="submit" block loading={login.isPending}>
            登录
          </Button>
        </Form.Item>
      </Form>
      <div style={{ display: 'flex', justifyContent: 'space-between', fontSize: 14 }}>
        <span style={{ color: '#86909c' }}>账号由学校管理员开通</span>
        <span style={{ display: 'flex', gap: 16 }}>
          <Button type="link" onClick={() => setByScan(true)} style={{ padding: 0, height: 'auto' }}>
            扫码登录
          </Button>
          <Link to="/forgetPwd">忘记密码？</Link>
        </span>
      </div>
      {/* students and parents sign in elsewhere (学号 or phone code): say where, or they try their 学号 here */}
      <div style={{ marginTop: 12, textAlign: 'center', fontSize: 14 }}>
        <Link to="/portal/login">学生、家长查成绩请点这里登录</Link>
      </div>
    </AuthLayout>
  );
}
