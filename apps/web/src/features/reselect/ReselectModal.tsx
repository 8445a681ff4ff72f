import { useQuery } from '@tanstack/react-query';
import { Alert, Checkbox, Input, Modal, Select, Skeleton, Space, Typography } from 'antd';
import { useState } from 'react';
import { QueryFailed } from '../exam-admin/QueryFailed';
import { DiscardCounts } from '../marking-lead/DiscardCounts';
import { leadKeys } from '../marking-lead/lead.queries';
import { useLeadAction } from '../marking-lead/useLeadAction';
import { reselectApi } from './reselect.api';

/**
 * 重新选题 (spec §2 resetting/{reSelectFlag}): the block's questions changed after marking started. Every mark
 * of the block is discarded (kept in the change history) and its papers are marked again on the new questions;
 * the confirmation says how many marks go, asks a reason and an explicit acknowledgement.
 */
export function ReselectModal({
  open,
  onClose,
  subjectId,
  blockId,
  blockName,
}: {
  open: boolean;
  onClose: () => void;
  subjectId: number;
  blockId: number;
  blockName: string;
}) {
  const [nos, setNos] = useState<string[] | null>(null);
  const [reason, setReason] = useState('');
  const [sure, setSure] = useState(false);
  const preview = useQuery({
    queryKey: [...leadKeys.block(blockId), 'reselect-preview'],
    queryFn: () => reselectApi.preview(subjectId, blockId),
    enabled: open,
    meta: { silent: true },
  });
  const p = preview.data;
  const chosen = nos ?? p?.nos ?? [];
  const changed = !!p && (chosen.length !== p.nos.length || chosen.some((n) => !p.nos.includes(n)));
  const left = p ? p.nos.filter((n) => !chosen.includes(n)) : [];
  const run = useLeadAction(
    blockId,
    () => reselectApi.reselect(subjectId, { blockId, nos: chosen, reason: reason.trim() }),
    (r) => `已重新选题：题块现为第 ${r.nos.join('、')} 题，${r.marks} 份评分作废，${r.papers} 份试卷重新评阅`,
  );
  const close = () => {
    setNos(null);
    setReason('');
    setSure(false);
    onClose();
  };
  return (
    <Modal
      open={open}
      title={`重新选题 · ${blockName}`}
      okText="确认重新选题"
      cancelText="取消"
      okButtonProps={{ danger: true, disabled: !changed || chosen.length === 0 || !reason.trim() || !sure }}
      confirmLoading={run.isPending}
      onCancel={close}
      onOk={async () => {
        await run.mutateAsync();
        close();
      }}
      destroyOnHidden
    >
      <Space orientation="vertical" size={12} style={{ width: '100%' }} data-testid="reselect-modal">
        {preview.isError ? (
          <QueryFailed
            title="无法读取题块的题目"
            error={preview.error}
            onRetry={() => void preview.refetch()}
          />
        ) : !p ? (
          <Skeleton active paragraph={{ rows: 3 }} />
        ) : (
          <>
            <Typography.Text>题块的题目（可加入未分配到题块的题）：</Typography.Text>
            <Select
              mode="multiple"
              style={{ width: '100%' }}
              value={chosen}
              onChange={(v) => {
                setNos(v);
                setSure(false);
              }}
              options={[...p.nos, ...p.free].map((no) => ({ value: no, label: `第${no}题` }))}
              placeholder="请选择题目"
              data-testid="reselect-nos"
            />
            {left.length > 0 && (
              <Alert
                type="warning"
                showIcon
                title={`第 ${left.join('、')} 题将不在任何题块中，没有人评阅这些题`}
              />
            )}
            <DiscardCounts counts={p} testId="reselect-counts" />
            <Typography.Text type="secondary">
              评分按题给出，题目变化后本题块的全部评分作废（保存在修改记录中），试卷按新的题目重新评阅。
            </Typography.Text>
          </>
        )}
        <Input.TextArea
          placeholder="请填写重新选题的原因（将记入动态日志）"
          maxLength={200}
          showCount
          rows={2}
          value={reason}
          onChange={(e) => setReason(e.target.value)}
          data-testid="reselect-reason"
        />
        <Checkbox checked={sure} onChange={(e) => setSure(e.target.checked)} data-testid="reselect-sure">
          我已知晓本题块的全部评分将作废，需要重新评阅
        </Checkbox>
      </Space>
    </Modal>
  );
}
