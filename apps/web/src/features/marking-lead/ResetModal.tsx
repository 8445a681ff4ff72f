import type { BlockProgress, ResetCounts } from '@yj/contracts';
import { useQuery } from '@tanstack/react-query';
import { Alert, Modal, Radio, Select, Skeleton, Space, Typography } from 'antd';
import { useState } from 'react';
import { useDialogGuard } from '../../app/useDialogGuard';
import { QueryFailed } from '../exam-admin/QueryFailed';
import { DiscardConsent, DiscardCounts, useDiscardConsent } from './DiscardCounts';
import { leadApi } from './lead.api';
import { leadKeys } from './lead.queries';
import { useLeadAction } from './useLeadAction';

const discarded = (c: ResetCounts) => c.marks + c.arbitrations + c.problems + c.scores;

/**
 * 重置阅卷 (spec §2 resetting): every mark of the block, or one marker's, discarded and marked again. The
 * confirmation shows what goes (from the server's preview), asks a reason and an explicit acknowledgement.
 */
export function ResetModal({
  open,
  onClose,
  subjectId,
  p,
}: {
  open: boolean;
  onClose: () => void;
  subjectId: number;
  p: BlockProgress;
}) {
  const [who, setWho] = useState<'all' | 'one'>('all');
  const [userId, setUserId] = useState<number | null>(null);
  const consent = useDiscardConsent();
  const target = who === 'all' ? null : userId;
  const ready = who === 'all' || userId !== null;
  const counts = useQuery({
    queryKey: [...leadKeys.block(p.blockId), 'reset-preview', target],
    queryFn: () => leadApi.resetPreview(subjectId, p.blockId, target),
    enabled: open && ready,
    meta: { silent: true },
  });
  const reset = useLeadAction(
    p.blockId,
    () =>
      leadApi.reset(subjectId, {
        blockId: p.blockId,
        ...(target === null ? {} : { userId: target }),
        reason: consent.reason,
      }),
    (r) =>
      `已重置：${r.marks} 份评分作废，${r.papers} 份试卷回到任务池重新评阅${r.blanks ? `（含智能判空确认的空白卷 ${r.blanks} 份）` : ''}`,
  );
  const close = () => {
    setWho('all');
    setUserId(null);
    consent.clear();
    onClose();
  };
  const guard = useDialogGuard({
    open,
    dirty: who !== 'all' || consent.touched,
    saving: reset.isPending,
    onClose: close,
  });
  const c = counts.data;
  const canReset = ready && !!c && discarded(c) > 0 && consent.given;
  const marker = p.markers.find((m) => m.userId === userId);
  return (
    <Modal
      open={open}
      title={`重置阅卷 · ${p.blockName}`}
      okText="确认重置"
      cancelText="取消"
      okButtonProps={{ danger: true, disabled: !canReset }}
      confirmLoading={reset.isPending}
      onCancel={guard.close}
      cancelButtonProps={{ disabled: reset.isPending }}
      onOk={async () => {
        await reset.mutateAsync();
        close();
      }}
      destroyOnHidden
    >
      {guard.leaveGuard}
      <Space orientation="vertical" size={12} style={{ width: '100%' }} data-testid="reset-modal">
        <Radio.Group
          value={who}
          onChange={(e) => {
            setWho(e.target.value as 'all' | 'one');
            consent.unsure();
          }}
          options={[
            { value: 'all', label: '重置本题块全部评分' },
            { value: 'one', label: '只重置一位老师的评分' },
          ]}
        />
        {who === 'one' && (
          <Select
            style={{ width: 260 }}
            placeholder="请选择阅卷老师"
            value={userId}
            onChange={(v) => {
              setUserId(v);
              consent.unsure();
            }}
            options={p.markers.map((m) => ({ value: m.userId, label: `${m.name}（已评 ${m.done}）` }))}
            notFoundContent="这个题块还没有阅卷老师"
            data-testid="reset-marker"
          />
        )}
        {!ready ? null : counts.isError ? (
          <QueryFailed
            title="无法统计将作废的评分"
            error={counts.error}
            onRetry={() => void counts.refetch()}
          />
        ) : !c ? (
          <Skeleton active paragraph={{ rows: 2 }} />
        ) : discarded(c) === 0 ? (
          <Alert
            type="info"
            showIcon
            message={
              who === 'all'
                ? '这个题块还没有可重置的评分'
                : `${marker?.name ?? '这位老师'}在这个题块没有可重置的评分`
            }
          />
        ) : (
          <>
            <DiscardCounts counts={c} testId="reset-counts" />
            <Typography.Text type="secondary">
              作废的评分保存在修改记录中；试卷回到任务池重新评阅，双评试卷保留另一评，等待新的评分后重新计算最终分，科目成绩随之更新。
            </Typography.Text>
          </>
        )}
        <DiscardConsent
          {...consent.state}
          placeholder="请填写重置原因（将记入动态日志）"
          sureText="我已知晓以上评分将作废，需要重新评阅"
          testId="reset"
        />
      </Space>
    </Modal>
  );
}
