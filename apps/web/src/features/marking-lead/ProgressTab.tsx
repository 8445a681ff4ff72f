import type { BlockProgress } from '@yj/contracts';
import { Button, Card, Col, Popconfirm, Progress, Row, Statistic, Table, Typography } from 'antd';
import { leadApi } from './lead.api';
import { useLeadAction } from './useLeadAction';
import { BlockProgressBar } from '../../components/BlockProgressBar';

type Marker = BlockProgress['markers'][number];

export const percent = (done: number, total: number): number =>
  total > 0 ? Math.floor((done / total) * 1000) / 10 : 0;

/** 进度: the block's counts, then each marker's done, quota, speed and mean, with 收回 of claimed papers. */
export function ProgressTab({ blockId, p, canAct }: { blockId: number; p: BlockProgress; canAct: boolean }) {
  const recall = useLeadAction(
    blockId,
    (userId: number) => leadApi.recall(blockId, userId),
    (r) => (r.recalled ? `已收回 ${r.recalled} 份试卷` : '该老师没有领取中的试卷'),
  );
  return (
    <>
      <Card size="small">
        <Row gutter={24}>
          <Col span={6}>
            <Statistic title="已出分 / 试卷" value={p.decided} suffix={`/ ${p.papers}`} />
            <BlockProgressBar
              size="small"
              done={p.decided}
              total={p.papers}
              parts={p.parts}
              testId={`block-progress-${p.blockId}`}
            />
          </Col>
          <Col span={6}>
            <Statistic title="已评任务 / 总任务" value={p.tasks.submitted} suffix={`/ ${p.tasks.total}`} />
            <Progress percent={percent(p.tasks.submitted, p.tasks.total)} size="small" />
          </Col>
          <Col span={4}>
            <Statistic title="领取中" value={p.tasks.leased} />
          </Col>
          <Col span={4}>
            <Statistic title="问题卷" value={p.tasks.problem} />
          </Col>
          <Col span={4}>
            <Statistic title="待仲裁" value={p.arbitration.waiting} />
          </Col>
        </Row>
      </Card>
      <Table<Marker>
        rowKey="userId"
        size="small"
        style={{ marginTop: 16 }}
        dataSource={p.markers}
        pagination={false}
        locale={{ emptyText: '还没有分配阅卷老师' }}
        data-testid="lead-markers"
        columns={[
          { title: '阅卷老师', dataIndex: 'name' },
          {
            title: '已评 / 任务量',
            render: (_, m) => (m.quota === null ? `${m.done}` : `${m.done} / ${m.quota}`),
          },
          {
            title: '近一小时速度',
            dataIndex: 'perHour',
            render: (v: number) => `${v} 份/小时`,
          },
          { title: '领取中', dataIndex: 'leased', render: (v: number | undefined) => v ?? 0 },
          {
            title: '平均分',
            dataIndex: 'mean',
            render: (v: number | null) =>
              v === null ? <Typography.Text type="secondary">—</Typography.Text> : v,
          },
          ...(canAct
            ? [
                {
                  title: '操作',
                  width: 120,
                  render: (_: unknown, m: Marker) =>
                    (m.leased ?? 0) > 0 && (
                      <Popconfirm
                        title={`收回${m.name}已领取未提交的 ${m.leased} 份试卷？`}
                        description="收回后这些试卷回到任务池，由其他老师继续评阅。"
                        okText="收回"
                        cancelText="取消"
                        onConfirm={() => recall.mutateAsync(m.userId)}
                      >
                        <Button size="small" data-testid={`recall-${m.userId}`}>
                          收回试卷
                        </Button>
                      </Popconfirm>
                    ),
                },
              ]
            : []),
        ]}
      />
    </>
  );
}
