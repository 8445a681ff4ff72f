import { Modal, Table } from 'antd';
import { SHORTCUTS } from './score-keys';

/** The small table of keys (按 ? 打开). */
export function ShortcutHelp({ open, onClose }: { open: boolean; onClose: () => void }) {
  return (
    <Modal open={open} onCancel={onClose} footer={null} title="快捷键" width={480}>
      <Table
        size="small"
        pagination={false}
        rowKey="key"
        dataSource={SHORTCUTS.map(([key, what]) => ({ key, what }))}
        columns={[
          { title: '按键', dataIndex: 'key', width: 120 },
          { title: '作用', dataIndex: 'what' },
        ]}
      />
    </Modal>
  );
}
