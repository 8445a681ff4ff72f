import { useQuery } from '@tanstack/react-query';
import { Select } from 'antd';
import { useState } from 'react';
import { examAdminApi } from '../exam-admin.api';
import { useSearchKeyword } from '../../../app/useSearchKeyword';

/** Union managers (联考管理员) from the creator's own school, searched on the server by name or phone. */
export function UnionManagerSelect({
  schoolId,
  value = [],
  onChange,
  placeholder = '输入姓名或手机号搜索本校老师（可不选）',
}: {
  schoolId: number;
  placeholder?: string;
  value?: number[];
  onChange?: (ids: number[]) => void;
}) {
  const { setTyped, keyword } = useSearchKeyword();
  const teachers = useQuery({
    queryKey: ['exam-admin', 'teacher-search', schoolId, keyword],
    queryFn: () => examAdminApi.searchTeachers(schoolId, keyword),
    staleTime: 60_000,
    meta: { silent: true },
  });
  const [known, setKnown] = useState(new Map<number, string>());
  const options = (teachers.data?.items ?? []).map((t) => ({
    value: t.userId,
    label: `${t.name}${t.phone ? `（${t.phone}）` : ''}`,
  }));

  return (
    <Select<number[]>
      mode="multiple"
      aria-label="联考管理员"
      placeholder={placeholder}
      loading={teachers.isFetching}
      value={value}
      onChange={(ids, opts) => {
        const next = new Map(known);
        (Array.isArray(opts) ? opts : [opts]).forEach(
          (o) => o && typeof o.value === 'number' && next.set(o.value, String(o.label)),
        );
        setKnown(next);
        onChange?.(ids);
      }}
      // chosen people stay labelled when a new search no longer lists them
      options={[
        ...options,
        ...value
          .filter((id) => !options.some((o) => o.value === id))
          .map((id) => ({ value: id, label: known.get(id) ?? `用户 ${id}` })),
      ]}
      showSearch={{ filterOption: false, onSearch: setTyped }}
      notFoundContent={teachers.isFetching ? '正在搜索…' : '没有找到老师'}
    />
  );
}
