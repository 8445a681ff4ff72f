import { useMutation } from '@tanstack/react-query';
import { authApi } from '../../features/auth/auth.api';
import { PhoneCodeForm } from '../../features/auth/PhoneCodeForm';

/** Step 1: send a code to the phone (60 s before it can be re-sent), then check it. */
export function VerifyPhoneStep({ onVerified }: { onVerified: (phone: string, resetToken: string) => void }) {
  const verify = useMutation({
    mutationFn: (v: { phone: string; code: string }) => authApi.verifyMobile(v.phone, v.code),
    onSuccess: ({ resetToken }, v) => onVerified(v.phone, resetToken),
  });
  return (
    <PhoneCodeForm
      phonePlaceholder="账号绑定的手机号"
      submitText="下一步"
      sendCode={authApi.sendResetCode}
      onSubmit={(phone, code) => verify.mutate({ phone, code })}
      submitting={verify.isPending}
    />
  );
}
