import { Form, Input, Modal, Typography } from 'antd';
import { MESSAGE_DIALOG_WIDTH } from '../../api/constants';

interface Props {
  text: string;
  onDone: (code: string | null) => void;
}

/** SMS code dialog for captchaType phoneCaptcha: the server has sent a code to the account's phone. */
export function PhoneCodeDialog({ text, onDone }: Props) {
  const [form] = Form.useForm<{ code: string }>();
  return (
    <Modal
      open
      title="短信验证"
      width={MESSAGE_DIALOG_WIDTH}
      okText="确定"
      cancelText="取消"
      onOk={() => form.submit()}
      onCancel={() => onDone(null)}
      destroyOnHidden
    >
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
    </Modal>
  );
}
