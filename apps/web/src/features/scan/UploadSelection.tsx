import { Button, Space } from 'antd';
import type { ReactNode } from 'react';

/**
 * The bar under an upload's drop zone once files are chosen: what is chosen, 开始上传 and 清空. Shared by the
 * scanned-sheet and the 原卷 uploads; `testId` names the screen (`${testId}-selection`, `-send`, `-clear`).
 */
export function UploadSelection(p: {
  testId: string;
  summary: ReactNode;
  /** 开始上传 refused (a problem with the choice, a send under way, no school …) */
  sendDisabled: boolean;
  /** a send is under way: the choice stays */
  sending: boolean;
  onSend: () => void;
  onClear: () => void;
}) {
  return (
    <Space wrap data-testid={`${p.testId}-selection`}>
      <span>{p.summary}</span>
      <Button type="primary" disabled={p.sendDisabled} onClick={p.onSend} data-testid={`${p.testId}-send`}>
        开始上传
      </Button>
      <Button onClick={p.onClear} disabled={p.sending} data-testid={`${p.testId}-clear`}>
        清空
      </Button>
    </Space>
  );
}
