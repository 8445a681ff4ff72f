import { EXAM_TYPE_LABELS, ExamType } from '@yj/contracts';
import { useQuery } from '@tanstack/react-query';
import { Button, DatePicker, Input, Select, Space, Switch, Typography } from 'antd';
import dayjs from 'dayjs';
import { useState, type ReactNode } from 'react';
import { gradesQuery } from './exam-admin.queries';
import { EXAM_STATE_OPTIONS, type ExamState } from './exam-state';
import { EMPTY_FILTERS, hasFilters, type ExamListFilters } from './list-query';

const TYPE_OPTIONS = [ExamType.single, ExamType.quiz, ExamType.online].map((t) => ({
  value: t,
  label: EXAM_TYPE_LABELS[t],
}));

/** A filter of one field: cleared, it reads 全部… and the list is not filtered by that field. */
function FilterSelect<T extends number | string>(p: {
  placeholder: string;
  value: T | undefined;
  loading?: boolean;
  options: { value: T; label: ReactNode }[];
  onChange: (v: T | undefined) => void;
}) {
  return (
    <Select<T>
      allowClear
      placeholder={p.placeholder}
      style={{ width: 130 }}
      value={p.value}
      loading={p.loading}
      options={p.options}
      onChange={p.onChange}
    />
  );
}

/** Search, grade, type, state, date range and the hidden switch of an exam list. */
export function ExamFilterBar({
  value,
  onChange,
  schoolId,
  joint,
}: {
  value: ExamListFilters;
  onChange: (f: ExamListFilters) => void;
  schoolId: number | null;
  joint: boolean;
}) {
  const [draft, setDraft] = useState(value.keyword);
  // A joint exam's grade is a name shared by schools, not one school's grade: no grade filter there.
  const grades = useQuery({ ...gradesQuery(schoolId ?? 0), enabled: !joint && schoolId !== null });
  const set = (patch: Partial<ExamListFilters>) => onChange({ ...value, ...patch });

  return (
    <div
      style={{ display: 'flex', flexWrap: 'wrap', gap: 12, alignItems: 'center' }}
      data-testid="exam-filters"
    >
      <Input.Search
        allowClear
        placeholder="搜索考试名称"
        maxLength={50}
        style={{ width: 240 }}
        value={draft}
        onChange={(e) => setDraft(e.target.value)}
        onSearch={(v) => set({ keyword: v.trim() })}
      />
      {!joint && schoolId !== null && (
        <FilterSelect<number>
          placeholder="全部年级"
          value={value.gradeId}
          loading={grades.isPending}
          options={(grades.data ?? []).map((g) => ({ value: g.id, label: g.name }))}
          onChange={(gradeId) => set({ gradeId })}
        />
      )}
      {!joint && (
        <FilterSelect<number>
          placeholder="全部类型"
          value={value.type}
          options={TYPE_OPTIONS}
          onChange={(type) => set({ type })}
        />
      )}
      <FilterSelect<ExamState>
        placeholder="全部状态"
        value={value.state}
        options={EXAM_STATE_OPTIONS}
        onChange={(state) => set({ state })}
      />
      <DatePicker.RangePicker
        style={{ width: 250 }}
        placeholder={['开考日期起', '开考日期止']}
        value={value.dateFrom && value.dateTo ? [dayjs(value.dateFrom), dayjs(value.dateTo)] : null}
        onChange={(r) =>
          set({
            dateFrom: r?.[0]?.format('YYYY-MM-DD') ?? undefined,
            dateTo: r?.[1]?.format('YYYY-MM-DD') ?? undefined,
          })
        }
      />
      <Space size={6}>
        <Switch
          size="small"
          checked={value.includeHidden}
          onChange={(includeHidden) => set({ includeHidden })}
          aria-label="显示已隐藏的考试"
        />
        <Typography.Text type="secondary">显示已隐藏</Typography.Text>
      </Space>
      {hasFilters(value) && (
        <Button
          type="link"
          onClick={() => {
            setDraft('');
            onChange({ ...EMPTY_FILTERS, includeHidden: value.includeHidden });
          }}
        >
          清除筛选
        </Button>
      )}
    </div>
  );
}
