import { Input, Select, Space } from 'antd';

/** The class filter and the name / exam-number search over a score table (stuScore, all_score). */
export function ClassSearch({
  classes,
  classId,
  onClass,
  onSearch,
}: {
  classes: Array<{ id: number; name: string }>;
  classId: number | undefined;
  onClass: (classId: number | undefined) => void;
  onSearch: (keyword: string | undefined) => void;
}) {
  return (
    <Space>
      <Select
        allowClear
        placeholder="全部班级"
        style={{ width: 160 }}
        value={classId}
        options={classes.map((c) => ({ value: c.id, label: c.name }))}
        onChange={(v?: number) => onClass(v)}
        aria-label="按班级筛选"
      />
      <Input.Search
        allowClear
        placeholder="姓名或考号"
        style={{ width: 200 }}
        onSearch={(keyword) => onSearch(keyword.trim() || undefined)}
        aria-label="搜索姓名或考号"
      />
    </Space>
  );
}
