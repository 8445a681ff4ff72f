import { BellOutlined } from '@ant-design/icons';
import type { MessageItem } from '@yj/contracts';
import { Badge, Button, Empty, List, Popover, Spin, Typography } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useLatestMessages, useMarkRead, useUnreadCount } from './useMessages';

function MessageRow({ item, onRead }: { item: MessageItem; onRead: (id: number) => void }) {
  return (
    <List.Item
      style={{ cursor: item.read ? 'default' : 'pointer', padding: '10px 4px' }}
      onClick={() => !item.read && onRead(item.id)}
      data-testid="message-item"
    >
      <List.Item.Meta
        avatar={<Badge status={item.read ? 'default' : 'processing'} />}
        title={
          <Typography.Text strong={!item.read} type={item.read ? 'secondary' : undefined}>
            {item.title}
          </Typography.Text>
        }
        description={
          <>
            <Typography.Paragraph ellipsis={{ rows: 2 }} style={{ marginBottom: 2 }} type="secondary">
              {item.content}
            </Typography.Paragraph>
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {dayjs(item.createdAt).format('YYYY-MM-DD HH:mm')}
              {!item.read && ' · 点击标记为已读'}
            </Typography.Text>
          </>
        }
      />
    </List.Item>
  );
}

function MessageList({ open }: { open: boolean }) {
  const list = useLatestMessages(open);
  const markRead = useMarkRead();
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
      renderItem={(item) => <MessageRow item={item} onRead={(id) => markRead.mutate(id)} />}
    />
  );
}

/** Unread badge (never below 0) with the latest messages in a popover. */
export function MessageBell() {
  const count = useUnreadCount();
  const [open, setOpen] = useState(false);
  return (
    <Popover
      trigger="click"
      placement="bottomRight"
      open={open}
      onOpenChange={setOpen}
      title="消息通知"
      content={
        <div style={{ width: 320 }}>
          <MessageList open={open} />
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
  );
}
