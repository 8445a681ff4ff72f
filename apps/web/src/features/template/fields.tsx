import { Form, InputNumber, Select } from 'antd';

/** Which way a bubble group's options run, as the builder's selects offer it. */
export const DIRECTION_OPTIONS: { value: 'horizontal' | 'vertical'; label: string }[] = [
  { value: 'horizontal', label: '横排选项' },
  { value: 'vertical', label: '竖排选项' },
];

/**
 * A labelled whole-number box of the builder's panels. An emptied box changes nothing (a count or a first
 * number is never blank), so `onChange` only ever receives a number.
 */
export function NumberItem({
  label,
  ariaLabel = label,
  min,
  max,
  step,
  value,
  onChange,
}: {
  label: string;
  /** When the box is named apart from its label (two panels show the same label). */
  ariaLabel?: string;
  min: number;
  max: number;
  step?: number;
  value: number;
  onChange: (v: number) => void;
}) {
  return (
    <Form.Item label={label}>
      <InputNumber
        aria-label={ariaLabel}
        min={min}
        max={max}
        step={step}
        value={value}
        onChange={(v) => v && onChange(v)}
      />
    </Form.Item>
  );
}

/** A labelled select of the builder's panels, named for assistive technology by `ariaLabel` (its label by default). */
export function SelectItem<T extends string>({
  label,
  ariaLabel = label,
  width,
  value,
  options,
  onChange,
}: {
  label: string;
  ariaLabel?: string;
  width: number;
  value: T;
  options: { value: T; label: string }[];
  onChange: (v: T) => void;
}) {
  return (
    <Form.Item label={label}>
      <Select<T>
        aria-label={ariaLabel}
        style={{ width }}
        value={value}
        options={options}
        onChange={onChange}
      />
    </Form.Item>
  );
}
