import { Alert, Button, Input, Modal, Typography } from 'antd';
import { useState } from 'react';

interface Props {
  /** 学生 / 老师 */
  what: string;
  total: number;
  schoolName: string;
  pending: boolean;
  onConfirm: (typedName: string) => Promise<unknown>;
}

/** 删除全部: the admin must type the school's exact name, so a slip of the mouse deletes nothing. */
export function DeleteAllButton({ what, total, schoolName, pending, onConfirm }: Props) {
  const [open, setOpen] = useState(false);
  const [typed, setTyped] = useState('');
  const close = () => {
    setOpen(false);
    setTyped('');
  };
  return (
    <>
      <Button danger disabled={total === 0} onClick={() => setOpen(true)}>
        删除全部{what}
      </Button>
      <Modal
        open={open}
        title={`删除全部${what}`}
        okText="我已了解后果，删除全部"
        okButtonProps={{ danger: true, disabled: typed.trim() !== schoolName }}
        cancelText="取消"
        confirmLoading={pending}
        onCancel={close}
        onOk={() => void onConfirm(typed.trim()).then(close, () => undefined)}
        destroyOnHidden
      >
        <Alert
          type="error"
          showIcon
          title={`将删除本校全部 ${total} 名${what}，删除后不能在此恢复。`}
          description={
            what === '学生'
              ? '已参加考试的成绩记录会保留，但这些学生不再出现在名单中。'
              : what === '老师'
                ? '老师的账号保留，但不再属于本校，也不能再被分配本校的阅卷任务。'
                : '只删除升学去向中的记录，学生名单和历次成绩不受影响。'
          }
          style={{ marginBottom: 16 }}
        />
        <Typography.Paragraph>
          请输入学校名称{' '}
          <Typography.Text strong copyable={false}>
            {schoolName}
          </Typography.Text>{' '}
          以确认：
        </Typography.Paragraph>
        <Input
          value={typed}
          onChange={(e) => setTyped(e.target.value)}
          placeholder={schoolName}
          aria-label="输入学校名称以确认"
          autoComplete="off"
        />
      </Modal>
    </>
  );
}
