import { ArrowDownOutlined, ArrowUpOutlined } from '@ant-design/icons';
import { CARD_BOX_STYLE_LABELS, type CardQuestion } from '@yj/contracts';
import { Button, Card, Empty, InputNumber, Select, Space, Tag, Typography } from 'antd';
import { boxOf, move, ordered, withBox, type BoxStyle, type CardForm } from './card-form';

const STYLES = (Object.keys(CARD_BOX_STYLE_LABELS) as BoxStyle[]).map((value) => ({
  value,
  label: CARD_BOX_STYLE_LABELS[value],
}));

// An essay box is sized by its characters, every other box by its height.
const ESSAY_SIZE = {
  field: 'essayChars',
  name: '字数',
  min: 100,
  max: 2000,
  step: 100,
  suffix: '字',
} as const;
const HEIGHT_SIZE = { field: 'height', name: '高度', min: 15, max: 400, step: 5, suffix: 'mm' } as const;

const MOVES = [
  { by: -1, name: '上移', icon: <ArrowUpOutlined /> },
  { by: 1, name: '下移', icon: <ArrowDownOutlined /> },
] as const;

/** Per subjective question: the box's kind (空白 / 横线 / 作文格), its height or essay size, and the order. */
export function QuestionBoxes({
  form,
  questions,
  onChange,
}: {
  form: CardForm;
  questions: CardQuestion[];
  onChange: (f: CardForm) => void;
}) {
  const list = ordered(form, questions);
  return (
    <Card title="主观题答题框" size="small" data-testid="card-questions">
      {list.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="没有主观题" />
      ) : (
        <Space orientation="vertical" size={10} style={{ width: '100%' }}>
          {list.map((q, i) => {
            const box = boxOf(form, q);
            const size = box.style === 'essay' ? ESSAY_SIZE : HEIGHT_SIZE;
            return (
              <div
                key={q.no}
                data-testid={`box-${q.no}`}
                style={{ display: 'flex', alignItems: 'center', gap: 6, flexWrap: 'wrap' }}
              >
                <Typography.Text strong style={{ width: 54 }}>
                  {q.no} 题
                </Typography.Text>
                <Typography.Text type="secondary" style={{ width: 40 }}>
                  {q.score}分
                </Typography.Text>
                <Select
                  aria-label={`第${q.no}题框型`}
                  size="small"
                  value={box.style}
                  options={STYLES}
                  style={{ width: 84 }}
                  onChange={(style: BoxStyle) => onChange(withBox(form, q, { style }))}
                />
                <InputNumber
                  aria-label={`第${q.no}题${size.name}`}
                  size="small"
                  min={size.min}
                  max={size.max}
                  step={size.step}
                  precision={0}
                  value={box[size.field]}
                  suffix={size.suffix}
                  style={{ width: 96 }}
                  onChange={(v) => typeof v === 'number' && onChange(withBox(form, q, { [size.field]: v }))}
                />
                {MOVES.map(({ by, name, icon }) => (
                  <Button
                    key={by}
                    size="small"
                    type="text"
                    icon={icon}
                    aria-label={`第${q.no}题${name}`}
                    data-repeat
                    disabled={by < 0 ? i === 0 : i === list.length - 1}
                    onClick={() => onChange(move(form, questions, q.no, by))}
                  />
                ))}
                {q.optionalGroup && <Tag color="purple">选做{q.optionalGroup}</Tag>}
              </div>
            );
          })}
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            高度以毫米计；选做题共用一个答题框，取组内最大的设置。
          </Typography.Text>
        </Space>
      )}
    </Card>
  );
}
