import { Card, Table, type TableColumnsType } from 'antd';
import type { ReactNode } from 'react';
import { ClassSearch } from './ClassSearch';

/** The query of a paged, sorted list of examinees' scores, by class and name / exam number. */
interface ScoreListQuery {
  page: number;
  size: number;
  sort: string;
  order: 'asc' | 'desc';
  classId?: number;
  keyword?: string;
}

/**
 * A page of examinees' scores (学生成绩, 全科成绩): the card counting them, the class filter and search, the
 * table paged and sorted by the server. `sortOf` turns the column sorted on (null: none) into the query's sort.
 */
export function ExamineeScoreCard<Row extends { examineeId: number }, Q extends ScoreListQuery>(props: {
  testId?: string;
  /** the card's title until the count is known */
  title: string;
  data: { total: number; classes: Array<{ id: number; name: string }>; items: Row[] } | undefined;
  loading: boolean;
  q: Q;
  setQ: (q: Q) => void;
  columns: TableColumnsType<Row>;
  /** what the empty table says when nothing filters it */
  emptyText: string;
  sortOf: (columnKey: string | null) => Q['sort'];
  children?: ReactNode;
}) {
  const { data, q, setQ } = props;
  return (
    <Card
      data-testid={props.testId}
      title={data ? `共 ${data.total} 名考生` : props.title}
      extra={
        <ClassSearch
          classes={data?.classes ?? []}
          classId={q.classId}
          onClass={(classId) => setQ({ ...q, classId, page: 1 })}
          onSearch={(keyword) => setQ({ ...q, keyword, page: 1 })}
        />
      }
    >
      <Table<Row>
        rowKey="examineeId"
        size="small"
        loading={props.loading}
        dataSource={data?.items}
        columns={props.columns}
        scroll={{ x: 'max-content' }}
        locale={{ emptyText: q.keyword || q.classId ? '没有符合条件的考生' : props.emptyText }}
        pagination={{ current: q.page, pageSize: q.size, total: data?.total ?? 0, showSizeChanger: false }}
        onChange={(p, _f, s) => {
          const one = Array.isArray(s) ? s[0] : s;
          const key = one?.order && one.columnKey != null ? String(one.columnKey) : null;
          setQ({
            ...q,
            page: p.current ?? 1,
            sort: props.sortOf(key),
            order: one?.order === 'descend' ? 'desc' : 'asc',
          });
        }}
      />
      {props.children}
    </Card>
  );
}
