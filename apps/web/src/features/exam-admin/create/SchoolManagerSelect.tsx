import { useQuery } from '@tanstack/react-query';
import { Form, Select, Space } from 'antd';
import { useState } from 'react';
import { jointSchoolsQuery } from '../exam-admin.queries';
import { schoolNames } from './org-tree';
import { UnionManagerSelect } from './UnionManagerSelect';

/**
 * Union managers for a creator without a school of their own (a bureau's administrator, issue 35): the teachers
 * of one of the chosen schools at a time, searched as UnionManagerSelect does.
 */
export function SchoolManagerSelect({
  value = [],
  onChange,
}: {
  value?: number[];
  onChange?: (ids: number[]) => void;
}) {
  const chosen = (Form.useWatch('schoolIds') as number[] | undefined) ?? [];
  const tree = useQuery(jointSchoolsQuery());
  const names = tree.data ? schoolNames(tree.data) : new Map<number, string>();
  const [schoolId, setSchoolId] = useState<number | undefined>();
  const from = schoolId !== undefined && chosen.includes(schoolId) ? schoolId : chosen[0];
  if (from === undefined)
    return <Select disabled style={{ width: '100%' }} placeholder="请先在上方选择参加学校" />;
  return (
    <Space.Compact style={{ width: '100%' }}>
      <Select
        style={{ width: 180 }}
        aria-label="从哪所学校选"
        value={from}
        onChange={setSchoolId}
        options={chosen.map((id) => ({ value: id, label: names.get(id) ?? `学校 ${id}` }))}
      />
      <div style={{ flex: 1 }}>
        <UnionManagerSelect
          schoolId={from}
          value={value}
          onChange={onChange}
          placeholder="输入姓名或手机号搜索该校老师（可不选）"
        />
      </div>
    </Space.Compact>
  );
}
