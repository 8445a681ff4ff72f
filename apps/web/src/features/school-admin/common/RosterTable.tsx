import type { UseQueryResult } from '@tanstack/react-query';
import type { TableColumnsType } from 'antd';
import type { ReactNode } from 'react';
import { PanelError } from './PanelError';
import { QueryTable } from '../../../components/QueryTable';

interface Props<T> {
  /** 学生 / 老师 */
  what: string;
  rowKey: keyof T & string;
  columns: TableColumnsType<T>;
  list: UseQueryResult<{ items: T[]; total: number }>;
  /** shown when the list is empty (after loading) */
  empty: ReactNode;
  selected: number[];
  onSelect: (ids: number[]) => void;
  page: number;
  size: number;
  onPage: (page: number, size: number) => void;
}

/** A school roster: paged, multi-selectable across pages, its own failure state in place of the table. */
export function RosterTable<T extends object>(p: Props<T>) {
  const { list } = p;
  if (list.isError && !list.data)
    return <PanelError what={`${p.what}名单`} error={list.error} onRetry={() => void list.refetch()} />;
  return (
    <QueryTable<T>
      rowKey={p.rowKey}
      size="middle"
      columns={p.columns}
      dataSource={list.data?.items ?? []}
      query={list}
      empty={p.empty}
      rowSelection={{
        selectedRowKeys: p.selected,
        onChange: (keys) => p.onSelect(keys.map(Number)),
        preserveSelectedRowKeys: true,
      }}
      pagination={{
        current: p.page,
        pageSize: p.size,
        total: list.data?.total ?? 0,
        showSizeChanger: true,
        pageSizeOptions: [20, 50, 100],
        showTotal: (t) => `共 ${t} 名${p.what}`,
        onChange: p.onPage,
      }}
    />
  );
}
