import type { SitterRow } from '@yj/contracts';
import { Table, type TableProps } from 'antd';
import type { ReactNode } from 'react';
import type { Sitters } from './useSitters';

/**
 * A sitters list's table: 考号 / 姓名 / 班级 first, then the card's own columns, and its 操作 column when the
 * user may act (`action`), paged by the server. Shared by 考生作答情况 and 补考 so the two lists read alike.
 */
export function SitterTable(p: {
  sitters: Sitters;
  columns: NonNullable<TableProps<SitterRow>['columns']>;
  action?: (r: SitterRow) => ReactNode;
  rowSelection?: TableProps<SitterRow>['rowSelection'];
}) {
  const { list, page, size, setPage } = p.sitters;
  const action = p.action;
  return (
    <Table<SitterRow>
      rowKey="examineeId"
      size="small"
      loading={list.isFetching}
      dataSource={list.data?.items ?? []}
      pagination={{ current: page, pageSize: size, total: list.data?.total ?? 0, onChange: setPage }}
      rowSelection={p.rowSelection}
      columns={[
        { title: '考号', dataIndex: 'kaohao' },
        { title: '姓名', dataIndex: 'name' },
        { title: '班级', dataIndex: 'className' },
        ...p.columns,
        ...(action ? [{ title: '操作', render: (_: unknown, r: SitterRow) => action(r) }] : []),
      ]}
    />
  );
}
