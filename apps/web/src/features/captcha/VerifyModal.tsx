import { Modal } from 'antd';
import type { ReactNode } from 'react';
import { MESSAGE_DIALOG_WIDTH } from '../../api/constants';

interface Props {
  title: string;
  /** 确定: submits the form inside */
  onOk: () => void;
  /** 取消: the call gives up */
  onCancel: () => void;
  children: ReactNode;
}

/** The frame of a verification step a failed call asks for (picture captcha, SMS code). */
export function VerifyModal({ title, onOk, onCancel, children }: Props) {
  return (
    <Modal
      open
      title={title}
      width={MESSAGE_DIALOG_WIDTH}
      okText="确定"
      cancelText="取消"
      onOk={onOk}
      onCancel={onCancel}
      destroyOnHidden
    >
      {children}
    </Modal>
  );
}
