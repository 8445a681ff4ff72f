import { Form, Modal, type FormInstance, type FormProps } from 'antd';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useFormDialogGuard } from '../app/useDialogGuard';

/** The save a form sends: its values go to `mutate`, and while it runs the button spins. */
interface Saving<V> {
  isPending: boolean;
  mutate: (values: V) => void;
}

/**
 * Either `save` (the mutation the form's values go to) or `pending` (the save is on its way: the button spins
 * and a second press does nothing) with `onFinish`.
 */
type Sends<V> = { save: Saving<V> } | { pending: boolean; onFinish: (values: V) => void };

type Props<V> = Sends<V> & {
  open: boolean;
  title: ReactNode;
  /** the confirming button's words, e.g. 保存 / 创建 / 确认调整 */
  okText: string;
  /** a red confirming button (an act that marks or removes) */
  okDanger?: boolean;
  /** the confirming button greyed out (nothing may be saved) */
  okDisabled?: boolean;
  form: FormInstance<V>;
  onCancel: () => void;
  /** the modal is destroyed when hidden, so these apply afresh each time it opens */
  initialValues?: FormProps<V>['initialValues'];
  /** the asterisk beside required labels (off: our forms say what is needed in the message) */
  requiredMark?: boolean;
  width?: number;
  /** a line above the form */
  intro?: ReactNode;
  children: ReactNode;
};

/**
 * Starts the form again from its initial values when the dialog is opened again before its Form was destroyed
 * (reopened during the closing animation). A Form mounted afresh starts from them already, and a reset there
 * would wipe values its owner set on opening, before the Form was mounted.
 */
function ResetOnReopen<V>({ form, opening }: { form: FormInstance<V>; opening: number }) {
  const seen = useRef(opening);
  useEffect(() => {
    if (seen.current === opening) return;
    seen.current = opening;
    form.resetFields();
  }, [form, opening]);
  return null;
}

/**
 * A dialog holding one vertical form: 取消 closes it (asking first when the form was changed, not at all while
 * it saves), the confirming button submits the form (its rules checked first), and it is destroyed when
 * hidden so every opening starts from `initialValues`.
 */
export function FormModal<V>(p: Props<V>) {
  const pending = 'save' in p ? p.save.isPending : p.pending;
  const onFinish = 'save' in p ? (v: V) => p.save.mutate(v) : p.onFinish;
  const guard = useFormDialogGuard(p.form, { open: p.open, saving: pending, onClose: p.onCancel });
  // counts the openings, so a Form that outlived a closing can tell it was opened again
  const [opening, setOpening] = useState(0);
  const [wasOpen, setWasOpen] = useState(p.open);
  if (p.open !== wasOpen) {
    setWasOpen(p.open);
    if (p.open) setOpening(opening + 1);
  }
  return (
    <Modal
      open={p.open}
      title={p.title}
      okText={p.okText}
      okButtonProps={{ danger: p.okDanger, disabled: p.okDisabled }}
      cancelText="取消"
      confirmLoading={pending}
      cancelButtonProps={{ disabled: pending }}
      onOk={() => p.form.submit()}
      onCancel={guard.close}
      width={p.width}
      destroyOnHidden
    >
      {guard.leaveGuard}
      {p.intro}
      <Form<V>
        // the form instance outlives its Form: what this opening held is not the next one's start
        clearOnDestroy
        form={p.form}
        layout="vertical"
        requiredMark={p.requiredMark ?? false}
        initialValues={p.initialValues}
        onFinish={onFinish}
      >
        <ResetOnReopen form={p.form} opening={opening} />
        {p.children}
      </Form>
    </Modal>
  );
}
