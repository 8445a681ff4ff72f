import { App, Button, Modal, Result, Space, Spin, Tag, Typography } from 'antd';
import dayjs from 'dayjs';
import { useMessageActions, useViewMessage } from './useMessages';

/** Who a message is from, in words. */
export const senderOf = (m: { kind: string; senderName: string | null }) =>
  m.kind === 'system' ? '系统消息' : (m.senderName ?? '未知发送人');

/** Asks before a message leaves the user's list; `onDone` after it left. */
export function useConfirmRemove() {
  const { modal, message } = App.useApp();
  const { remove } = useMessageActions();
  return (id: number, sent: boolean, onDone?: () => void) =>
    modal.confirm({
      title: sent ? '确定撤回这条消息吗？' : '确定删除这条消息吗？',
      content: sent ? '撤回后，所有收件人都将看不到这条消息。' : '删除后，这条消息将从您的消息列表中移除。',
      okText: sent ? '撤回' : '删除',
      okButtonProps: { danger: true },
      cancelText: '取消',
      onOk: async () => {
        await remove.mutateAsync({ id, sent });
        void message.success(sent ? '消息已撤回' : '消息已删除');
        onDone?.();
      },
    });
}

/** One received message opened: it is read from now on; 需确认 asks for 确认; it can be deleted. */
export function MessageDialog({ id, onClose }: { id: number | null; onClose: () => void }) {
  const view = useViewMessage(id);
  const { confirm } = useMessageActions();
  const { message } = App.useApp();
  const askRemove = useConfirmRemove();
  const m = view.data;
  const footer = m && (
    <Space>
      <Button danger onClick={() => askRemove(m.id, false, onClose)} data-testid="message-delete">
        删除
      </Button>
      {m.needConfirm && !m.confirmed && (
        <Button
          type="primary"
          loading={confirm.isPending}
          data-testid="message-confirm"
          onClick={() =>
            confirm.mutate(m.id, {
              onSuccess: () => {
                void message.success('已确认');
                void view.refetch();
              },
            })
          }
        >
          确认收到
        </Button>
      )}
      <Button onClick={onClose}>关闭</Button>
    </Space>
  );
  return (
    <Modal
      open={id !== null}
      onCancel={onClose}
      title={m?.title ?? '消息'}
      footer={footer ?? null}
      width={520}
      destroyOnHidden
    >
      {view.isPending && <Spin style={{ display: 'block', padding: 24 }} />}
      {view.isError && <Result status="warning" title="消息不存在或已被删除" />}
      {m && (
        <div data-testid="message-dialog">
          <Space size={8} wrap style={{ marginBottom: 12 }}>
            <Tag color={m.kind === 'system' ? 'blue' : 'default'}>{senderOf(m)}</Tag>
            <Typography.Text type="secondary">
              {dayjs(m.createdAt).format('YYYY-MM-DD HH:mm')}
            </Typography.Text>
            {m.needConfirm && (
              <Tag color={m.confirmed ? 'success' : 'warning'}>{m.confirmed ? '已确认' : '需要确认'}</Tag>
            )}
          </Space>
          <Typography.Paragraph style={{ whiteSpace: 'pre-wrap', marginBottom: 0 }}>
            {m.content}
          </Typography.Paragraph>
        </div>
      )}
    </Modal>
  );
}
