import type { SitterRow } from '@yj/contracts';
import { Table, type TableProps } from 'antd';

/** One page of a sitters list as the server answers it. */
interface SitterPage {
  items: SitterRow[];
  total: number;
}

/**
 * A sitters list's table: 考号 / 姓名 / 班级 first, then the card's own columns, paged by the server.
 * Shared by 考生作答情况 and 补考 so the two lists read and page alike.
 */
export function SitterTable(p: {
  list: { isFetching: boolean; data?: SitterPage };
  page: number;
  size: number;
  onPage: (page: number) => void;
  columns: NonNullable<TableProps<SitterRow>['columns']>;
  rowSelection?: TableProps<SitterRow>['rowSelection'];
}) {
  return (
    <Table<SitterRow>
      rowKey="examineeId"
      size="small"
      loading={p.list.isFetching}
      dataSource={p.list.data?.items ?? []}
      pagination={{ current: p.page, pageSize: p.size, total: p.list.data?.total ?? 0, onChange: p.onPage }}
      rowSelection={p.rowSelection}
      columns={[
        { title: '考号', dataIndex: 'kaohao' },
        { title: '姓名', dataIndex: 'name' },
        { title: '班级', dataIndex: 'className' },
        ...p.columns,
      ]}
    />
  );
}
