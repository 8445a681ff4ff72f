import { Radio } from 'antd';
import type { ReactNode } from 'react';

/** One choice of a ButtonChoice. */
export interface Choice<T> {
  value: T;
  label: ReactNode;
  disabled?: boolean;
}

/**
 * A row of buttons of which one is chosen (antd's button-style Radio.Group), typed by its values so `onChange`
 * receives the chosen value itself.
 */
export function ButtonChoice<T extends string | number>({
  value,
  options,
  onChange,
  ...rest
}: {
  value: T;
  options: Choice<T>[];
  onChange: (v: T) => void;
  'aria-label'?: string;
  'data-testid'?: string;
}) {
  return (
    <Radio.Group
      {...rest}
      optionType="button"
      value={value}
      options={options}
      onChange={(e) => onChange(e.target.value as T)}
    />
  );
}
