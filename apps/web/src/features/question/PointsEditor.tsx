import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { pointsProblem, type BlockPoints, type SubjectiveQuestion } from '@yj/contracts';
import { Button, Input, InputNumber, Select, Space, Typography } from 'antd';

const STEPS = [
  { value: 0.5, label: '0.5 分' },
  { value: 1, label: '1 分' },
  { value: 2, label: '2 分' },
];

/** One question of a block: its score step and its 给分点, which add up to the question's full score. */
function QuestionPoints({
  q,
  value,
  editable,
  onChange,
}: {
  q: SubjectiveQuestion;
  value: BlockPoints;
  editable: boolean;
  onChange: (next: BlockPoints) => void;
}) {
  const problem = pointsProblem(value, q.score);
  const set = (i: number, patch: Partial<BlockPoints['points'][number]>) =>
    onChange({ ...value, points: value.points.map((p, j) => (j === i ? { ...p, ...patch } : p)) });
  const sum = value.points.reduce((s, p) => s + p.score, 0);
  return (
    <div style={{ border: '1px solid #e5e6eb', borderRadius: 6, padding: 8 }} data-testid={`points-${q.no}`}>
      <Space wrap style={{ marginBottom: 6 }}>
        <Typography.Text strong>第{q.no}题</Typography.Text>
        <Typography.Text type="secondary">满分 {q.score} 分</Typography.Text>
        <span>步长</span>
        <Select
          size="small"
          value={value.step}
          options={STEPS}
          disabled={!editable}
          onChange={(step) => onChange({ ...value, step })}
          style={{ width: 84 }}
          aria-label={`第${q.no}题步长`}
        />
      </Space>
      <Space orientation="vertical" size={4} style={{ width: '100%' }}>
        {value.points.map((p, i) => (
          <Space key={i} size={4}>
            <Input
              size="small"
              placeholder="给分点名称"
              value={p.name}
              disabled={!editable}
              maxLength={30}
              onChange={(e) => set(i, { name: e.target.value })}
              style={{ width: 150 }}
              aria-label={`第${q.no}题给分点${i + 1}名称`}
            />
            <InputNumber
              size="small"
              min={value.step}
              step={value.step}
              value={p.score}
              disabled={!editable}
              onChange={(v) => set(i, { score: Number(v ?? 0) })}
              style={{ width: 80 }}
              aria-label={`第${q.no}题给分点${i + 1}分值`}
            />
            <span>分</span>
            {editable && (
              <Button
                size="small"
                type="text"
                danger
                icon={<DeleteOutlined />}
                aria-label="删除给分点"
                onClick={() => onChange({ ...value, points: value.points.filter((_, j) => j !== i) })}
              />
            )}
          </Space>
        ))}
        <Space wrap size={8}>
          {editable && (
            <Button
              size="small"
              icon={<PlusOutlined />}
              onClick={() =>
                onChange({
                  ...value,
                  points: [
                    ...value.points,
                    { name: `给分点${value.points.length + 1}`, score: Math.max(value.step, q.score - sum) },
                  ],
                })
              }
            >
              添加给分点
            </Button>
          )}
          {value.points.length > 0 && !problem && (
            <Typography.Text type="success">合计 {sum} 分</Typography.Text>
          )}
          {value.points.length === 0 && !problem && (
            <Typography.Text type="secondary">不设给分点：整题给一个分数</Typography.Text>
          )}
          {problem && <Typography.Text type="danger">{problem}</Typography.Text>}
        </Space>
      </Space>
    </div>
  );
}

/** 给分点 and step of every question of the selected block. */
export function PointsEditor({
  questions,
  points,
  editable,
  onChange,
}: {
  questions: SubjectiveQuestion[];
  points: BlockPoints[];
  editable: boolean;
  onChange: (next: BlockPoints) => void;
}) {
  return (
    <Space orientation="vertical" size={8} style={{ width: '100%' }}>
      {points.map((p) => {
        const q = questions.find((x) => x.no === p.no);
        return q ? (
          <QuestionPoints key={p.no} q={q} value={p} editable={editable} onChange={onChange} />
        ) : null;
      })}
    </Space>
  );
}
