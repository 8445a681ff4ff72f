import type { BlockProgress, LeadMarkerTask } from '@yj/contracts';
import { useQuery } from '@tanstack/react-query';
import { Button, Empty, Popconfirm, Select, Space, Table, Typography } from 'antd';
import { serverPages } from '../../components/paging';
import { useState } from 'react';
import { leadApi } from './lead.api';
import { markerTasksQuery } from './lead.queries';
import { PaperMarksModal } from './PaperMarksModal';
import { timeText as time } from './time';
import { useLeadAction } from './useLeadAction';

const PAGE_SIZE = 20;

/** 打回: pick a marker, see their submitted papers, send chosen ones back to be marked by someone else. */
export function RemarkTab({ blockId, p, canAct }: { blockId: number; p: BlockProgress; canAct: boolean }) {
  const [userId, setUserId] = useState<number | null>(null);
  const [page, setPage] = useState(1);
  const [chosen, setChosen] = useState<number[]>([]);
  const [paperId, setPaperId] = useState<number | null>(null);
  const q = useQuery({
    ...markerTasksQuery(blockId, userId ?? 0, page, PAGE_SIZE),
    enabled: userId !== null,
  });
  const remark = useLeadAction(
    blockId,
    (taskIds: number[]) => leadApi.remark(blockId, taskIds),
    (r) => `已打回 ${r.remarked} 份试卷，将由其他老师重新评阅`,
  );
  const marker = p.markers.find((m) => m.userId === userId);
  return (
    <Space orientation="vertical" size={12} style={{ width: '100%' }}>
      <Space wrap>
        <Typography.Text>阅卷老师</Typography.Text>
        <Select
          style={{ width: 220 }}
          placeholder="请选择阅卷老师"
          value={userId}
          onChange={(v) => {
            setUserId(v);
            setPage(1);
            setChosen([]);
          }}
          options={p.markers.map((m) => ({ value: m.userId, label: `${m.name}（已评 ${m.done}）` }))}
          data-testid="remark-marker"
        />
        {canAct && (
          <Popconfirm
            title={`打回${marker?.name ?? ''}的 ${chosen.length} 份试卷？`}
            description="打回后原评分作废，试卷回到任务池由其他老师重新评阅，最终分将重新计算。"
            okText="打回"
            cancelText="取消"
            disabled={!chosen.length}
            onConfirm={async () => {
              await remark.mutateAsync(chosen);
              setChosen([]);
            }}
          >
            <Button danger disabled={!chosen.length} data-testid="remark-submit">
              打回所选（{chosen.length}）
            </Button>
          </Popconfirm>
        )}
      </Space>
      {userId === null ? (
        <Empty description="选择一位阅卷老师，查看其已评试卷" />
      ) : (
        <Table<LeadMarkerTask>
          rowKey="taskId"
          size="small"
          loading={q.isPending}
          dataSource={q.data?.items ?? []}
          data-testid="remark-list"
          rowSelection={
            canAct ? { selectedRowKeys: chosen, onChange: (keys) => setChosen(keys.map(Number)) } : undefined
          }
          pagination={serverPages(page, PAGE_SIZE, q.data?.total, setPage)}
          locale={{ emptyText: '这位老师还没有提交的试卷' }}
          columns={[
            { title: '任务', dataIndex: 'taskId', width: 90, render: (v: number) => `#${v}` },
            { title: '得分', dataIndex: 'score', width: 80 },
            {
              title: '小题分',
              dataIndex: 'questionScores',
              render: (v: Record<string, number>) =>
                Object.entries(v)
                  .map(([no, s]) => `${no}: ${s}`)
                  .join('，'),
            },
            { title: '提交时间', dataIndex: 'submittedAt', render: time },
            {
              title: '操作',
              width: 110,
              render: (_, t) => (
                <Button type="link" size="small" onClick={() => setPaperId(t.paperId)}>
                  查看试卷
                </Button>
              ),
            },
          ]}
        />
      )}
      <PaperMarksModal paperId={paperId} onClose={() => setPaperId(null)} />
    </Space>
  );
}
