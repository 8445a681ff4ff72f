import type { KaohaoRule } from '@yj/contracts';
import { Checkbox, Input, InputNumber, Radio, Space, Typography } from 'antd';
import type { ReactNode } from 'react';

/** A label glued to its input (antd 6 replaced addonBefore with Space.Compact). */
function Labeled({ label, after, children }: { label: string; after?: string; children: ReactNode }) {
  return (
    <Space.Compact>
      <Space.Addon>{label}</Space.Addon>
      {children}
      {after && <Space.Addon>{after}</Space.Addon>}
    </Space.Compact>
  );
}

/** The kaohao's prefix: digits only, at most 8. */
function PrefixField({ value, onChange }: { value: string; onChange: (prefix: string) => void }) {
  return (
    <Labeled label="前缀">
      <Input
        placeholder="可不填"
        aria-label="考号前缀"
        maxLength={8}
        style={{ width: 110 }}
        value={value}
        onChange={(e) => onChange(e.target.value.replace(/\D/g, ''))}
      />
    </Labeled>
  );
}

/** A count of digits of the kaohao, between `min` and `max`. */
function DigitsField(props: {
  label: string;
  min: number;
  max: number;
  value: number;
  onChange: (v: number | null) => void;
}) {
  return (
    <Labeled label={props.label}>
      <InputNumber
        aria-label={props.label}
        min={props.min}
        max={props.max}
        style={{ width: 70 }}
        value={props.value}
        onChange={props.onChange}
      />
    </Labeled>
  );
}

export const DEFAULT_RULE: KaohaoRule = { kind: 'classSeat', prefix: '', classDigits: 2, seatDigits: 2 };

const RULE_HELP: Record<KaohaoRule['kind'], string> = {
  classSeat: '考号 = 前缀 + 班级序号 + 班内序号，例如前缀 26、第 3 个班第 5 位学生为 260305。',
  xuehao: '直接使用学生的学号作为考号，适合学号已全校唯一的学校。',
  sequence: '考号 = 前缀 + 流水号，按所选班级顺序连续编号。',
};

/** The kaohao rule and room size inputs of "添加考生". */
export function RuleFields({
  rule,
  onRule,
  roomSize,
  onRoomSize,
}: {
  rule: KaohaoRule;
  onRule: (r: KaohaoRule) => void;
  roomSize: number;
  onRoomSize: (n: number) => void;
}) {
  const digits = (v: number | null, fallback: number) => (typeof v === 'number' ? v : fallback);
  return (
    <Space orientation="vertical" size={12} style={{ width: '100%' }}>
      <Radio.Group
        optionType="button"
        value={rule.kind}
        onChange={(e) => {
          const kind = e.target.value as KaohaoRule['kind'];
          if (kind === 'xuehao') onRule({ kind });
          else if (kind === 'sequence') onRule({ kind, prefix: '', digits: 4 });
          else onRule(DEFAULT_RULE);
        }}
        options={[
          { value: 'classSeat', label: '班级 + 班内序号' },
          { value: 'xuehao', label: '使用学号' },
          { value: 'sequence', label: '流水号' },
        ]}
      />
      <Typography.Text type="secondary">{RULE_HELP[rule.kind]}</Typography.Text>
      {rule.kind === 'classSeat' && (
        <Space wrap>
          <PrefixField value={rule.prefix} onChange={(prefix) => onRule({ ...rule, prefix })} />
          <DigitsField
            label="班级位数"
            min={1}
            max={3}
            value={rule.classDigits}
            onChange={(v) => onRule({ ...rule, classDigits: digits(v, 2) })}
          />
          <DigitsField
            label="序号位数"
            min={2}
            max={3}
            value={rule.seatDigits}
            onChange={(v) => onRule({ ...rule, seatDigits: digits(v, 2) })}
          />
        </Space>
      )}
      {rule.kind === 'sequence' && (
        <Space wrap>
          <PrefixField value={rule.prefix} onChange={(prefix) => onRule({ ...rule, prefix })} />
          <DigitsField
            label="流水号位数"
            min={3}
            max={8}
            value={rule.digits}
            onChange={(v) => onRule({ ...rule, digits: digits(v, 4) })}
          />
        </Space>
      )}
      <Space wrap align="center">
        <Typography.Text>考场编排：</Typography.Text>
        <Checkbox checked={roomSize === 0} onChange={(e) => onRoomSize(e.target.checked ? 0 : 30)}>
          每个班级一个考场
        </Checkbox>
        {roomSize > 0 && (
          <Labeled label="每考场" after="人">
            <InputNumber
              aria-label="每考场人数"
              min={1}
              max={200}
              style={{ width: 80 }}
              value={roomSize}
              onChange={(v) => onRoomSize(digits(v, 30))}
            />
          </Labeled>
        )}
      </Space>
    </Space>
  );
}
