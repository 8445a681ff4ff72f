import { PROBLEM_REASON_LABELS, problemReason, type ProblemReason } from '@yj/contracts';
import { Form, Input, Modal, Radio } from 'antd';
import { useState } from 'react';
import { useDialogGuard } from '../../app/useDialogGuard';

/** 问题卷: why the paper cannot be marked; it then goes to the 题组长. */
export function ProblemDialog(props: {
  open: boolean;
  onCancel: () => void;
  onOk: (reason: ProblemReason, note: string) => Promise<unknown>;
}) {
  const [reason, setReason] = useState<ProblemReason>('unclear');
  const [note, setNote] = useState('');
  const [busy, setBusy] = useState(false);
  const guard = useDialogGuard({
    open: props.open,
    dirty: reason !== 'unclear' || note.trim() !== '',
    saving: busy,
    onClose: props.onCancel,
  });
  const ok = async () => {
    setBusy(true);
    try {
      await props.onOk(reason, note.trim());
      setNote('');
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal
      open={props.open}
      title="标记问题卷"
      okText="提交问题卷"
      cancelText="取消"
      confirmLoading={busy}
      onOk={() => void ok().catch(() => undefined)}
      onCancel={guard.close}
      cancelButtonProps={{ disabled: busy }}
      destroyOnHidden
    >
      {guard.leaveGuard}
      <Form layout="vertical">
        <Form.Item label="原因">
          <Radio.Group value={reason} onChange={(e) => setReason(e.target.value as ProblemReason)}>
            {problemReason.options.map((r) => (
              <Radio key={r} value={r}>
                {PROBLEM_REASON_LABELS[r]}
              </Radio>
            ))}
          </Radio.Group>
        </Form.Item>
        <Form.Item label="说明（可不填）">
          <Input.TextArea value={note} maxLength={200} rows={3} onChange={(e) => setNote(e.target.value)} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
