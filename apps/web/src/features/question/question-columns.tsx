import { DeleteOutlined } from '@ant-design/icons';
import { Button, InputNumber } from 'antd';

// The pieces the 客观题 and 主观题 tables of the structure share: a question changed in place, its score typed,
// the question deleted.

type Numbered = { no: string; score: number };

/** Changes the question `no` of the list by a patch, through `onChange`. */
export const patcher =
  <Q extends Numbered>(questions: Q[], onChange: (q: Q[]) => void) =>
  (no: string, patch: Partial<Q>) =>
    onChange(questions.map((q) => (q.no === no ? { ...q, ...patch } : q)));

/** The column of a question's score (0.5 … 300), named `title` (满分, 分值). */
export function scoreColumn<Q extends Numbered>(
  title: string,
  width: number,
  set: (no: string, patch: Partial<Q>) => void,
) {
  return {
    title,
    width,
    render: (_: unknown, q: Q) => (
      <InputNumber
        size="small"
        min={0.5}
        max={300}
        value={q.score}
        aria-label={`第 ${q.no} 题${title}`}
        onChange={(v) => v !== null && set(q.no, { score: v } as Partial<Q>)}
      />
    ),
  };
}

/** The button deleting a question from the list. */
export function DeleteQuestion<Q extends Numbered>(props: {
  q: Q;
  questions: Q[];
  onChange: (q: Q[]) => void;
}) {
  const { q, questions, onChange } = props;
  return (
    <Button
      size="small"
      type="link"
      danger
      icon={<DeleteOutlined />}
      aria-label={`删除第 ${q.no} 题`}
      onClick={() => onChange(questions.filter((x) => x.no !== q.no))}
    />
  );
}
