import type { MyHistoryItem } from '@yj/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Button, Card, Flex, Input, Result, Select, Spin, Table, Typography } from 'antd';
import { serverPages } from '../../components/paging';
import { useState } from 'react';
import { Link } from 'react-router';
import { blockInfoQuery, myHistoryQuery, reviewTasksQuery } from './marking.queries';
import { ReviewPaper } from './ReviewPaper';
import { paperCode, parsePaperCode } from './paper-code';
import { NO_SCORE_TIME, ScoreTimeFields, toHistoryQuery, type ScoreTimeFilters } from './HistoryFilters';

const SIZE = 20;

interface Filters extends ScoreTimeFilters {
  blockId: number | null;
  /** the 密号 as typed */
  code: string;
}

/** 回评 of one paper of the list: its block's 给分板, loaded when it is opened. */
function OpenPaper({ item }: { item: MyHistoryItem }) {
  const info = useQuery(blockInfoQuery(item.blockId));
  if (info.isPending) return <Spin style={{ display: 'block', margin: 24 }} />;
  if (info.isError && !info.data) return <Result status="warning" title="题块信息加载失败" />;
  return (
    <Card
      size="small"
      title={`回评 · ${item.examName} · ${item.subjectName} · ${item.blockName}`}
      extra={<Link to={`/book/review/again/${item.blockId}`}>该题块全部回评</Link>}
      data-testid="history-paper"
    >
      <ReviewPaper key={item.taskId} info={info.data} item={item} />
    </Card>
  );
}

/** /book/history: my submitted papers across every block, by score and time; a row opens its 回评. */
export function MyHistoryView() {
  const tasks = useQuery(reviewTasksQuery());
  const [page, setPage] = useState(1);
  const empty: Filters = { blockId: null, code: '', ...NO_SCORE_TIME };
  const [draft, setDraft] = useState<Filters>(empty);
  const [filters, setFilters] = useState<Filters>(empty);
  const [openId, setOpenId] = useState<number | null>(null);
  const taskId = parsePaperCode(filters.code);
  const codeWrong = filters.code.trim() !== '' && taskId === null;
  const query = {
    ...toHistoryQuery(page, SIZE, filters),
    ...(filters.blockId ? { blockId: filters.blockId } : {}),
    ...(taskId ? { taskId } : {}),
  };
  const list = useQuery({ ...myHistoryQuery(query), placeholderData: keepPreviousData, enabled: !codeWrong });
  const open = list.data?.items.find((i) => i.taskId === openId) ?? null;
  const blocks = (tasks.data ?? []).filter(
    (t, i, all) => all.findIndex((x) => x.blockId === t.blockId) === i,
  );
  return (
    <Flex vertical gap={12} style={{ padding: 16 }} data-testid="my-history">
      <Flex justify="space-between" align="center">
        <Typography.Title level={4} style={{ margin: 0 }}>
          我的阅卷记录
        </Typography.Title>
        <Link to="/book/review/task">返回阅卷任务</Link>
      </Flex>
      <Flex gap={8} align="center" wrap>
        <span>题块</span>
        <Select
          aria-label="题块"
          allowClear
          placeholder="全部题块"
          style={{ width: 260 }}
          value={draft.blockId}
          onChange={(v?: number) => setDraft({ ...draft, blockId: v ?? null })}
          options={blocks.map((b) => ({
            value: b.blockId,
            label: `${b.examName} · ${b.subjectName} · ${b.blockName}`,
          }))}
        />
        <span>密号</span>
        <Input
          aria-label="密号"
          allowClear
          placeholder="阅卷时试卷上方的号码"
          style={{ width: 150 }}
          value={draft.code}
          onChange={(e) => setDraft({ ...draft, code: e.target.value })}
          status={codeWrong && draft.code === filters.code ? 'error' : undefined}
        />
        <ScoreTimeFields draft={draft} onChange={setDraft} maxScore={1000} />
        <Button
          type="primary"
          onClick={() => {
            setFilters(draft);
            setPage(1);
            setOpenId(null);
          }}
        >
          查询
        </Button>
      </Flex>
      {list.isError ? (
        <Result
          status="warning"
          title="阅卷记录加载失败"
          extra={<Button onClick={() => void list.refetch()}>重试</Button>}
        />
      ) : (
        <Table<MyHistoryItem>
          size="small"
          rowKey="taskId"
          loading={list.isFetching}
          dataSource={codeWrong ? [] : (list.data?.items ?? [])}
          locale={{
            emptyText: codeWrong ? '密号是试卷上方的数字，请检查后再查询' : '没有符合条件的已阅试卷',
          }}
          onRow={(r) => ({ onClick: () => setOpenId(r.taskId), style: { cursor: 'pointer' } })}
          rowClassName={(r) => (r.taskId === openId ? 'ant-table-row-selected' : '')}
          pagination={serverPages(page, SIZE, codeWrong ? 0 : list.data?.total, setPage, {
            showTotal: (n) => `共 ${n} 份`,
          })}
          columns={[
            // the 密号 and a glimpse of the answer find a paper without remembering its score
            {
              title: '密号',
              key: 'code',
              width: 90,
              render: (_, r) => <span data-testid={`code-${r.taskId}`}>{paperCode(r.taskId)}</span>,
            },
            {
              title: '答卷',
              key: 'thumb',
              width: 180,
              render: (_, r) => (
                <img
                  src={r.imageUrl}
                  alt={`密号 ${paperCode(r.taskId)} 的答卷`}
                  loading="lazy"
                  data-testid="history-thumb"
                  // the top of the answer at a readable scale (a whole tall cut shrunk to a row is a grey stripe)
                  style={{
                    display: 'block',
                    width: 160,
                    height: 64,
                    objectFit: 'cover',
                    objectPosition: 'left top',
                    border: '1px solid #f0f0f0',
                  }}
                />
              ),
            },
            { title: '考试', dataIndex: 'examName', key: 'exam' },
            { title: '科目', dataIndex: 'subjectName', key: 'subject' },
            { title: '题块', dataIndex: 'blockName', key: 'block' },
            { title: '得分', dataIndex: 'score', key: 'score' },
            {
              title: '提交时间',
              key: 'at',
              render: (_, r) => new Date(r.submittedAt).toLocaleString('zh-CN', { hour12: false }),
            },
            {
              title: '操作',
              key: 'open',
              render: (_, r) => (
                <a onClick={() => setOpenId(r.taskId)}>{r.editable ? '回评 / 改分' : '查看'}</a>
              ),
            },
          ]}
        />
      )}
      {open && <OpenPaper key={open.taskId} item={open} />}
    </Flex>
  );
}
