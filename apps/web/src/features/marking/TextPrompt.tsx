import { Input, Modal } from 'antd';
import { useState } from 'react';

/** The words of a 文字 annotation (at most 50 characters). */
export function TextPrompt(props: { open: boolean; onOk: (text: string) => void; onCancel: () => void }) {
  const [text, setText] = useState('');
  const ok = () => {
    if (!text.trim()) return;
    props.onOk(text.trim());
    setText('');
  };
  return (
    <Modal
      open={props.open}
      title="批注文字"
      okText="添加"
      cancelText="取消"
      okButtonProps={{ disabled: !text.trim() }}
      onOk={ok}
      onCancel={props.onCancel}
      destroyOnHidden
    >
      <Input
        autoFocus
        maxLength={50}
        value={text}
        onChange={(e) => setText(e.target.value)}
        onPressEnter={ok}
      />
    </Modal>
  );
}
