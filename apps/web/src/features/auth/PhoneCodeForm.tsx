import { MobileOutlined, SafetyOutlined } from '@ant-design/icons';
import { phone as phoneSchema, type SmsSent } from '@yj/contracts';
import { useMutation } from '@tanstack/react-query';
import { App, Button, Form, Input, Space } from 'antd';
import { useCountdown } from './useCountdown';

const RESEND_SECONDS = 60;

interface Values {
  phone: string;
  code: string;
}

const phoneRule = {
  validator: (_r: unknown, v: unknown) =>
    !v || phoneSchema.safeParse(v).success
      ? Promise.resolve()
      : Promise.reject(new Error('请输入正确的 11 位手机号')),
};

interface Props {
  phonePlaceholder: string;
  submitText: string;
  /** sends a code to the phone */
  sendCode: (phone: string) => Promise<SmsSent>;
  onSubmit: (phone: string, code: string) => void;
  submitting: boolean;
}

/** A phone and its SMS code (60 s before a code can be re-sent): forgot password, binding a phone. */
export function PhoneCodeForm({ phonePlaceholder, submitText, sendCode, onSubmit, submitting }: Props) {
  const [form] = Form.useForm<Values>();
  const { message } = App.useApp();
  const [left, startCountdown] = useCountdown();

  const send = useMutation({
    mutationFn: sendCode,
    onSuccess: ({ expiresIn }) => {
      startCountdown(RESEND_SECONDS);
      void message.success(`验证码已发送，${Math.max(1, Math.round(expiresIn / 60))} 分钟内有效`);
    },
  });

  const askCode = async (): Promise<void> => {
    const { phone } = await form.validateFields(['phone']);
    send.mutate(phone);
  };

  return (
    <Form
      form={form}
      size="large"
      requiredMark={false}
      onFinish={(v) => onSubmit(v.phone.trim(), v.code.trim())}
    >
      <Form.Item name="phone" rules={[{ required: true, message: '请输入手机号' }, phoneRule]}>
        <Input
          prefix={<MobileOutlined />}
          placeholder={phonePlaceholder}
          maxLength={11}
          inputMode="numeric"
          autoFocus
        />
      </Form.Item>
      <Form.Item>
        <Space.Compact style={{ width: '100%' }}>
          <Form.Item
            name="code"
            noStyle
            rules={[{ required: true, pattern: /^\d{6}$/, message: '请输入 6 位短信验证码' }]}
          >
            <Input
              prefix={<SafetyOutlined />}
              placeholder="短信验证码"
              maxLength={6}
              inputMode="numeric"
              autoComplete="one-time-code"
            />
          </Form.Item>
          <Button
            onClick={() => void askCode().catch(() => undefined)}
            disabled={left > 0}
            loading={send.isPending}
            style={{ width: 136 }}
          >
            {left > 0 ? `${left} 秒后重发` : '获取验证码'}
          </Button>
        </Space.Compact>
      </Form.Item>
      <Form.Item style={{ marginBottom: 12 }}>
        <Button type="primary" htmlType="submit" block loading={submitting}>
          {submitText}
        </Button>
      </Form.Item>
    </Form>
  );
}
