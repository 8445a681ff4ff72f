import { ReloadOutlined } from '@ant-design/icons';
import { Alert, Button, Form, Input, Space, Typography } from 'antd';
import { useState } from 'react';
import { authApi } from '../auth/auth.api';
import type { CaptchaAnswer } from './captcha-store';
import { VerifyModal } from './VerifyModal';

interface Props {
  text: string;
  /** whether the text warns above the picture (not when it only asks for the captcha) */
  warn: boolean;
  url: string;
  verifyKey: string;
  onDone: (answer: CaptchaAnswer | null) => void;
}

/** Picture captcha: shown when a failed call's data carries an image data url. */
export function PictureCaptchaDialog({ text, warn, url, verifyKey, onDone }: Props) {
  const [image, setImage] = useState({ url, verifyKey });
  const [refreshing, setRefreshing] = useState(false);
  const [form] = Form.useForm<{ captcha: string }>();

  const refresh = async (): Promise<void> => {
    setRefreshing(true);
    try {
      setImage(await authApi.refreshCaptcha(image.verifyKey));
      form.resetFields();
    } catch {
      // Keep the old picture; the user can still try it or cancel.
    } finally {
      setRefreshing(false);
    }
  };

  const submit = ({ captcha }: { captcha: string }): void =>
    onDone({ verifyKey: image.verifyKey, captcha: captcha.trim() });

  return (
    <VerifyModal title="请输入图形验证码" onOk={() => form.submit()} onCancel={() => onDone(null)}>
      {warn && <Alert type="warning" showIcon title={text} style={{ marginBottom: 12 }} />}
      <Typography.Paragraph type="secondary">为保障账号安全，请输入下图中的字符后继续。</Typography.Paragraph>
      <Form form={form} onFinish={submit} layout="vertical">
        <Space align="center" style={{ marginBottom: 12 }}>
          <img
            src={image.url}
            alt="图形验证码"
            data-testid="captcha-image"
            style={{ height: 48, border: '1px solid #e5e6eb', borderRadius: 4 }}
          />
          <Button type="link" icon={<ReloadOutlined />} loading={refreshing} onClick={() => void refresh()}>
            看不清，换一张
          </Button>
        </Space>
        <Form.Item name="captcha" rules={[{ required: true, whitespace: true, message: '请输入图形验证码' }]}>
          <Input placeholder="图形验证码" maxLength={16} autoFocus autoComplete="off" />
        </Form.Item>
      </Form>
    </VerifyModal>
  );
}
