import type { MarkQuestion, TrialLeadPaper } from '@yj/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { App, Button, Flex, Input, Typography } from 'antd';
import { useState } from 'react';
import { useOneAtATime } from '../../app/useOneAtATime';
import { boxesComplete, QuestionScoreBoxes, scoresOfBoxes, type BoxValues } from './QuestionScoreBoxes';
import { trialApi, trialKeys } from './trial.api';

/** A trial paper of the leader's screen with its block's questions. */
export interface TrialPaperProps {
  blockId: number;
  questions: readonly MarkQuestion[];
  paper: TrialLeadPaper;
  /** references and 样卷 may change (the subject is in trial or marking) */
  editable: boolean;
}

/** The boxes filled with the paper's reference, if it has one. */
function initial(questions: readonly MarkQuestion[], p: TrialLeadPaper): BoxValues {
  const out: BoxValues = {};
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
  const complete = boxesComplete(questions, values);
  const save = useOneAtATime({
    mutationFn: () =>
      trialApi.reference(paper.trialPaperId, {
        scores: scoresOfBoxes(questions, values),
        comment,
      }),
    onSuccess: async (r) => {
      message.success(`参考分 ${r.score} 分已保存`);
      await qc.invalidateQueries({ queryKey: [...trialKeys.all, 'lead', blockId] });
    },
  });
  return (
    <Flex vertical gap={8} data-testid="reference-form">
      <Typography.Text strong>参考分</Typography.Text>
      <QuestionScoreBoxes
        questions={questions}
        values={values}
        onChange={setValues}
        label="参考分"
        disabled={!editable}
      />
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
