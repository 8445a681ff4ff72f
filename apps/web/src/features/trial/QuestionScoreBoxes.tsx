import type { MarkQuestion, MarkSubmitInput } from '@yj/contracts';
import { Flex, InputNumber, Typography } from 'antd';

/** Each question's boxes: one per 给分点 when the question has them, else one for the question. */
export type BoxValues = Record<string, (number | null)[]>;

const sum = (xs: number[]) => Math.round(xs.reduce((a, x) => a + x, 0) * 10) / 10;

export const boxesComplete = (questions: readonly MarkQuestion[], values: BoxValues) =>
  questions.every((q) => values[q.no]?.every((v) => v !== null));

/** The scores of the boxes, as a mark is submitted: a question with 给分点 scores their sum. */
export const scoresOfBoxes = (
  questions: readonly MarkQuestion[],
  values: BoxValues,
): MarkSubmitInput['scores'] =>
  questions.map((q) => {
    const v = values[q.no]!.map((x) => x ?? 0);
    return q.points.length ? { no: q.no, score: sum(v), points: v } : { no: q.no, score: v[0]! };
  });

/** A leader's score of a paper typed box by box (trial references, spot checks); `label` ends each box's name. */
export function QuestionScoreBoxes({
  questions,
  values,
  onChange,
  label,
  disabled,
}: {
  questions: readonly MarkQuestion[];
  values: BoxValues;
  onChange: (next: BoxValues) => void;
  label: string;
  disabled?: boolean;
}) {
  const set = (no: string, i: number, v: number | null) =>
    onChange({ ...values, [no]: values[no]!.map((x, j) => (j === i ? v : x)) });
  return questions.map((q) => (
    <Flex key={q.no} gap={8} align="center" wrap>
      <Typography.Text style={{ width: 120, flex: 'none' }}>
        第 {q.no} 题（{q.fullScore} 分）
      </Typography.Text>
      {values[q.no]!.map((v, i) => (
        <InputNumber
          key={i}
          size="small"
          min={0}
          max={q.points[i]?.score ?? q.fullScore}
          step={q.step}
          value={v}
          disabled={disabled}
          placeholder={q.points[i]?.name ?? '分数'}
          aria-label={`第 ${q.no} 题${q.points[i] ? ` ${q.points[i].name}` : ''}${label}`}
          onChange={(x) => set(q.no, i, x)}
          style={{ width: 88 }}
        />
      ))}
    </Flex>
  ));
}
