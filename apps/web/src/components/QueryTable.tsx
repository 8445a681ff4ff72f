import { Empty, Table, type TableProps } from 'antd';
import type { ReactNode } from 'react';

/** What the table needs of the query its rows come from (react-query's result has both). */
interface QueryState {
  isFetching: boolean;
  isPending: boolean;
}

type Props<T> = Omit<TableProps<T>, 'loading' | 'locale'> & {
  query: QueryState;
  /** what an empty list says once it has loaded: a sentence (shown in an Empty) or a node of its own */
  empty: ReactNode;
};

/**
 * A table of a query's rows: the spinner while it fetches, a blank before its first answer (no "empty" flash
 * while loading), then `empty` when there are no rows.
 */
export function QueryTable<T extends object>({ query, empty, ...table }: Props<T>) {
  const emptyText = query.isPending ? ' ' : typeof empty === 'string' ? <Empty description={empty} /> : empty;
  return <Table<T> {...table} loading={query.isFetching} locale={{ emptyText }} />;
}
