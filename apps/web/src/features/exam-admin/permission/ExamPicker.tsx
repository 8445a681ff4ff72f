import { EXAM_TYPE_LABELS, type ExamListItem } from '@yj/contracts';
import { useQuery } from '@tanstack/react-query';
import { Empty, Select, Tag, Typography } from 'antd';
import { useState } from 'react';
import { examListQuery } from '../exam-admin.queries';
import { dateRange } from '../exam-columns';
import type { ExamListRequest } from '../list-query';

const SIZE = 50;

/** The exams of both management lists (校内考试 and 联考, hidden ones too), newest first as the server sends. */
export function useManagedExams(keyword: string) {
  const q: ExamListRequest = { page: 1, size: SIZE, includeHidden: true };
  if (keyword.trim()) q.keyword = keyword.trim();
  const single = useQuery({ ...examListQuery(false, q), meta: { silent: true } });
  const joint = useQuery({ ...examListQuery(true, q), meta: { silent: true } });
  const exams: ExamListItem[] = [...(single.data?.items ?? []), ...(joint.data?.items ?? [])];
  return {
    exams,
    pending: single.isPending || joint.isPending,
    fetching: single.isFetching || joint.isFetching,
    error: single.error ?? joint.error,
    retry: () => void Promise.all([single.refetch(), joint.refetch()]),
  };
}

/** Picks one exam by name, searching on the server. */
export function ExamPicker({
  value,
  valueName,
  onChange,
  width = 320,
}: {
  value?: number;
  /** shown for the chosen exam while a search leaves it out of the options */
  valueName?: string;
  onChange: (examId: number) => void;
  width?: number | string;
}) {
  const [keyword, setKeyword] = useState('');
  const list = useManagedExams(keyword);
  return (
    <Select<number>
      aria-label="选择考试"
      placeholder="输入考试名称搜索"
      style={{ width }}
      value={value}
      loading={list.fetching}
      labelRender={(v) => list.exams.find((e) => e.id === v.value)?.name ?? valueName ?? v.label}
      onChange={onChange}
      showSearch={{ filterOption: false, onSearch: setKeyword }}
      notFoundContent={
        list.fetching ? undefined : (
          <Empty
            image={Empty.PRESENTED_IMAGE_SIMPLE}
            description={
              list.error
                ? '考试列表加载失败，请重试'
                : keyword
                  ? '没有名称相符的考试'
                  : '还没有可以管理的考试'
            }
          />
        )
      }
      options={list.exams.map((e) => ({ value: e.id, label: e.name, exam: e }))}
      optionRender={(opt) => {
        const e = opt.data.exam as ExamListItem;
        return (
          <div style={{ display: 'flex', alignItems: 'center', gap: 8 }}>
            <span>{e.name}</span>
            <Tag style={{ marginInlineEnd: 0 }}>{EXAM_TYPE_LABELS[e.type] ?? '考试'}</Tag>
            {e.hidden && <Tag style={{ marginInlineEnd: 0 }}>已隐藏</Tag>}
            <Typography.Text type="secondary" style={{ marginLeft: 'auto' }}>
              {dateRange(e.startDate, e.endDate)}
            </Typography.Text>
          </div>
        );
      }}
    />
  );
}
