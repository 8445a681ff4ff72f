import type { MarkQuestion, TrialLeadPaper } from '@yj/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { App, Button, Flex, Input, InputNumber, Typography } from 'antd';
import { useState } from 'react';
import { useOneAtATime } from '../../app/useOneAtATime';
import { trialApi, trialKeys } from './trial.api';

/** A trial paper of the leader's screen with its block's questions. */
export interface TrialPaperProps {
  blockId: number;
  questions: readonly MarkQuestion[];
  paper: TrialLeadPaper;
  /** references and 样卷 may change (the subject is in trial or marking) */
  editable: boolean;
}

const sum = (xs: number[]) => Math.round(xs.reduce((a, x) => a + x, 0) * 10) / 10;

/** Each question's boxes: one per 给分点 when the question has them, else one for the question. */
function initial(questions: readonly MarkQuestion[], p: TrialLeadPaper): Record<string, (number | null)[]> {
  const out: Record<string, (number | null)[]> = {};
  for (const q of questions) {
    const points = p.reference?.pointScores?.[q.no];
    const score = p.reference?.questionScores[q.no] ?? null;
    out[q.no] = q.points.length ? q.points.map((_, i) => points?.[i] ?? null) : [score];
  }
  return out;
}

/** The leader's reference score of one trial paper, per question or 给分点, and a comment for the markers. */
export function ReferenceForm({ blockId, questions, paper, editable }: TrialPaperProps) {
  const { message } = App.useApp();
  const qc = useQueryClient();
  const [values, setValues] = useState(() => initial(questions, paper));
  const [comment, setComment] = useState(paper.reference?.comment ?? '');
  const complete = questions.every((q) => values[q.no]!.every((v) => v !== null));
  const save = useOneAtATime({
    mutationFn: () =>
      trialApi.reference(paper.trialPaperId, {
        scores: questions.map((q) => {
          const v = values[q.no]!.map((x) => x ?? 0);
          return q.points.length ? { no: q.no, score: sum(v), points: v } : { no: q.no, score: v[0]! };
        }),
        comment,
      }),
    onSuccess: async (r) => {
      message.success(`参考分 ${r.score} 分已保存`);
      await qc.invalidateQueries({ queryKey: [...trialKeys.all, 'lead', blockId] });
    },
  });
  const set = (no: string, i: number, v: number | null) =>
    setValues((old) => ({ ...old, [no]: old[no]!.map((x, j) => (j === i ? v : x)) }));
  return (
    <Flex vertical gap={8} data-testid="reference-form">
      <Typography.Text strong>参考分</Typography.Text>
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
              disabled={!editable}
              placeholder={q.points[i]?.name ?? '分数'}
              aria-label={`第 ${q.no} 题${q.points[i] ? ` ${q.points[i].name}` : ''}参考分`}
              onChange={(x) => set(q.no, i, x)}
              style={{ width: 88 }}
            />
          ))}
        </Flex>
      ))}
      <Input.TextArea
        rows={2}
        maxLength={500}
        value={comment}
        disabled={!editable}
        placeholder="评语：给分理由、易错点（阅卷老师在样卷中可见）"
        aria-label="评语"
        onChange={(e) => setComment(e.target.value)}
      />
      {editable && (
        <Button
          type="primary"
          size="small"
          style={{ alignSelf: 'flex-start' }}
          disabled={!complete}
          loading={save.isPending}
          onClick={() => save.mutate()}
        >
          保存参考分
        </Button>
      )}
    </Flex>
  );
}
