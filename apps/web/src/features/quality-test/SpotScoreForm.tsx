import type { MarkQuestion, MarkSubmitInput } from '@yj/contracts';
import { Button, Flex, Typography } from 'antd';
import { useState } from 'react';
import {
  boxesComplete,
  QuestionScoreBoxes,
  scoresOfBoxes,
  type BoxValues,
} from '../trial/QuestionScoreBoxes';

/** The leader's blind score of a spot check: one box per question, or per 给分点 when it has them. */
export function SpotScoreForm({
  questions,
  busy,
  onSubmit,
}: {
  questions: readonly MarkQuestion[];
  busy: boolean;
  onSubmit: (scores: MarkSubmitInput['scores']) => void;
}) {
  const [values, setValues] = useState<BoxValues>(() =>
    Object.fromEntries(questions.map((q) => [q.no, q.points.length ? q.points.map(() => null) : [null]])),
  );
  const complete = boxesComplete(questions, values);
  return (
    <Flex vertical gap={8} data-testid="spot-form">
      <Typography.Text strong>您的评分（提交后显示原评分）</Typography.Text>
      <QuestionScoreBoxes questions={questions} values={values} onChange={setValues} label="抽查分" />
      <Button
        type="primary"
        style={{ alignSelf: 'flex-start' }}
        disabled={!complete}
        loading={busy}
        onClick={() => onSubmit(scoresOfBoxes(questions, values))}
      >
        提交抽查分
      </Button>
    </Flex>
  );
}
