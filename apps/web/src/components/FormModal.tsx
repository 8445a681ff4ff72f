import { Form, Modal, type FormInstance, type FormProps } from 'antd';
import type { ReactNode } from 'react';

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
 * A dialog holding one vertical form: 取消 closes it, the confirming button submits the form (its rules
 * checked first), and it is destroyed when hidden so every opening starts from `initialValues`.
 */
export function FormModal<V>(p: Props<V>) {
  const pending = 'save' in p ? p.save.isPending : p.pending;
  const onFinish = 'save' in p ? (v: V) => p.save.mutate(v) : p.onFinish;
  return (
    <Modal
      open={p.open}
      title={p.title}
      okText={p.okText}
      okButtonProps={p.okDanger ? { danger: true } : undefined}
      cancelText="取消"
      confirmLoading={pending}
      onOk={() => p.form.submit()}
      onCancel={p.onCancel}
      width={p.width}
      destroyOnHidden
    >
      {p.intro}
      <Form<V>
        form={p.form}
        layout="vertical"
        requiredMark={p.requiredMark ?? false}
        initialValues={p.initialValues}
        onFinish={onFinish}
      >
        {p.children}
      </Form>
    </Modal>
  );
}
