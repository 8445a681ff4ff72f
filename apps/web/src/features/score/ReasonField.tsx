import { Form, Input } from 'antd';
import { requiredText } from '../../components/form-rules';

/** The reason a change of a score keeps (调整, 违纪): required, at most 200 characters. */
export function ReasonField(p: { label: string; placeholder: string; extra?: string }) {
  return (
    <Form.Item
      name="reason"
      label={p.label}
      extra={p.extra}
      rules={requiredText(`请填写${p.label}`, 200, '不能超过 200 字')}
    >
      <Input.TextArea rows={3} maxLength={200} placeholder={p.placeholder} aria-label={p.label} />
    </Form.Item>
  );
}
