import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { BlankSampleItem } from '@yj/contracts';
import {
  Alert,
  App,
  Button,
  Card,
  Col,
  Empty,
  Modal,
  Row,
  Skeleton,
  Space,
  Statistic,
  Typography,
} from 'antd';
import { Link } from 'react-router';
import { useOneAtATime } from '../../app/useOneAtATime';
import { subjectCrumbs } from '../exam-admin/ExamLoader';
import { PageFrame } from '../exam-admin/PageFrame';
import { QueryFailed } from '../exam-admin/QueryFailed';
import type { SubjectBundle } from '../exam-admin/SubjectLoader';
import { TaskImage } from '../marking-lead/TaskImage';
import { intelligentApi, intelligentKeys } from './intelligent.api';

/** One blank answer as the leader sees it: the cut, the ink measured, and 退回 to ordinary marking. */
function BlankCard({ item, onBack, busy }: { item: BlankSampleItem; onBack: () => void; busy: boolean }) {
  return (
    <Card
      size="small"
      data-testid="blank-item"
      title={<Typography.Text type="secondary">墨迹 {item.ink} 像素</Typography.Text>}
      extra={
        <Button size="small" danger onClick={onBack} loading={busy} data-testid="blank-back">
          有作答，退回
        </Button>
      }
    >
      <TaskImage src={item.imageUrl} alt="作答区" />
    </Card>
  );
}

/**
 * subject/{subjectId}/setting/intelligent/check (智能判空核查): the leader looks at a sample of the detected
 * blanks, sends back any with writing, then confirms: every detected blank is scored 0 (智能判空) and leaves
 * the pool. Blanks already scored can still be sent back.
 */
export function BlankCheckView({ bundle, blockId }: { bundle: SubjectBundle; blockId: number }) {
  const s = bundle.subject.subjectInfo;
  const qc = useQueryClient();
  const { message } = App.useApp();
  const check = useQuery({
    queryKey: intelligentKeys.check(s.id, blockId),
    queryFn: () => intelligentApi.check(s.id, blockId),
  });
  const refresh = () => qc.invalidateQueries({ queryKey: intelligentKeys.all(s.id) });
  const back = useOneAtATime({
    mutationFn: (paperId: number) => intelligentApi.giveBack(s.id, blockId, paperId, '题组长核查：有作答'),
    onSuccess: async () => {
      message.success('已退回正常阅卷');
      await refresh();
    },
  });
  /** The papers as cards, three a row, each with its 退回 (sent back to ordinary marking). */
  const cards = (items: BlankSampleItem[], testId: string) => (
    <Row gutter={[12, 12]} data-testid={testId}>
      {items.map((x) => (
        <Col span={8} key={x.paperId}>
          <BlankCard
            item={x}
            busy={back.isPending && back.variables === x.paperId}
            onBack={() => back.mutate(x.paperId)}
          />
        </Col>
      ))}
    </Row>
  );
  const confirm = useOneAtATime({
    mutationFn: (v: { runId: number; checked: number[] }) =>
      intelligentApi.confirm(s.id, blockId, v.runId, v.checked),
    onSuccess: async (r) => {
      message.success(
        `已确认：${r.applied} 份空白答卷记 0 分${r.skipped ? `，${r.skipped} 份已有老师在评，留在正常阅卷` : ''}`,
      );
      await refresh();
    },
  });
  const crumbs = subjectCrumbs(
    bundle.exam,
    s,
    { title: '智能辅助', to: `/book/subject/${s.id}/setting/intelligent` },
    { title: check.data ? `${check.data.blockName} · 智能判空核查` : '智能判空核查' },
  );
  if (check.isError && !check.data)
    return (
      <PageFrame crumbs={crumbs} title="智能判空核查">
        <QueryFailed title="核查数据加载失败" error={check.error} onRetry={() => void check.refetch()} />
      </PageFrame>
    );
  if (!check.data)
    return (
      <Card>
        <Skeleton active paragraph={{ rows: 6 }} />
      </Card>
    );
  const c = check.data;
  // [title, count of papers], left to right
  const figures: [string, number][] = [
    ['已检测答卷', c.blanks.measured],
    ['待确认空白', c.blanks.detected],
    ['已记 0 分', c.blanks.applied],
    ['已退回阅卷', c.blanks.returned],
  ];
  const ask = () =>
    Modal.confirm({
      title: '确认智能判空',
      content: `将把本题块检出的 ${c.blanks.detected} 份空白答卷记 0 分并移出任务池（动态日志记为智能判空）。记分后仍可逐份退回正常阅卷。`,
      okText: '确认记 0 分',
      cancelText: '取消',
      onOk: () => confirm.mutateAsync({ runId: c.run!.id, checked: c.sample.map((x) => x.paperId) }),
    });
  return (
    <PageFrame
      crumbs={crumbs}
      testId="blank-check"
      title={`${bundle.exam.name} · ${s.name} · ${c.blockName} · 智能判空核查`}
      extra={
        <Button
          type="primary"
          disabled={!c.run || c.run.status !== 'done' || c.sample.length === 0}
          loading={confirm.isPending}
          onClick={ask}
          data-testid="blank-confirm"
        >
          确认记 0 分
        </Button>
      }
    >
      <Card>
        <Row gutter={16}>
          {figures.map(([title, value]) => (
            <Col span={6} key={title}>
              <Statistic title={title} value={value} suffix="份" />
            </Col>
          ))}
        </Row>
      </Card>
      <Card
        title={`抽查样本（${c.sample.length} 份，分布在整个题块中）`}
        extra={<Typography.Text type="secondary">请逐份查看；有作答的点“有作答，退回”</Typography.Text>}
      >
        {c.sample.length === 0 ? (
          <Empty description={c.run ? '没有待确认的空白答卷' : '还没有检测，请先在智能辅助中开始检测'}>
            <Link to={`/book/subject/${s.id}/setting/intelligent`}>
              <Button>返回智能辅助</Button>
            </Link>
          </Empty>
        ) : (
          <Space orientation="vertical" size={8} style={{ width: '100%' }}>
            <Alert
              type="info"
              showIcon
              title="确认后，全部待确认的空白答卷（不只样本）记 0 分；已被老师领取或评过的留在正常阅卷。"
            />
            {cards(c.sample, 'blank-sample')}
          </Space>
        )}
      </Card>
      <Card title={`已记 0 分（最近 ${c.applied.length} 份）`}>
        {c.applied.length === 0 ? (
          <Empty description="还没有记 0 分的空白答卷" />
        ) : (
          cards(c.applied, 'blank-applied')
        )}
      </Card>
    </PageFrame>
  );
}
