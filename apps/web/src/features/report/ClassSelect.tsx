import type { Report } from '@yj/contracts';
import { Select } from 'antd';
import type { CSSProperties } from 'react';

/** A report list's class filter: 全部班级 (0) or one of the report's classes, named by `label`. */
export function ClassSelect(p: {
  r: Report;
  value: number;
  onChange: (classId: number) => void;
  label?: (c: Report['classes'][number]) => string;
  style?: CSSProperties;
  testId: string;
}) {
  const label = p.label ?? ((c) => c.name);
  return (
    <Select<number>
      aria-label="班级"
      style={{ width: 200, ...p.style }}
      value={p.value}
      onChange={p.onChange}
      options={[
        { label: '全部班级', value: 0 },
        ...p.r.classes.map((c) => ({ label: label(c), value: c.id })),
      ]}
      data-testid={p.testId}
    />
  );
}
