import type { MarkQuestion } from '@yj/contracts';
import { Card, Typography } from 'antd';

/** standardScore: each question's answer and marking standard beside the image. */
export function StandardAnswers({ questions }: { questions: readonly MarkQuestion[] }) {
  return (
    <Card size="small" title="评分标准" style={{ width: 260, flex: 'none' }} data-testid="standard">
      {questions.map((q) => (
        <div key={q.no} style={{ marginBottom: 8 }}>
          <Typography.Text strong>
            第 {q.no} 题（{q.fullScore} 分）
          </Typography.Text>
          <Typography.Paragraph style={{ whiteSpace: 'pre-wrap', margin: 0 }}>
            {q.answer || '未设置评分标准'}
          </Typography.Paragraph>
          {q.points.length > 0 && (
            <Typography.Text type="secondary">
              给分点：{q.points.map((p) => `${p.name} ${p.score} 分`).join('；')}
            </Typography.Text>
          )}
        </div>
      ))}
    </Card>
  );
}
