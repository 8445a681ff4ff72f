import { Form, Input, Typography } from 'antd';
import { VerifyModal } from './VerifyModal';

interface Props {
  text: string;
  onDone: (code: string | null) => void;
}

/** SMS code dialog for captchaType phoneCaptcha: the server has sent a code to the account's phone. */
export function PhoneCodeDialog({ text, onDone }: Props) {
  const [form] = Form.useForm<{ code: string }>();
  return (
    <VerifyModal title="短信验证" onOk={() => form.submit()} onCancel={() => onDone(null)}>
      <Typography.Paragraph type="secondary">{text}</Typography.Paragraph>
      <Form form={form} onFinish={({ code }) => onDone(code)}>
        <Form.Item
          name="code"
          rules={[{ required: true, pattern: /^\d{6}$/, message: '请输入 6 位短信验证码' }]}
        >
          <Input
            placeholder="6 位短信验证码"
            maxLength={6}
            autoFocus
            inputMode="numeric"
            autoComplete="one-time-code"
          />
        </Form.Item>
      </Form>
    </VerifyModal>
  );
}
