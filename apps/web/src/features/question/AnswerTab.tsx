import type { ObjectiveQuestion } from '@yj/contracts';
import { Alert, Button, Input, Space, Tag, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { answerString, byNo, fillAnswers } from './structure-edit';

/** What the typed text would fill, shown as the teacher types: each question with the answer understood. */
function Understood({
  questions,
  text,
  paper,
}: {
  questions: ObjectiveQuestion[];
  text: string;
  paper: 'A' | 'B';
}) {
  const r = useMemo(() => fillAnswers(questions, text, paper), [questions, text, paper]);
  if (!text.trim()) return null;
  if (!r.ok)
    return (
      <Typography.Text type="warning" data-testid={`answer-preview-${paper}`}>
        {r.error}
      </Typography.Text>
    );
  const key = paper === 'A' ? 'answer' : 'answerB';
  return (
    <Typography.Text type="secondary" data-testid={`answer-preview-${paper}`}>
      将填入：
      {byNo(r.questions)
        .map((q) => `${q.no} ${q[key]}`)
        .join('，')}
    </Typography.Text>
  );
}

function KeyEntry({
  paper,
  questions,
  onChange,
}: {
  paper: 'A' | 'B';
  questions: ObjectiveQuestion[];
  onChange: (q: ObjectiveQuestion[]) => void;
}) {
  const [text, setText] = useState(() => answerString(questions, paper));
  const [error, setError] = useState<string | null>(null);
  const fill = () => {
    const r = fillAnswers(questions, text, paper);
    if (!r.ok) return setError(r.error);
    setError(null);
    onChange(r.questions);
  };
  return (
    <Space orientation="vertical" style={{ width: '100%' }}>
      <Typography.Text strong>{paper === 'A' ? '答案' : 'B 卷答案'}</Typography.Text>
      <Space.Compact style={{ width: '100%' }}>
        <Input
          value={text}
          placeholder="ABCDA…，多选用逗号分隔：A,BD,C；判断题写 对/错 或 T/F"
          onChange={(e) => {
            setText(e.target.value);
            setError(null); // the preview below speaks for the new text
          }}
          onPressEnter={fill}
          data-testid={`answer-input-${paper}`}
        />
        <Button type="primary" ghost onClick={fill} data-testid={`answer-fill-${paper}`}>
          填入答案
        </Button>
      </Space.Compact>
      <Understood questions={questions} text={text} paper={paper} />
      {error && <Alert type="error" showIcon title={error} data-testid="answer-error" />}
    </Space>
  );
}

/** 答案: answer strings typed in one go fill the keys; allowed after the structure is fixed, too. */
export function AnswerTab({
  questions,
  ab,
  onChange,
}: {
  questions: ObjectiveQuestion[];
  ab: boolean;
  onChange: (q: ObjectiveQuestion[]) => void;
}) {
  if (!questions.length)
    return <Alert type="info" showIcon title="还没有客观题：请先在“客观题”中录入并保存" />;
  return (
    <Space orientation="vertical" size={12} style={{ width: '100%' }}>
      <KeyEntry paper="A" questions={questions} onChange={onChange} />
      {ab && <KeyEntry paper="B" questions={questions} onChange={onChange} />}
      <div data-testid="answer-keys">
        {byNo(questions).map((q) => (
          <Tag key={q.no} color={q.answer ? 'blue' : 'default'} style={{ marginBottom: 4 }}>
            {q.no}：{q.answer || '—'}
            {ab ? ` / ${q.answerB || '—'}` : ''}
          </Tag>
        ))}
      </div>
    </Space>
  );
}
