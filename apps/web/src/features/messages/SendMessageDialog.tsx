import type { MessageAudiences } from '@yj/contracts';
import { App, Checkbox, Form, Input, Modal, Radio, Select, type ButtonProps } from 'antd';
import { useState } from 'react';
import { useFormDialogGuard } from '../../app/useDialogGuard';
import { useExclusive } from '../../app/useExclusive';
import type { MessageTarget } from './messages.api';
import { useMessageActions } from './useMessages';

type Kind = MessageTarget['kind'];
const KIND_LABELS: Record<Kind, string> = { exam: '考试全体人员', block: '题块阅卷老师', school: '全校老师' };

interface Values {
  kind: Kind;
  target: number;
  title: string;
  content: string;
  needConfirm: boolean;
}

/** The groups of each kind the user may write to, as select options. */
function optionsOf(a: MessageAudiences, kind: Kind) {
  if (kind === 'exam') return a.exams.map((e) => ({ value: e.examId, label: e.name }));
  if (kind === 'block')
    return a.blocks.map((b) => ({ value: b.blockId, label: `${b.examName} · ${b.subjectName} · ${b.name}` }));
  return a.schools.map((s) => ({ value: s.schoolId, label: s.name }));
}

const targetOf = (kind: Kind, id: number): MessageTarget =>
  kind === 'exam' ? { kind, examId: id } : kind === 'block' ? { kind, blockId: id } : { kind, schoolId: id };

/** 写消息: to one group the user may write to; 发送 sends once however often it is clicked. */
export function SendMessageDialog({
  open,
  audiences,
  onClose,
}: {
  open: boolean;
  audiences: MessageAudiences;
  onClose: () => void;
}) {
  const [form] = Form.useForm<Values>();
  const { send } = useMessageActions();
  const { message } = App.useApp();
  const kinds = (['exam', 'block', 'school'] as const).filter((k) => optionsOf(audiences, k).length > 0);
  const [kind, setKind] = useState<Kind>(kinds[0] ?? 'exam');
  // a second click while the first is sending is ignored (the ref answers before React re-renders)
  const { busy, run } = useExclusive();
  // the form instance outlives the dialog: a closed dialog leaves nothing for the next message
  const close = () => {
    form.resetFields();
    setKind(kinds[0] ?? 'exam');
    onClose();
  };
  const guard = useFormDialogGuard(form, { open, saving: busy, onClose: close });
  const submit = (v: Values) =>
    run(async () => {
      const r = await send.mutateAsync({
        to: targetOf(v.kind, v.target),
        body: { title: v.title, content: v.content, needConfirm: v.needConfirm },
      });
      void message.success(`消息已发送给 ${r.recipients} 人`);
      close();
    });
  return (
    <Modal
      open={open}
      title="写消息"
      okText="发送"
      cancelText="取消"
      onCancel={guard.close}
      cancelButtonProps={{ disabled: busy }}
      onOk={() => form.submit()}
      okButtonProps={{ loading: busy, 'data-testid': 'message-send' } as ButtonProps}
      width={560}
      destroyOnHidden
    >
      {guard.leaveGuard}
      <Form<Values>
        form={form}
        layout="vertical"
        initialValues={{ kind: kinds[0], needConfirm: false }}
        onFinish={(v) => void submit(v).catch(() => undefined)}
        data-testid="message-form"
      >
        <Form.Item name="kind" label="发送给">
          <Radio.Group
            onChange={(e) => {
              setKind(e.target.value as Kind);
              form.setFieldValue('target', undefined);
            }}
            options={kinds.map((k) => ({ value: k, label: KIND_LABELS[k] }))}
          />
        </Form.Item>
        <Form.Item name="target" label="选择" rules={[{ required: true, message: '请选择发送对象' }]}>
          <Select
            showSearch={{ optionFilterProp: 'label' }}
            placeholder="请选择"
            options={optionsOf(audiences, kind)}
            data-testid="message-target"
          />
        </Form.Item>
        <Form.Item
          name="title"
          label="标题"
          rules={[{ required: true, whitespace: true, message: '请填写标题' }]}
        >
          <Input maxLength={50} showCount placeholder="例如：阅卷安排" data-testid="message-title" />
        </Form.Item>
        <Form.Item
          name="content"
          label="内容"
          rules={[{ required: true, whitespace: true, message: '请填写内容' }]}
        >
          <Input.TextArea rows={5} maxLength={1000} showCount data-testid="message-content" />
        </Form.Item>
        <Form.Item name="needConfirm" valuePropName="checked" style={{ marginBottom: 0 }}>
          <Checkbox data-testid="message-need-confirm">需要收件人确认（可查看谁已确认）</Checkbox>
        </Form.Item>
      </Form>
    </Modal>
  );
}
