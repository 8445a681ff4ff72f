import { useContext } from 'react';
import { Card, Table } from 'antd';
import { reportTable, type Report, type ReportCell, type ReportSheet } from '@yj/contracts';
import { ReportExportPath } from './report-export';
import { DownloadButton } from '../school-admin/DownloadButton';

type Row = { key: number; cells: ReportCell[] };

/**
 * The props of every wide report table: it scrolls sideways inside its card, and the scrollbar sticks to the
 * window's foot while the table is in sight (at 1366 a long table's own scrollbar sat below the fold, so the
 * columns past the edge looked cut off); the header sticks under the app's 64 px bar.
 */
export const WIDE_TABLE = { scroll: { x: 'max-content' as const }, sticky: { offsetHeader: 64 } };

const compare = (a: ReportCell, b: ReportCell) =>
  typeof a === 'number' && typeof b === 'number'
    ? a - b
    : // an empty figure ('') sorts below every number
      typeof a === 'number'
      ? 1
      : typeof b === 'number'
        ? -1
        : String(a).localeCompare(String(b), 'zh');

/**
 * One table of a report — the rows the Excel export writes, so a download matches the screen — every column
 * sortable, with its 导出 Excel button.
 */
export function ReportTableCard({
  report,
  sheet,
  empty,
  extra,
}: {
  report: Report;
  sheet: ReportSheet;
  empty: string;
  extra?: React.ReactNode;
}) {
  const t = reportTable(report, sheet);
  const exportPath = useContext(ReportExportPath);
  const columns = t.headers.map((h, i) => ({
    title: h,
    key: String(i),
    render: (r: Row) => r.cells[i],
    sorter: (a: Row, b: Row) => compare(a.cells[i]!, b.cells[i]!),
    fixed: i === 0 ? ('left' as const) : undefined,
  }));
  return (
    <Card
      size="small"
      title={t.title}
      data-testid={`report-table-${sheet}`}
      extra={
        <>
          {extra}
          <DownloadButton
            size="small"
            disabled={!t.rows.length}
            path={exportPath(report, sheet)}
            fileName={`${t.title}.xlsx`}
          >
            导出 Excel
          </DownloadButton>
        </>
      }
    >
      <Table<Row>
        size="small"
        rowKey="key"
        columns={columns}
        dataSource={t.rows.map((cells, key) => ({ key, cells }))}
        pagination={t.rows.length > 50 ? { pageSize: 50, showSizeChanger: false } : false}
        {...WIDE_TABLE}
        locale={{ emptyText: empty }}
        showSorterTooltip={{ title: '点击排序' }}
      />
    </Card>
  );
}
