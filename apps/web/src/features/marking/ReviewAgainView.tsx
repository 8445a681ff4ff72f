import type { MarkBlockInfo, MarkHistoryItem } from '@yj/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Button, Flex, Result, Spin, Table, Typography } from 'antd';
import { serverPages } from '../../components/paging';
import { useState } from 'react';
import { Link } from 'react-router';
import { NO_SCORE_TIME, ScoreTimeFields, toHistoryQuery, type ScoreTimeFilters } from './HistoryFilters';
import { blockInfoQuery, historyQuery } from './marking.queries';
import { ReviewPaper } from './ReviewPaper';

const SIZE = 20;

function HistoryList({ info }: { info: MarkBlockInfo }) {
  const [page, setPage] = useState(1);
  const [draft, setDraft] = useState<ScoreTimeFilters>(NO_SCORE_TIME);
  const [filters, setFilters] = useState<ScoreTimeFilters>(draft);
  const [openId, setOpenId] = useState<number | null>(null);
  const list = useQuery({
    ...historyQuery(info.blockId, toHistoryQuery(page, SIZE, filters)),
    placeholderData: keepPreviousData,
  });
  const open = list.data?.items.find((i) => i.taskId === openId) ?? null;
  return (
    <Flex vertical gap={12}>
      <Flex gap={8} align="center" wrap>
        <ScoreTimeFields draft={draft} onChange={setDraft} maxScore={info.fullScore} />
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
        pagination={serverPages(page, SIZE, list.data?.total, setPage)}
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
  if (info.isError && !info.data) return <Result status="warning" title="题块信息加载失败" extra={back} />;
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
