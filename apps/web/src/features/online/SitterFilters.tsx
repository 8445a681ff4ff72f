import { Input, Segmented, Space } from 'antd';

/** A sitters list's filter (one of `options`) and its 姓名或考号 search; either change goes back to page 1. */
export function SitterFilters<F extends string>(p: {
  value: F;
  options: Array<{ value: F; label: string }>;
  onFilter: (f: F) => void;
  onSearch: (q: string) => void;
}) {
  return (
    <Space wrap style={{ marginBottom: 12 }}>
      <Segmented value={p.value} onChange={(v) => p.onFilter(v as F)} options={p.options} />
      <Input.Search
        allowClear
        placeholder="姓名或考号"
        style={{ width: 200 }}
        onSearch={(v) => p.onSearch(v.trim())}
      />
    </Space>
  );
}
