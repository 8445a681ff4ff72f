import type { OnlineSetting } from '@yj/contracts';
import { Card, Input, Space, Tag, Typography } from 'antd';
import { MathText } from '../../components/MathText';

type Q = OnlineSetting['questions'][number];
const letter = (i: number) => String.fromCharCode(65 + i);
const optionCount = (q: Q) => (q.kind === 'trueFalse' ? 2 : q.kind === 'subjective' ? 0 : q.options);

/** Each question's content as the students will see it: the text (math in $…$) and each option's text. */
export function OnlineContentEditor({
  questions,
  readOnly,
  onChange,
}: {
  questions: Q[];
  readOnly: boolean;
  onChange: (no: string, patch: Partial<Pick<Q, 'content' | 'optionTexts'>>) => void;
}) {
  if (!questions.length)
    return <Typography.Text type="secondary">请先在“题目设置”中录入客观题和主观题</Typography.Text>;
  return (
    <Space orientation="vertical" size={10} style={{ width: '100%' }}>
      {questions.map((q) => (
        <Card key={q.no} size="small" data-testid={`online-content-${q.no}`}>
          <Space style={{ marginBottom: 6 }}>
            <b>第 {q.no} 题</b>
            <Tag>{q.kind === 'subjective' ? '主观题' : '客观题'}</Tag>
            <span style={{ color: '#86909c' }}>{q.score} 分</span>
          </Space>
          <Input.TextArea
            aria-label={`第 ${q.no} 题题干`}
            value={q.content}
            disabled={readOnly}
            autoSize={{ minRows: 2, maxRows: 10 }}
            placeholder="题干，公式用 $…$ 或 $$…$$ 书写"
            onChange={(e) => onChange(q.no, { content: e.target.value })}
          />
          {q.content && (
            // lines kept as typed, as on the student's page (an imported figure stands under its text)
            <div style={{ margin: '6px 0', padding: 8, background: '#f7f8fa', whiteSpace: 'pre-wrap' }}>
              <MathText text={q.content} />
            </div>
          )}
          {Array.from({ length: optionCount(q) }, (_, i) => (
            <Input
              key={i}
              addonBefore={letter(i)}
              aria-label={`第 ${q.no} 题选项 ${letter(i)}`}
              style={{ marginTop: 6 }}
              disabled={readOnly}
              value={q.optionTexts[i] ?? ''}
              placeholder={q.kind === 'trueFalse' ? ['对', '错'][i] : '选项内容'}
              onChange={(e) => {
                const next = Array.from({ length: optionCount(q) }, (_, k) => q.optionTexts[k] ?? '');
                next[i] = e.target.value;
                onChange(q.no, { optionTexts: next });
              }}
            />
          ))}
        </Card>
      ))}
    </Space>
  );
}
