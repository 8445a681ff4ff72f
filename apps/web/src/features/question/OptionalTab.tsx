import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import type { OptionalQuestionGroup } from '@yj/contracts';
import { Button, Card, Empty, Input, InputNumber, Select, Space, Typography } from 'antd';

/** 选做题: groups where a student answers `pick` of the listed questions. */
export function OptionalTab({
  groups,
  nos,
  onChange,
}: {
  groups: OptionalQuestionGroup[];
  /** every question number of the structure */
  nos: string[];
  onChange: (g: OptionalQuestionGroup[]) => void;
}) {
  const set = (i: number, patch: Partial<OptionalQuestionGroup>) =>
    onChange(groups.map((g, j) => (j === i ? { ...g, ...patch } : g)));
  const names = '一二三四五六七八九十';
  return (
    <Space orientation="vertical" size={12} style={{ width: '100%' }}>
      <Typography.Text type="secondary">
        选做题组内学生只作答其中几题；总分只计入组内分值最高的几题，分值不同时合计栏会显示差异。
      </Typography.Text>
      {groups.length === 0 && <Empty description="没有选做题" />}
      {groups.map((g, i) => (
        <Card key={i} size="small" data-testid={`optional-group-${i}`}>
          <Space wrap>
            <span>组名</span>
            <Input
              style={{ width: 120 }}
              value={g.name}
              aria-label="选做题组名"
              onChange={(e) => set(i, { name: e.target.value })}
            />
            <span>题号</span>
            <Select
              mode="multiple"
              style={{ minWidth: 240 }}
              value={g.nos}
              aria-label="选做题号"
              options={nos.map((n) => ({ value: n, label: n }))}
              onChange={(v) => set(i, { nos: v })}
            />
            <span>选做</span>
            <InputNumber
              min={1}
              value={g.pick}
              aria-label="选做题数"
              onChange={(v) => v !== null && set(i, { pick: v })}
            />
            <span>题</span>
            <Button
              danger
              type="link"
              icon={<DeleteOutlined />}
              onClick={() => onChange(groups.filter((_, j) => j !== i))}
            >
              删除
            </Button>
          </Space>
        </Card>
      ))}
      <Button
        icon={<PlusOutlined />}
        onClick={() =>
          onChange([
            ...groups,
            { name: `选做${names[groups.length] ?? groups.length + 1}`, pick: 1, nos: [] },
          ])
        }
      >
        添加选做题组
      </Button>
    </Space>
  );
}
