import type { ResetCounts } from '@yj/contracts';
import { Descriptions } from 'antd';

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
