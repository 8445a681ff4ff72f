import type { LoginResponse } from '@yj/contracts';
import { useMutation } from '@tanstack/react-query';
import { Alert, Button } from 'antd';
import { authApi } from '../../features/auth/auth.api';
import { PhoneCodeForm } from '../../features/auth/PhoneCodeForm';
import { AuthTitle } from './AuthLayout';

interface Props {
  /** the ticket of the refused sign-in (captchaType bindPhone) */
  bindToken: string;
  onBack: () => void;
  onDone: (res: LoginResponse) => void;
}

/** Sign-in of an account without a phone: bind one with an SMS code, then enter (spec §8 bindPhone). */
export function BindPhone({ bindToken, onBack, onDone }: Props) {
  const bind = useMutation({
    mutationFn: (v: { phone: string; code: string }) => authApi.bindPhoneLogin({ bindToken, ...v }),
    onSuccess: onDone,
  });
  return (
    <>
      <AuthTitle title="绑定手机号" subtitle="账号尚未绑定手机号，绑定后将直接进入平台" />
      <Alert
        type="info"
        showIcon
        title="手机号用于找回密码和接收阅卷通知，绑定后也可用手机号登录"
        style={{ marginBottom: 20 }}
      />
      <PhoneCodeForm
        phonePlaceholder="本人手机号"
        submitText="绑定并登录"
        sendCode={(phone) => authApi.bindPhoneCode({ bindToken, phone })}
        onSubmit={(phone, code) => bind.mutate({ phone, code })}
        submitting={bind.isPending}
      />
      <Button type="link" onClick={onBack} style={{ padding: 0 }}>
        返回登录
      </Button>
    </>
  );
}
