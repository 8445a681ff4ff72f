import { Alert, Button, Flex, Typography } from 'antd';
import { shownValues, type BoardState } from './score-keys';
import { stepScores, totalOf, type ScoreField } from './score-fields';

/** Step buttons of one box; the box under the cursor is outlined and shows what is being typed. */
function FieldRow(props: {
  field: ScoreField;
  value: number | null;
  active: boolean;
  typed: string;
  disabled: boolean;
  onPick: (v: number) => void;
  onFocus: () => void;
}) {
  const { field, value, active, typed, disabled, onPick, onFocus } = props;
  // a 给分点 reads 第 43 题 ①, not 第 43·① 题
  const point = field.point === null ? '' : ` ${field.label.slice(field.no.length + 1)}`;
  return (
    <div
      onClick={onFocus}
      data-testid={`box-${field.label}`}
      style={{
        padding: '6px 8px',
        borderRadius: 6,
        border: `2px solid ${active ? '#1677ff' : 'transparent'}`,
        background: active ? '#f0f7ff' : undefined,
      }}
    >
      <Flex justify="space-between" align="baseline">
        <Typography.Text strong>
          第 {field.no} 题{point} <Typography.Text type="secondary">（满分 {field.full}）</Typography.Text>
        </Typography.Text>
        <Typography.Text strong style={{ fontSize: 18 }} data-testid={`value-${field.label}`}>
          {active && typed ? `${typed}_` : (value ?? '—')}
        </Typography.Text>
      </Flex>
      <Flex wrap gap={4} style={{ marginTop: 4 }}>
        {stepScores(field.full, field.step).map((s) => (
          <Button
            key={s}
            size="small"
            disabled={disabled}
            type={value === s ? 'primary' : 'default'}
            onClick={(e) => {
              e.stopPropagation();
              // Enter must confirm the next box, not press this button again
              e.currentTarget.blur();
              onPick(s);
            }}
          >
            {s}
          </Button>
        ))}
      </Flex>
    </div>
  );
}

/** The 给分板: each paper on screen with its boxes, 满分 / 零分 and its total. */
export function ScoreBoard(props: {
  fields: readonly ScoreField[];
  papers: number;
  board: BoardState;
  disabled?: boolean;
  onPick: (index: number, value: number) => void;
  onAll: (paper: number, full: boolean) => void;
  onFocus: (index: number) => void;
}) {
  const { fields, papers, board, disabled = false, onPick, onAll, onFocus } = props;
  const shown = shownValues(board);
  return (
    <Flex vertical gap={8}>
      {Array.from({ length: papers }, (_, p) => {
        const start = p * fields.length;
        const values = board.values.slice(start, start + fields.length);
        return (
          <div key={p} data-testid={`board-${p + 1}`}>
            <Flex justify="space-between" align="center">
              <Typography.Text strong>{papers > 1 ? `第 ${p + 1} 份` : '给分'}</Typography.Text>
              <Flex gap={4}>
                <Button size="small" disabled={disabled} onClick={() => onAll(p, true)}>
                  满分
                </Button>
                <Button size="small" disabled={disabled} onClick={() => onAll(p, false)}>
                  零分
                </Button>
              </Flex>
            </Flex>
            {fields.map((f, i) => (
              <FieldRow
                key={`${p}-${i}`}
                field={f}
                value={values[i] ?? null}
                active={board.cursor === start + i}
                typed={board.buffer}
                disabled={disabled}
                onPick={(v) => onPick(start + i, v)}
                onFocus={() => onFocus(start + i)}
              />
            ))}
            <Typography.Text data-testid={`total-${p + 1}`}>
              总分：
              <Typography.Text strong>{totalOf(shown.slice(start, start + fields.length))}</Typography.Text>
            </Typography.Text>
          </div>
        );
      })}
      {board.error && <Alert type="error" showIcon message={board.error} data-testid="board-error" />}
    </Flex>
  );
}
