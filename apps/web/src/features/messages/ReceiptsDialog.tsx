import { useQuery } from '@tanstack/react-query';
import { Modal, Table, Tag } from 'antd';
import dayjs from 'dayjs';
import { receiptsQuery } from './useMessages';

const time = (v: string | null) => (v ? dayjs(v).format('MM-DD HH:mm') : '—');

/** Who read and who confirmed a message the user sent: those who have not first. */
export function ReceiptsDialog({
  id,
  needConfirm,
  onClose,
}: {
  id: number | null;
  needConfirm: boolean;
  onClose: () => void;
}) {
  const q = useQuery({ ...receiptsQuery(id ?? 0), enabled: id !== null });
  return (
    <Modal
      open={id !== null}
      title="阅读与确认情况"
      footer={null}
      onCancel={onClose}
      width={560}
      destroyOnHidden
    >
      <Table
        size="small"
        rowKey="userId"
        loading={q.isPending}
        dataSource={q.data ?? []}
        pagination={{ pageSize: 10, hideOnSinglePage: true }}
        data-testid="message-receipts"
        columns={[
          { title: '姓名', dataIndex: 'name' },
          {
            title: '状态',
            key: 'state',
            render: (_: unknown, r) =>
              r.confirmedAt ? (
                <Tag color="success">已确认</Tag>
              ) : r.readAt ? (
                <Tag color="processing">已读{needConfirm ? '，未确认' : ''}</Tag>
              ) : (
                <Tag>未读</Tag>
              ),
          },
          { title: '阅读时间', dataIndex: 'readAt', render: time },
          ...(needConfirm ? [{ title: '确认时间', dataIndex: 'confirmedAt', render: time }] : []),
        ]}
      />
    </Modal>
  );
}
