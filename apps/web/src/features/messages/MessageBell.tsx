import { BellOutlined } from '@ant-design/icons';
import type { MessageItem } from '@yj/contracts';
import { Badge, Button, Empty, List, Popover, Spin, Tag, Typography } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { Link } from 'react-router';
import { MessageDialog, senderOf } from './MessageDialog';
import { useLatestMessages, useUnreadCount } from './useMessages';

function MessageRow({ item, onOpen }: { item: MessageItem; onOpen: (id: number) => void }) {
  return (
    <List.Item
      style={{ cursor: 'pointer', padding: '10px 4px' }}
      onClick={() => onOpen(item.id)}
      data-testid="message-item"
    >
      <List.Item.Meta
        avatar={<Badge status={item.read ? 'default' : 'processing'} />}
        title={
          <Typography.Text strong={!item.read} type={item.read ? 'secondary' : undefined}>
            {item.title}
            {item.needConfirm && !item.confirmed && (
              <Tag color="warning" style={{ marginLeft: 6 }}>
                需确认
              </Tag>
            )}
          </Typography.Text>
        }
        description={
          <>
            <Typography.Paragraph ellipsis={{ rows: 2 }} style={{ marginBottom: 2 }} type="secondary">
              {item.content}
            </Typography.Paragraph>
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {senderOf(item)} · {dayjs(item.createdAt).format('YYYY-MM-DD HH:mm')}
            </Typography.Text>
          </>
        }
      />
    </List.Item>
  );
}

function MessageList({ open, onOpen }: { open: boolean; onOpen: (id: number) => void }) {
  const list = useLatestMessages(open);
  if (list.isPending) return <Spin style={{ display: 'block', padding: 24 }} />;
  if (list.isError && !list.data)
    return <Typography.Text type="secondary">消息加载失败，请稍后再试。</Typography.Text>;
  if (list.data.items.length === 0)
    return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="暂无消息" />;
  return (
    <List
      size="small"
      dataSource={list.data.items}
      rowKey="id"
      style={{ maxHeight: 360, overflowY: 'auto' }}
      renderItem={(item) => <MessageRow item={item} onOpen={onOpen} />}
    />
  );
}

/** Unread badge (never below 0) with the latest messages in a popover; a message opens in a dialog. */
export function MessageBell() {
  const count = useUnreadCount();
  const [open, setOpen] = useState(false);
  const [viewing, setViewing] = useState<number | null>(null);
  return (
    <>
      <Popover
        trigger="click"
        placement="bottomRight"
        open={open}
        onOpenChange={setOpen}
        title="消息通知"
        content={
          <div style={{ width: 340 }} data-testid="message-popover">
            <MessageList
              open={open}
              onOpen={(id) => {
                setOpen(false);
                setViewing(id);
              }}
            />
            <div style={{ textAlign: 'center', borderTop: '1px solid rgba(5,5,5,0.06)', paddingTop: 8 }}>
              <Link to="/book/messages" onClick={() => setOpen(false)} data-testid="all-messages">
                查看全部消息
              </Link>
            </div>
          </div>
        }
      >
        <Badge count={count} size="small" offset={[-4, 4]} data-testid="unread-badge">
          <Button
            type="text"
            shape="circle"
            icon={<BellOutlined />}
            aria-label={count > 0 ? `消息，${count} 条未读` : '消息'}
          />
        </Badge>
      </Popover>
      <MessageDialog id={viewing} onClose={() => setViewing(null)} />
    </>
  );
}
