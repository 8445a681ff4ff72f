import type { MarkBlockInfo, MarkHistoryItem } from '@yj/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Button, DatePicker, Flex, InputNumber, Result, Spin, Table, Typography } from 'antd';
import type { Dayjs } from 'dayjs';
import { useState } from 'react';
import { Link } from 'react-router';
import type { HistoryQuery } from './marking.api';
import { blockInfoQuery, historyQuery } from './marking.queries';
import { ReviewPaper } from './ReviewPaper';

const SIZE = 20;

interface Filters {
  minScore: number | null;
  maxScore: number | null;
  range: [Dayjs | null, Dayjs | null] | null;
}

/** The history query of the filters: the time range covers the whole of its last day. */
export function toHistoryQuery(page: number, f: Filters): HistoryQuery {
  const q: HistoryQuery = { page, size: SIZE };
  if (f.minScore !== null) q.minScore = f.minScore;
  if (f.maxScore !== null) q.maxScore = f.maxScore;
  if (f.range?.[0]) q.from = f.range[0].startOf('day').toISOString();
  if (f.range?.[1]) q.to = f.range[1].endOf('day').toISOString();
  return q;
}

function HistoryList({ info }: { info: MarkBlockInfo }) {
  const [page, setPage] = useState(1);
  const [draft, setDraft] = useState<Filters>({ minScore: null, maxScore: null, range: null });
  const [filters, setFilters] = useState<Filters>(draft);
  const [openId, setOpenId] = useState<number | null>(null);
  const list = useQuery({
    ...historyQuery(info.blockId, toHistoryQuery(page, filters)),
    placeholderData: keepPreviousData,
  });
  const open = list.data?.items.find((i) => i.taskId === openId) ?? null;
  return (
    <Flex vertical gap={12}>
      <Flex gap={8} align="center" wrap>
        <span>得分</span>
        <InputNumber
          aria-label="最低分"
          min={0}
          max={info.fullScore}
          value={draft.minScore}
          onChange={(v) => setDraft({ ...draft, minScore: v })}
        />
        <span>至</span>
        <InputNumber
          aria-label="最高分"
          min={0}
          max={info.fullScore}
          value={draft.maxScore}
          onChange={(v) => setDraft({ ...draft, maxScore: v })}
        />
        <span>提交时间</span>
        <DatePicker.RangePicker value={draft.range} onChange={(r) => setDraft({ ...draft, range: r })} />
        <Button
          type="primary"
          onClick={() => {
            setFilters(draft);
            setPage(1);
          }}
        >
          查询
        </Button>
      </Flex>
      <Table<MarkHistoryItem>
        size="small"
        rowKey="taskId"
        loading={list.isFetching}
        dataSource={list.data?.items ?? []}
        locale={{ emptyText: '没有符合条件的已阅试卷' }}
        onRow={(r) => ({ onClick: () => setOpenId(r.taskId), style: { cursor: 'pointer' } })}
        rowClassName={(r) => (r.taskId === openId ? 'ant-table-row-selected' : '')}
        pagination={{
          current: page,
          pageSize: SIZE,
          total: list.data?.total ?? 0,
          onChange: setPage,
          showSizeChanger: false,
        }}
        columns={[
          { title: '提交时间', key: 'at', render: (_, r) => new Date(r.submittedAt).toLocaleString('zh-CN') },
          { title: '得分', dataIndex: 'score', key: 'score' },
          {
            title: '各题得分',
            key: 'questions',
            render: (_, r) =>
              Object.entries(r.questionScores)
                .map(([no, s]) => `${no}：${s}`)
                .join('，'),
          },
          {
            title: '操作',
            key: 'open',
            render: (_, r) => (
              <a onClick={() => setOpenId(r.taskId)}>{r.editable ? '查看 / 改分' : '查看'}</a>
            ),
          },
        ]}
      />
      {open && <ReviewPaper key={open.taskId} info={info} item={open} />}
    </Flex>
  );
}

/** review/again/{blockId}: 回评, my submitted papers of a block. */
export function ReviewAgainView({ blockId }: { blockId: number }) {
  const info = useQuery(blockInfoQuery(blockId));
  const back = <Link to="/book/review/task">返回阅卷任务</Link>;
  if (info.isPending) return <Spin style={{ display: 'block', margin: 48 }} />;
  if (info.isError) return <Result status="warning" title="题块信息加载失败" extra={back} />;
  return (
    <Flex vertical gap={12} style={{ padding: 16 }}>
      <Flex justify="space-between" align="center">
        <Typography.Title level={4} style={{ margin: 0 }}>
          回评 · {info.data.examName} · {info.data.subjectName} · {info.data.blockName}
        </Typography.Title>
        {back}
      </Flex>
      <HistoryList info={info.data} />
    </Flex>
  );
}
