import { useQuery, useQueryClient } from '@tanstack/react-query';
import { allows, type MarkerBlanksView as Blanks } from '@yj/contracts';
import { Alert, App, Button, Card, Col, Empty, Input, Modal, Row, Typography } from 'antd';
import { useState } from 'react';
import { useOneAtATime } from '../../app/useOneAtATime';
import { useDialogGuard } from '../../app/useDialogGuard';
import { subjectCrumbs } from '../exam-admin/ExamLoader';
import { PageFrame } from '../exam-admin/PageFrame';
import type { SubjectBundle } from '../exam-admin/SubjectLoader';
import { TaskImage } from '../marking-lead/TaskImage';
import { intelligentApi, intelligentKeys } from './intelligent.api';
import { PendingPage } from './PendingPage';

type Item = Blanks['items'][number];

/** One confirmed blank: its cut, when it was scored 0, 有作答，退回. */
function BlankCard({ item, onBack, canBack }: { item: Item; onBack: () => void; canBack: boolean }) {
  return (
    <Card
      size="small"
      data-testid="marker-blank"
      title={
        <Typography.Text type="secondary">
          {item.decidedAt
            ? `${new Date(item.decidedAt).toLocaleString('zh-CN', { month: 'numeric', day: 'numeric', hour: '2-digit', minute: '2-digit' })} 记 0 分`
            : '已记 0 分'}
        </Typography.Text>
      }
      extra={
        canBack && (
          <Button size="small" danger onClick={onBack} data-testid="marker-blank-back">
            有作答，退回
          </Button>
        )
      }
    >
      <TaskImage src={item.imageUrl} alt="作答区" />
    </Card>
  );
}

/**
 * subject/{subjectId}/setting/intelligent/intelligentReview/blank (智能判空的空白卷): the blanks 智能判空 scored 0
 * in a block — marks of no marker, so in nobody's 回评 — for the block's markers, who send one that has an
 * answer back to ordinary marking with a reason (its 0 leaves; the leaders see it in the 动态日志).
 */
export function MarkerBlanksView({ bundle, blockId }: { bundle: SubjectBundle; blockId: number }) {
  const s = bundle.subject.subjectInfo;
  const qc = useQueryClient();
  const { message } = App.useApp();
  const [backing, setBacking] = useState<number | null>(null);
  const [reason, setReason] = useState('');
  const view = useQuery({
    queryKey: intelligentKeys.markerBlanks(s.id, blockId),
    queryFn: () => intelligentApi.markerBlanks(s.id, blockId),
  });
  const back = useOneAtATime({
    mutationFn: (v: { paperId: number; reason: string }) =>
      intelligentApi.markerBlankReturn(s.id, { blockId, ...v }),
    onSuccess: async () => {
      message.success('已退回正常阅卷，这份答卷将由阅卷老师评分');
      setBacking(null);
      setReason('');
      await qc.invalidateQueries({ queryKey: intelligentKeys.markerBlanks(s.id, blockId) });
    },
  });
  const guard = useDialogGuard({
    open: backing !== null,
    dirty: reason.trim() !== '',
    saving: back.isPending,
    onClose: () => {
      setBacking(null);
      setReason('');
    },
  });
  const crumbs = subjectCrumbs(bundle.exam, s, {
    title: view.data ? `${view.data.blockName} · 智能判空的空白卷` : '智能判空的空白卷',
  });
  if (!view.data)
    return <PendingPage query={view} crumbs={crumbs} title="智能判空的空白卷" failed="空白卷加载失败" />;
  const v = view.data;
  // marks change only while marking runs (the server says why otherwise)
  const canBack = allows(v.subjectStatus, 'changeMarks');
  return (
    <PageFrame
      crumbs={crumbs}
      testId="marker-blanks"
      title={`${bundle.exam.name} · ${s.name} · ${v.blockName} · 智能判空的空白卷`}
    >
      <Alert
        type="info"
        showIcon
        message={`题组长核查后，智能判空把 ${v.total} 份空白答卷记为 0 分；它们不在任何老师的回评中。发现有作答的，请退回正常阅卷。`}
      />
      {v.items.length === 0 ? (
        <Card>
          <Empty description="这个题块没有按空白卷记 0 分的答卷" />
        </Card>
      ) : (
        <Card
          title={
            v.total > v.items.length ? `最近记 0 分的 ${v.items.length} 份（共 ${v.total} 份）` : undefined
          }
        >
          <Row gutter={[12, 12]}>
            {v.items.map((it) => (
              <Col span={6} key={it.paperId}>
                <BlankCard item={it} canBack={canBack} onBack={() => setBacking(it.paperId)} />
              </Col>
            ))}
          </Row>
        </Card>
      )}
      <Modal
        open={backing !== null}
        title="退回正常阅卷"
        okText="退回"
        cancelText="取消"
        okButtonProps={{ danger: true, disabled: !reason.trim(), 'data-testid': 'marker-blank-back-ok' }}
        confirmLoading={back.isPending}
        onCancel={guard.close}
        cancelButtonProps={{ disabled: back.isPending }}
        onOk={() => backing !== null && back.mutate({ paperId: backing, reason: reason.trim() })}
      >
        {guard.leaveGuard}
        <Typography.Paragraph>
          这份答卷的 0 分将撤销，回到阅卷任务中由老师评分。请写明退回的原因：
        </Typography.Paragraph>
        <Input.TextArea
          value={reason}
          onChange={(e) => setReason(e.target.value)}
          maxLength={200}
          showCount
          rows={3}
          placeholder="例如：框外有作答、字迹很淡"
          data-testid="marker-blank-reason"
        />
      </Modal>
    </PageFrame>
  );
}
