import {
  PROBLEM_REASON_LABELS,
  PROBLEM_RESOLUTION_LABELS,
  type LeadBlockInfo,
  type LeadProblemItem,
} from '@yj/contracts';
import { useQuery } from '@tanstack/react-query';
import {
  Button,
  Card,
  Col,
  Descriptions,
  Empty,
  Input,
  Popconfirm,
  Row,
  Segmented,
  Space,
  Table,
  Tag,
  Typography,
} from 'antd';
import { serverPages } from '../../components/paging';
import { useState } from 'react';
import { leadApi, type ProblemState, type QuestionScore } from './lead.api';
import { problemsQuery } from './lead.queries';
import { ScoreDialog } from './ScoreDialog';
import { TaskImage } from './TaskImage';
import { WholePaper } from './WholePaper';
import { timeText as time } from './time';
import { useLeadAction } from './useLeadAction';

/** Where a settled problem paper is now. */
function settledTag(x: LeadProblemItem) {
  const r = x.problem.resolution;
  if (!r) return <Tag color="error">待处理</Tag>;
  if (r === 'scan')
    return x.scanException?.resolved ? (
      <Tag color="success">扫描已处理</Tag>
    ) : (
      <Tag color="warning">等待扫描处理</Tag>
    );
  return <Tag color="success">{PROBLEM_RESOLUTION_LABELS[r]}</Tag>;
}

/** The two ways a problem paper is handed on, each asked first: back to the pool, or to the scanning staff. */
const HAND_ON = {
  back: {
    title: '退回任务池？',
    okText: '退回',
    description: '试卷回到任务池，由其他老师评阅（不会再分给提交问题卷的老师）。',
  },
  scan: {
    title: '转为扫描问题？',
    okText: '转扫描问题',
    description: '扫描人员会在“主观题异常”中看到这张答题卡，处理后试卷自动回到任务池。',
  },
} as const;

function HandOn({ to, onConfirm }: { to: keyof typeof HAND_ON; onConfirm: () => Promise<unknown> }) {
  const { title, okText, description } = HAND_ON[to];
  return (
    <Popconfirm
      title={title}
      description={description}
      okText={okText}
      cancelText="取消"
      onConfirm={onConfirm}
    >
      <Button data-testid={`problem-${to}`}>{okText}</Button>
    </Popconfirm>
  );
}

/** One problem paper: image, why it was flagged, and the leader's three ways to settle it. */
function ProblemPanel({
  info,
  item,
  canAct,
  onWhole,
}: {
  info: LeadBlockInfo;
  item: LeadProblemItem;
  canAct: boolean;
  /** 查看整卷: null while the whole paper is already beside the panel (or for a hidden 质检卷: no student) */
  onWhole: (() => void) | null;
}) {
  const [scoring, setScoring] = useState(false);
  const [note, setNote] = useState('');
  const act = useLeadAction(
    info.blockId,
    (v: { resolution: 'score' | 'back' | 'scan'; scores?: QuestionScore[] }) =>
      leadApi.resolve(item.taskId, v.resolution, v.scores, note),
    () => '问题卷已处理',
  );
  const open = !item.problem.resolution;
  const waitingScan = item.problem.resolution === 'scan' && !item.scanException?.resolved;
  return (
    <Card
      size="small"
      title={
        <>
          问题卷 #{item.taskId}
          {item.hidden && (
            <Tag color="purple" style={{ marginLeft: 8 }}>
              质检卷
            </Tag>
          )}
        </>
      }
      extra={
        <Space>
          {onWhole && (
            <Button size="small" onClick={onWhole} data-testid="whole-paper-open">
              查看整卷
            </Button>
          )}
          {settledTag(item)}
        </Space>
      }
      data-testid="problem-panel"
    >
      <Descriptions size="small" column={2} style={{ marginBottom: 12 }}>
        <Descriptions.Item label="提交老师">{item.markerName}</Descriptions.Item>
        <Descriptions.Item label="提交时间">{time(item.problem.at)}</Descriptions.Item>
        <Descriptions.Item label="问题原因">{PROBLEM_REASON_LABELS[item.problem.reason]}</Descriptions.Item>
        <Descriptions.Item label="说明">{item.problem.note || '—'}</Descriptions.Item>
        {item.problem.resolution && (
          <Descriptions.Item label="处理时间">{time(item.problem.resolvedAt)}</Descriptions.Item>
        )}
        {item.problem.resolveNote && (
          <Descriptions.Item label="处理说明">{item.problem.resolveNote}</Descriptions.Item>
        )}
      </Descriptions>
      <TaskImage src={item.imageUrl} alt="问题卷图像" />
      {canAct && (open || waitingScan) && (
        <Space orientation="vertical" style={{ width: '100%', marginTop: 12 }}>
          <Input
            placeholder="处理说明（选填）"
            maxLength={200}
            value={note}
            onChange={(e) => setNote(e.target.value)}
          />
          {item.hidden && (
            <Typography.Text type="secondary">
              这是混在老师任务中的质检卷（标准卷或自评卷），不计入成绩：结束处理即可，或退回以便再次发出。
            </Typography.Text>
          )}
          <Space wrap>
            {item.hidden ? (
              <Button
                type="primary"
                loading={act.isPending}
                onClick={() => void act.mutateAsync({ resolution: 'score' })}
                data-testid="problem-close"
              >
                结束处理
              </Button>
            ) : (
              <Button type="primary" onClick={() => setScoring(true)} data-testid="problem-score">
                给分
              </Button>
            )}
            <HandOn to="back" onConfirm={() => act.mutateAsync({ resolution: 'back' })} />
            {open && !item.hidden && (
              <HandOn to="scan" onConfirm={() => act.mutateAsync({ resolution: 'scan' })} />
            )}
          </Space>
        </Space>
      )}
      <ScoreDialog
        open={scoring}
        questions={info.questions}
        onCancel={() => setScoring(false)}
        onSubmit={async (scores) => {
          await act.mutateAsync({ resolution: 'score', scores });
          setScoring(false);
        }}
      />
    </Card>
  );
}

