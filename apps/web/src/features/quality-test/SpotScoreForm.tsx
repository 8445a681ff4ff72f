import type { MarkQuestion, MarkSubmitInput } from '@yj/contracts';
import { Button, Flex, InputNumber, Typography } from 'antd';
import { useState } from 'react';

const sum = (xs: number[]) => Math.round(xs.reduce((a, x) => a + x, 0) * 10) / 10;

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
  const [values, setValues] = useState<Record<string, (number | null)[]>>(() =>
    Object.fromEntries(questions.map((q) => [q.no, q.points.length ? q.points.map(() => null) : [null]])),
  );
  const complete = questions.every((q) => values[q.no]?.every((v) => v !== null));
  const set = (no: string, i: number, v: number | null) =>
    setValues((old) => ({ ...old, [no]: old[no]!.map((x, j) => (j === i ? v : x)) }));
  return (
    <Flex vertical gap={8} data-testid="spot-form">
      <Typography.Text strong>您的评分（提交后显示原评分）</Typography.Text>
      {questions.map((q) => (
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
              placeholder={q.points[i]?.name ?? '分数'}
              aria-label={`第 ${q.no} 题${q.points[i] ? ` ${q.points[i].name}` : ''}抽查分`}
              onChange={(x) => set(q.no, i, x)}
              style={{ width: 88 }}
            />
          ))}
        </Flex>
      ))}
      <Button
        type="primary"
        style={{ alignSelf: 'flex-start' }}
        disabled={!complete}
        loading={busy}
        onClick={() =>
          onSubmit(
            questions.map((q) => {
              const v = values[q.no]!.map((x) => x ?? 0);
              return q.points.length ? { no: q.no, score: sum(v), points: v } : { no: q.no, score: v[0]! };
            }),
          )
        }
      >
        提交抽查分
      </Button>
    </Flex>
  );
}
