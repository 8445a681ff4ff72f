import { useQueries } from '@tanstack/react-query';
import { App, Button, Image, Table, Tabs, Tag } from 'antd';
import { useState } from 'react';
import { agentApi } from './agent.api';
import { agentExceptionsQuery } from './agent.queries';
import { AGENT_EXCEPTION_LISTS, type AgentExceptionPaper } from './agent.types';

/**
 * The agent's local exception lists (anchor, exam number, duplicate exam number) for this subject: pages to
 * rescan while the sheets are still at the scanner. The platform still recognises and lists them after upload.
 */
export function AgentExceptions({ subjectId }: { subjectId: number }) {
  const { message } = App.useApp();
  const lists = useQueries({
    queries: AGENT_EXCEPTION_LISTS.map((l) => agentExceptionsQuery(l.key, subjectId)),
  });
  const [preview, setPreview] = useState<string | null>(null);

  async function show(p: AgentExceptionPaper) {
    try {
      if (preview) URL.revokeObjectURL(preview);
      setPreview(await agentApi.pageImage(p.imageUrl));
    } catch {
      message.error('无法从扫描客户端读取该页图像');
    }
  }

  return (
    <>
      <Tabs
        size="small"
        data-testid="agent-exceptions"
        items={AGENT_EXCEPTION_LISTS.map((l, i) => {
          const items = lists[i]?.data?.data?.items ?? [];
          return {
            key: l.key,
            label: (
              <span data-testid={`agent-ex-${l.key}`} data-count={items.length}>
                {l.title} {items.length > 0 ? <Tag color="error">{items.length}</Tag> : <Tag>0</Tag>}
              </span>
            ),
            children: (
              <Table<AgentExceptionPaper>
                rowKey="seq"
                size="small"
                dataSource={items}
                loading={lists[i]?.isPending}
                pagination={items.length > 10 ? { pageSize: 10 } : false}
                locale={{ emptyText: `本机没有${l.title}的页面` }}
                columns={[
                  { title: '页序号', dataIndex: 'seq', width: 80 },
                  { title: '文件', dataIndex: 'name', ellipsis: true },
                  { title: '本机批次', dataIndex: 'batchId', width: 90 },
                  { title: '考号', dataIndex: 'examNumber', render: (v: string | null) => v ?? '—' },
                  { title: '原因', dataIndex: 'reason' },
                  {
                    title: '上传',
                    dataIndex: 'uploaded',
                    width: 90,
                    render: (v: boolean) => (v ? <Tag color="success">已上传</Tag> : <Tag>待上传</Tag>),
                  },
                  {
                    title: '图像',
                    key: 'img',
                    width: 80,
                    render: (_: unknown, p) => (
                      <Button size="small" type="link" onClick={() => void show(p)}>
                        查看
                      </Button>
                    ),
                  },
                ]}
              />
            ),
          };
        })}
      />
      {preview && (
        <Image
          style={{ display: 'none' }}
          src={preview}
          preview={{ open: true, onOpenChange: (open) => !open && setPreview(null) }}
        />
      )}
    </>
  );
}
