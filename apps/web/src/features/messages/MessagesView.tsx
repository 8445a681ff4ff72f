import { EditOutlined } from '@ant-design/icons';
import { useQuery, type QueryKey, type UseQueryOptions } from '@tanstack/react-query';
import type { MessageItem, SentMessageItem } from '@yj/contracts';
import { Badge, Button, Card, Flex, Space, Table, Tabs, Tag, Typography, type TableColumnsType } from 'antd';
import dayjs from 'dayjs';
import { useState, type ReactNode } from 'react';
import { MessageDialog, senderOf, useConfirmRemove } from './MessageDialog';
import { ReceiptsDialog } from './ReceiptsDialog';
import { SendMessageDialog } from './SendMessageDialog';
import { audiencesQuery, inboxQuery, sentQuery } from './useMessages';

const PAGE_SIZE = 10;
const when = (v: string) => dayjs(v).format('YYYY-MM-DD HH:mm');

type Page<T> = { total: number; items: T[] };

/** 时间 and 操作, the last columns of both lists: `open` first, then the red link that deletes (撤回 when sent). */
function lastColumns<T extends { id: number; createdAt: string }>(o: {
  opWidth: number;
  open: (m: T) => ReactNode;
  sent: boolean;
  askRemove: (id: number, sent: boolean) => void;
}): TableColumnsType<T> {
  return [
    { title: '时间', dataIndex: 'createdAt', width: 160, render: when },
    {
      title: '操作',
      key: 'op',
      width: o.opWidth,
      render: (_: unknown, m: T) => (
        <Space>
          {o.open(m)}
          <Typography.Link type="danger" onClick={() => o.askRemove(m.id, o.sent)}>
            {o.sent ? '撤回' : '删除'}
          </Typography.Link>
        </Space>
      ),
    },
  ];
}

/** One page of a message list, the pages below it; what went wrong said in the table. */
function PagedTable<T extends { id: number }, P extends Page<T>, K extends QueryKey>(p: {
  query: (page: number, size: number) => UseQueryOptions<P, Error, P, K>;
  columns: TableColumnsType<T>;
  testId: string;
  empty: string;
}) {
  const [page, setPage] = useState(1);
  const q = useQuery(p.query(page, PAGE_SIZE));
  return (
    <Table<T>
      rowKey="id"
      size="middle"
      loading={q.isFetching && !q.data}
      dataSource={q.data?.items ?? []}
      columns={p.columns}
      data-testid={p.testId}
      locale={{ emptyText: q.isError ? '消息加载失败，请稍后刷新' : p.empty }}
      pagination={{
        current: page,
        pageSize: PAGE_SIZE,
        total: q.data?.total ?? 0,
        onChange: setPage,
        hideOnSinglePage: true,
      }}
    />
  );
}

function Inbox() {
  const [viewing, setViewing] = useState<number | null>(null);
  const askRemove = useConfirmRemove();
  const columns: TableColumnsType<MessageItem> = [
    {
      title: '标题',
      dataIndex: 'title',
      render: (title: string, m) => (
        <Space size={6}>
          <Badge status={m.read ? 'default' : 'processing'} />
          <Typography.Link strong={!m.read} onClick={() => setViewing(m.id)}>
            {title}
          </Typography.Link>
        </Space>
      ),
    },
    { title: '发送人', key: 'sender', width: 140, render: (_: unknown, m) => senderOf(m) },
    {
      title: '确认',
      key: 'confirm',
      width: 100,
      render: (_: unknown, m) =>
        m.needConfirm ? (
          <Tag color={m.confirmed ? 'success' : 'warning'}>{m.confirmed ? '已确认' : '待确认'}</Tag>
        ) : (
          '—'
        ),
    },
    ...lastColumns<MessageItem>({
      opWidth: 120,
      open: (m) => <Typography.Link onClick={() => setViewing(m.id)}>查看</Typography.Link>,
      sent: false,
      askRemove,
    }),
  ];
  return (
    <>
      <PagedTable query={inboxQuery} columns={columns} testId="inbox" empty="暂无消息" />
      <MessageDialog id={viewing} onClose={() => setViewing(null)} />
    </>
  );
}

function Sent() {
  const [receipts, setReceipts] = useState<SentMessageItem | null>(null);
  const askRemove = useConfirmRemove();
  const columns: TableColumnsType<SentMessageItem> = [
    { title: '标题', dataIndex: 'title', ellipsis: true },
    { title: '发送给', dataIndex: 'audience', ellipsis: true },
    {
      title: '已读 / 确认',
      key: 'read',
      width: 150,
      render: (_: unknown, m) =>
        `已读 ${m.read}/${m.recipients}` + (m.needConfirm ? `，确认 ${m.confirmed}/${m.recipients}` : ''),
    },
    ...lastColumns<SentMessageItem>({
      opWidth: 150,
      open: (m) => (
        <Typography.Link onClick={() => setReceipts(m)} data-testid={`receipts-${m.id}`}>
          {m.needConfirm ? '确认情况' : '阅读情况'}
        </Typography.Link>
      ),
      sent: true,
      askRemove,
    }),
  ];
  return (
    <>
      <PagedTable query={sentQuery} columns={columns} testId="sent" empty="还没有发送过消息" />
      <ReceiptsDialog
        id={receipts?.id ?? null}
        needConfirm={receipts?.needConfirm ?? false}
        onClose={() => setReceipts(null)}
      />
    </>
  );
}

/** /book/messages: the user's messages; who may write to a group writes here and follows what they sent. */
export function MessagesView() {
  const audiences = useQuery(audiencesQuery).data;
  const canSend = Boolean(
    audiences && (audiences.exams.length || audiences.blocks.length || audiences.schools.length),
  );
  const [writing, setWriting] = useState(false);
  return (
    <Card>
      <Flex justify="space-between" align="center" style={{ marginBottom: 8 }}>
        <Typography.Title level={4} style={{ margin: 0 }}>
          消息中心
        </Typography.Title>
        {canSend && (
          <Button
            type="primary"
            icon={<EditOutlined />}
            onClick={() => setWriting(true)}
            data-testid="message-write"
          >
            写消息
          </Button>
        )}
      </Flex>
      <Tabs
        items={[
          { key: 'inbox', label: '收到的消息', children: <Inbox /> },
          ...(canSend ? [{ key: 'sent', label: '我发送的', children: <Sent /> }] : []),
        ]}
      />
      {audiences && canSend && (
        <SendMessageDialog open={writing} audiences={audiences} onClose={() => setWriting(false)} />
      )}
    </Card>
  );
}