/** 问题卷: the open (or settled) problem papers of the block, one opened beside the list. */
export function ProblemsTab({ info, canAct }: { info: LeadBlockInfo; canAct: boolean }) {
  const [state, setState] = useState<ProblemState>('open');
  const [page, setPage] = useState(1);
  const [picked, setPicked] = useState<number | null>(null);
  const q = useQuery(problemsQuery(info.blockId, state, page));
  const items = q.data?.items ?? [];
  const current = items.find((x) => x.taskId === picked) ?? items[0];
  // 查看整卷: the list steps aside and the whole paper stands beside the 问题卷
  const [whole, setWhole] = useState(false);
  const showWhole = whole && !!current && !current.hidden;
  if (showWhole)
    return (
      <Row gutter={16} wrap={false}>
        <Col flex="5" style={{ minWidth: 0 }}>
          <ProblemPanel key={current.taskId} info={info} item={current} canAct={canAct} onWhole={null} />
        </Col>
        <Col flex="6" style={{ minWidth: 0 }}>
          <WholePaper taskId={current.taskId} onClose={() => setWhole(false)} />
        </Col>
      </Row>
    );
  return (
    <Row gutter={16} wrap={false}>
      <Col flex="340px">
        <Segmented<ProblemState>
          value={state}
          onChange={(v) => {
            setState(v);
            setPage(1);
            setPicked(null);
          }}
          options={[
            { label: '待处理', value: 'open' },
            { label: '已处理', value: 'resolved' },
          ]}
          style={{ marginBottom: 12 }}
        />
        <Table<LeadProblemItem>
          rowKey="taskId"
          size="small"
          loading={q.isPending}
          dataSource={items}
          data-testid="problem-list"
          pagination={serverPages(page, 50, q.data?.total, setPage, { hideOnSinglePage: true })}
          onRow={(r) => ({ onClick: () => setPicked(r.taskId), style: { cursor: 'pointer' } })}
          rowClassName={(r) => (r.taskId === current?.taskId ? 'ant-table-row-selected' : '')}
          locale={{ emptyText: state === 'open' ? '没有待处理的问题卷' : '还没有处理过的问题卷' }}
          columns={[
            { title: '老师', dataIndex: 'markerName', width: 90 },
            { title: '原因', render: (_, x) => PROBLEM_REASON_LABELS[x.problem.reason], width: 90 },
            { title: '状态', render: (_, x) => settledTag(x) },
          ]}
        />
      </Col>
      <Col flex="auto" style={{ minWidth: 0 }}>
        {current ? (
          <ProblemPanel
            key={current.taskId}
            info={info}
            item={current}
            canAct={canAct}
            onWhole={current.hidden ? null : () => setWhole(true)}
          />
        ) : (
          !q.isPending && <Empty description="请选择左侧的问题卷" />
        )}
      </Col>
    </Row>
  );
}
