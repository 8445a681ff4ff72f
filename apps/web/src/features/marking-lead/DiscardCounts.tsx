import type { ResetCounts } from '@yj/contracts';
import { Checkbox, Descriptions, Input, Space } from 'antd';
import { useState } from 'react';

/** What a confirmed 重置阅卷 or 重新选题 discards, as the confirmation shows it before the click. */
export function DiscardCounts({ counts: c, testId }: { counts: ResetCounts; testId: string }) {
  return (
    <Descriptions size="small" column={2} bordered data-testid={testId}>
      <Descriptions.Item label="作废的评分">{c.marks} 份</Descriptions.Item>
      <Descriptions.Item label="删除的最终得分">{c.scores} 份</Descriptions.Item>
      <Descriptions.Item label="撤销的仲裁">{c.arbitrations} 份</Descriptions.Item>
      <Descriptions.Item label="退回的问题卷">{c.problems} 份</Descriptions.Item>
      <Descriptions.Item label="重新评阅的试卷" span={2}>
        {c.papers} 份
        {c.blanks > 0 && (
          <span data-testid={`${testId}-blanks`}>
            ，其中智能判空确认的空白卷 {c.blanks} 份（已记的 0 分也作废）
          </span>
        )}
      </Descriptions.Item>
    </Descriptions>
  );
}

/**
 * What a DiscardConsent holds: `state` goes into it; `reason` is what is sent (trimmed), `given` when both the
 * reason and the acknowledgement are there. A change to what is discarded asks the acknowledgement again (`unsure`).
 */
export function useDiscardConsent() {
  const [reason, setReason] = useState('');
  const [sure, setSure] = useState(false);
  const trimmed = reason.trim();
  return {
    state: { reason, onReason: setReason, sure, onSure: setSure },
    reason: trimmed,
    given: trimmed !== '' && sure,
    touched: trimmed !== '' || sure,
    unsure: () => setSure(false),
    clear: () => {
      setReason('');
      setSure(false);
    },
  };
}

/**
 * The reason (kept in the 动态日志) and the explicit acknowledgement a discard asks before its button is
 * enabled; `testId` names the screen (`${testId}-reason`, `${testId}-sure`).
 */
export function DiscardConsent(p: {
  reason: string;
  onReason: (reason: string) => void;
  sure: boolean;
  onSure: (sure: boolean) => void;
  /** the reason's placeholder, saying what it is for */
  placeholder: string;
  /** what the user acknowledges */
  sureText: string;
  testId: string;
}) {
  // its own stack, spaced as the confirmation's: the parent's Space sees this component as one item
  return (
    <Space orientation="vertical" size={12} style={{ width: '100%' }}>
      <Input.TextArea
        placeholder={p.placeholder}
        maxLength={200}
        showCount
        rows={2}
        value={p.reason}
        onChange={(e) => p.onReason(e.target.value)}
        data-testid={`${p.testId}-reason`}
      />
      <Checkbox
        checked={p.sure}
        onChange={(e) => p.onSure(e.target.checked)}
        data-testid={`${p.testId}-sure`}
      >
        {p.sureText}
      </Checkbox>
    </Space>
  );
}
