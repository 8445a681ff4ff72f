import { Typography } from 'antd';

/** mark − reference: above 0 the marker gave more (red), below 0 less (blue); none without a reference. */
export function Deviation({ value, digits = 1 }: { value: number | null; digits?: number }) {
  if (value === null) return <Typography.Text type="secondary">未给参考分</Typography.Text>;
  const text = `${value > 0 ? '+' : ''}${value.toFixed(digits)}`;
  const color = value > 0 ? '#cf1322' : value < 0 ? '#0958d9' : undefined;
  return <span style={color ? { color } : undefined}>{text}</span>;
}
