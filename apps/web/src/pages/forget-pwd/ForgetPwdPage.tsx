import { Button, Result, Steps } from 'antd';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { AuthLayout, AuthTitle } from '../login/AuthLayout';
import { NewPasswordStep } from './NewPasswordStep';
import { VerifyPhoneStep } from './VerifyPhoneStep';

type Stage = { step: 0 } | { step: 1; phone: string; resetToken: string } | { step: 2 };

/** /forgetPwd: phone → SMS code → new password twice → done. */
export function ForgetPwdPage() {
  const [stage, setStage] = useState<Stage>({ step: 0 });
  const navigate = useNavigate();
  return (
    <AuthLayout>
      <AuthTitle title="找回密码" subtitle="通过账号绑定的手机号重新设置密码" />
      <Steps
        size="small"
        current={stage.step}
        status={stage.step === 2 ? 'finish' : 'process'}
        style={{ marginBottom: 28 }}
        items={[{ title: '验证手机号' }, { title: '设置新密码' }, { title: '完成' }]}
      />
      {stage.step === 0 && (
        <VerifyPhoneStep onVerified={(phone, resetToken) => setStage({ step: 1, phone, resetToken })} />
      )}
      {stage.step === 1 && (
        <NewPasswordStep
          phone={stage.phone}
          resetToken={stage.resetToken}
          onDone={() => setStage({ step: 2 })}
        />
      )}
      {stage.step === 2 && (
        <Result
          status="success"
          title="密码已重置"
          subTitle="请使用新密码登录"
          style={{ padding: '8px 0 16px' }}
          extra={
            <Button type="primary" size="large" onClick={() => void navigate('/login', { replace: true })}>
              返回登录
            </Button>
          }
        />
      )}
      {stage.step !== 2 && (
        <div style={{ textAlign: 'center', marginTop: 8 }}>
          <Link to="/login">返回登录</Link>
        </div>
      )}
    </AuthLayout>
  );
}
