import type { TablePaginationConfig } from 'antd';

/**
 * The pagination of a table paged on the server: the page asked for, a fixed page size (no size changer) and
 * the server's total (0 until it answers); `more` adds to it (showTotal, …).
 */
export function serverPages(
  page: number,
  pageSize: number,
  total: number | undefined,
  onChange: (page: number) => void,
  more: TablePaginationConfig = {},
): TablePaginationConfig {
  return { current: page, pageSize, total: total ?? 0, onChange, showSizeChanger: false, ...more };
}
