import type { ImportError } from '@yj/contracts';
import { Table, Typography, type TableColumnsType } from 'antd';

const columns: TableColumnsType<ImportError> = [
  { title: '行号', dataIndex: 'row', width: 90, render: (r: number) => `第 ${r} 行` },
  { title: '列', dataIndex: 'column', width: 110, render: (c: string) => c || '—' },
  {
    title: '问题',
    dataIndex: 'message',
    render: (m: string) => <Typography.Text type="danger">{m}</Typography.Text>,
  },
];

/** Every problem of an import file, by Excel row and column, so the admin can fix the file. */
export function ImportErrorTable({ errors }: { errors: ImportError[] }) {
  return (
    <Table<ImportError>
      data-testid="import-errors"
      size="small"
      rowKey={(e) => `${e.row}-${e.column}-${e.message}`}
      columns={columns}
      dataSource={errors}
      pagination={errors.length > 8 ? { pageSize: 8, size: 'small', showSizeChanger: false } : false}
    />
  );
}

/** How many distinct rows the errors touch (one row may have several problems). */
export function badRowCount(errors: ImportError[]): number {
  return new Set(errors.map((e) => e.row)).size;
}
