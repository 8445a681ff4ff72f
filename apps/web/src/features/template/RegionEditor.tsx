import {
  QUESTION_KIND_LABELS,
  type ExamNumberLength,
  type QuestionKind,
  type Structure,
} from '@yj/contracts';
import { Button, Descriptions, Form, Input, InputNumber, Select, Space, Typography } from 'antd';
import { fieldCount, REGION_LABELS, regionBounds, type Region } from './draft';
import { latticeOfGrid, optionLabels, toBubbleGrid } from './lattice';
import { subjectiveName } from './proposals';
import { subjectiveChoices } from './numbering';
import { DIRECTION_OPTIONS, NumberItem, SelectItem } from './fields';

const KIND_OPTIONS = (['single', 'multi', 'trueFalse'] as QuestionKind[]).map((k) => ({
  value: k,
  label: QUESTION_KIND_LABELS[k],
}));

const EXAM_LENGTH_OPTIONS: { value: ExamNumberLength; label: string }[] = [
  { value: 'fixed', label: '固定位数' },
  { value: 'leftAligned', label: '左对齐不定长' },
];

/** Properties of the selected region: its name, question numbers and bubble layout. */
export function RegionEditor({
  region,
  structure,
  onChange,
  onRemove,
}: {
  region: Region;
  structure: Structure | null;
  onChange: (r: Region) => void;
  onRemove: () => void;
}) {
  const b = regionBounds(region);
  const choices = subjectiveChoices(structure);
  return (
    <Space orientation="vertical" size={8} style={{ width: '100%' }} data-testid="region-editor">
      <Typography.Text strong>
        已选：{REGION_LABELS[region.kind]} · {region.name}
      </Typography.Text>
      <Descriptions size="small" column={2}>
        <Descriptions.Item label="位置">
          {Math.round(b.x)}, {Math.round(b.y)}
        </Descriptions.Item>
        <Descriptions.Item label="大小">
          {Math.round(b.w)} × {Math.round(b.h)}
        </Descriptions.Item>
      </Descriptions>
      <Form layout="vertical" size="small">
        {region.kind === 'subjective' ? (
          <Form.Item label="对应题号">
            {choices.length ? (
              <Select
                aria-label="对应题号"
                value={region.question}
                options={choices.map((no) => ({ value: no, label: `第 ${no} 题` }))}
                onChange={(question: string) =>
                  onChange({ ...region, question, name: subjectiveName(question) })
                }
              />
            ) : (
              <Input
                aria-label="对应题号"
                value={region.question}
                onChange={(e) => {
                  const question = e.target.value.trim();
                  onChange({ ...region, question, name: subjectiveName(question) });
                }}
              />
            )}
          </Form.Item>
        ) : (
          <Form.Item label="名称">
            <Input
              aria-label="区域名称"
              value={region.name}
              maxLength={20}
              onChange={(e) => onChange({ ...region, name: e.target.value })}
            />
          </Form.Item>
        )}
        {region.kind === 'objective' && <ObjectiveFields region={region} onChange={onChange} />}
        {region.kind === 'examNumber' && 'grid' in region.block && (
          <Form.Item label="考号位数">
            <InputNumber
              aria-label="考号位数"
              min={1}
              max={20}
              value={region.block.grid.count}
              onChange={(v) => {
                if (!v || !('grid' in region.block)) return;
                onChange({ ...region, block: { grid: { ...region.block.grid, count: v } } });
              }}
            />
          </Form.Item>
        )}
        {region.kind === 'examNumber' && (
          <Form.Item
            label="考号位数规则"
            extra={
              region.length === 'leftAligned'
                ? '考号较短的学生从左起填涂，右边空着的位不算异常'
                : '每一位都须填涂，少填一位即为考号异常'
            }
          >
            <Select
              aria-label="考号位数规则"
              value={region.length ?? 'fixed'}
              options={EXAM_LENGTH_OPTIONS}
              onChange={(length: ExamNumberLength) => onChange({ ...region, length })}
            />
          </Form.Item>
        )}
        {(region.kind === 'ab' || region.kind === 'optional') && (
          <Form.Item label="选项（用空格分隔）">
            <Input
              aria-label="标记选项"
              value={region.bubbles.map((x) => x.label).join(' ')}
              onChange={(e) => {
                const labels = e.target.value.split(/\s+/);
                onChange({
                  ...region,
                  bubbles: region.bubbles.map((x, i) => ({ ...x, label: labels[i] ?? x.label })),
                });
              }}
            />
          </Form.Item>
        )}
      </Form>
      <Button danger block onClick={onRemove}>
        删除此区域（Delete）
      </Button>
    </Space>
  );
}

function ObjectiveFields({
  region,
  onChange,
}: {
  region: Extract<Region, { kind: 'objective' }>;
  onChange: (r: Region) => void;
}) {
  const n = fieldCount(region.block);
  const rename = (first: number, count: number) => `客观题${first}-${first + count - 1}`;
  const grid = 'grid' in region.block ? region.block.grid : null;
  const setGrid = (rows: number, cols: number) => {
    if (!grid) return;
    const direction = grid.direction;
    const l = latticeOfGrid(grid);
    const horizontal = direction === 'horizontal';
    const next = toBubbleGrid(
      { ...l, rows: horizontal ? rows : cols, cols: horizontal ? cols : rows },
      direction,
      optionLabels(cols),
    );
    onChange({ ...region, block: { grid: next }, name: rename(region.firstQuestion, next.count) });
  };
  return (
    <>
      <Space size={8} wrap>
        <NumberItem
          label="起始题号"
          min={1}
          max={999}
          value={region.firstQuestion}
          onChange={(v) => onChange({ ...region, firstQuestion: v, name: rename(v, n) })}
        />
        <SelectItem
          label="题型"
          width={90}
          value={region.qkind}
          options={KIND_OPTIONS}
          onChange={(qkind) => onChange({ ...region, qkind })}
        />
      </Space>
      {grid && (
        <Space size={8} wrap>
          <NumberItem
            label="题数"
            min={1}
            max={100}
            value={grid.count}
            onChange={(v) => setGrid(v, grid.options.length)}
          />
          <NumberItem
            label="选项数"
            min={2}
            max={8}
            value={grid.options.length}
            onChange={(v) => setGrid(grid.count, v)}
          />
          <SelectItem
            label="方向"
            width={110}
            value={grid.direction}
            options={DIRECTION_OPTIONS}
            onChange={(d) => {
              // the bubbles stay where they are; only which way a question runs changes
              const l = latticeOfGrid(grid);
              const next = toBubbleGrid(l, d, optionLabels(d === 'horizontal' ? l.cols : l.rows));
              onChange({ ...region, block: { grid: next }, name: rename(region.firstQuestion, next.count) });
            }}
          />
        </Space>
      )}
      <Typography.Text type="secondary">
        本组读取第 {region.firstQuestion}–{region.firstQuestion + n - 1} 题
      </Typography.Text>
    </>
  );
}
