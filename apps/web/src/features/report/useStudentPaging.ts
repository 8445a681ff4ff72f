import type { TablePaginationConfig } from 'antd';
import { useState } from 'react';

/**
 * The page and page size of a report's student list (学生成绩, 进退步), paged by the server: 20 a page at first,
 * and a new page size starts again at page 1.
 */
export function useStudentPaging() {
  const [page, setPage] = useState(1);
  const [size, setSize] = useState(20);
  const pagination = (total: number): TablePaginationConfig => ({
    current: page,
    pageSize: size,
    total,
    showSizeChanger: true,
    pageSizeOptions: [20, 50, 100],
    showTotal: (n) => `共 ${n} 人`,
    onChange: (p, s) => {
      setPage(s === size ? p : 1);
      setSize(s);
    },
  });
  return { page, size, setPage, pagination };
}
