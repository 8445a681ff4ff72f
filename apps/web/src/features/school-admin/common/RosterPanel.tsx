import { PlusOutlined, UploadOutlined } from '@ant-design/icons';
import type { UseQueryResult } from '@tanstack/react-query';
import { App, Button, Empty, Input, Popconfirm, Space, type TableColumnsType } from 'antd';
import { useState, type ReactNode } from 'react';
import { useOneAtATime } from '../../../app/useOneAtATime';
import { RosterBulkActions } from './RosterBulkActions';
import { RosterTable } from './RosterTable';

const PAGE_SIZE = 20;

interface RosterQuery {
  page: number;
  size: number;
  keyword?: string;
}

/**
 * The state of a school roster card (学生, 老师): its list query, the search box's text, the rows selected
 * across pages, the add/edit form (`editing` null: adding) and whether the import dialog is open.
 */
export function useRoster<T, Q extends RosterQuery>() {
  const [q, setQ] = useState<Q>({ page: 1, size: PAGE_SIZE } as Q);
  const [draft, setDraft] = useState('');
  const [selected, setSelected] = useState<number[]>([]);
  const [form, setForm] = useState<{ editing: T | null } | null>(null);
  const [importing, setImporting] = useState(false);
  /** a filter changed: back to its first page */
  const patch = (p: Partial<Q>) => setQ((old) => ({ ...old, ...p, page: 1 }));
  return { q, setQ, patch, draft, setDraft, selected, setSelected, form, setForm, importing, setImporting };
}

export type Roster<T, Q extends RosterQuery> = ReturnType<typeof useRoster<T, Q>>;

interface Props<T extends object, Q extends RosterQuery> {
  testId: string;
  /** 学生 / 老师 */
  what: string;
  roster: Roster<T, Q>;
  list: UseQueryResult<{ items: T[]; total: number }>;
  rowKey: keyof T & string;
  idOf: (row: T) => number;
  /** the roster's own columns; 操作 (编辑, 删除) is added after them */
  columns: TableColumnsType<T>;
  /** the school's whole count, not the filtered page's: delete-all and export act on everyone */
  total: number;
  schoolName: string;
  exportPath: string;
  exportName: string;
  searchPlaceholder: string;
  /** the selects after the search box */
  filters: ReactNode;
  /** some search or filter is set (the empty list then offers 清除筛选) */
  filtered: boolean;
  /** the empty school's words, and its two offers (批量导入 first where importing is the usual way in) */
  emptyText: string;
  importFirst?: boolean;
  /** a row's 删除: the confirmation, and the word of its button, e.g. 删除 / 移出 */
  removeTitle: (row: T) => string;
  removeDescription: string;
  removeOkText: string;
  /** 删除所选's confirmation for n rows */
  removeSelectedTitle: (n: number) => string;
  remove: (ids: number[]) => Promise<{ deleted: number }>;
  removed: (n: number) => string;
  removeAll: (confirm: string) => Promise<{ deleted: number }>;
  removedAll: (n: number) => string;
  refresh: () => Promise<unknown>;
  /** the card's dialogs (form, import, initial password) */
  children: ReactNode;
}

/** A school roster card: search and filters, add, import, export, delete (one, selected, all), a paged table. */
export function RosterPanel<T extends object, Q extends RosterQuery>(p: Props<T, Q>) {
  const { message } = App.useApp();
  const { roster: r } = p;
  const remove = useOneAtATime({
    mutationFn: (ids: number[]) => p.remove(ids),
    onSuccess: (res) => {
      void message.success(p.removed(res.deleted));
      r.setSelected([]);
      void p.refresh();
    },
  });
  const removeAll = useOneAtATime({
    mutationFn: (confirm: string) => p.removeAll(confirm),
    onSuccess: (res) => {
      void message.success(p.removedAll(res.deleted));
      r.setSelected([]);
      r.setQ({ page: 1, size: PAGE_SIZE } as Q);
      void p.refresh();
    },
  });

  const columns: TableColumnsType<T> = [
    ...p.columns,
    {
      title: '操作',
      key: 'op',
      width: 140,
      render: (_v, row) => (
        <Space size={4}>
          <Button type="link" size="small" onClick={() => r.setForm({ editing: row })}>
            编辑
          </Button>
          <Popconfirm
            title={p.removeTitle(row)}
            description={p.removeDescription}
            okText={p.removeOkText}
            okButtonProps={{ danger: true }}
            cancelText="取消"
            onConfirm={() => remove.mutateAsync([p.idOf(row)])}
          >
            <Button type="link" size="small" danger>
              删除
            </Button>
          </Popconfirm>
        </Space>
      ),
    },
  ];

  const add = (primary: boolean) => (
    <Button
      key="add"
      type={primary ? 'primary' : undefined}
      icon={<PlusOutlined />}
      onClick={() => r.setForm({ editing: null })}
    >
      新增{p.what}
    </Button>
  );
  const upload = (primary: boolean) => (
    <Button
      key="import"
      type={primary ? 'primary' : undefined}
      icon={<UploadOutlined />}
      onClick={() => r.setImporting(true)}
    >
      批量导入
    </Button>
  );
  const empty = p.filtered ? (
    <Empty description={`没有符合条件的${p.what}，请调整搜索或筛选条件`}>
      <Button
        onClick={() => {
          r.setDraft('');
          r.setQ({ page: 1, size: PAGE_SIZE } as Q);
        }}
      >
        清除筛选
      </Button>
    </Empty>
  ) : (
    <Empty description={p.emptyText}>
      <Space>{p.importFirst ? [upload(true), add(false)] : [add(true), upload(false)]}</Space>
    </Empty>
  );

  return (
    <div data-testid={p.testId}>
      <div
        style={{
          display: 'flex',
          flexWrap: 'wrap',
          gap: 12,
          justifyContent: 'space-between',
          marginBottom: 16,
        }}
      >
        <Space wrap>
          <Input.Search
            allowClear
            placeholder={p.searchPlaceholder}
            style={{ width: 220 }}
            value={r.draft}
            maxLength={30}
            onChange={(e) => r.setDraft(e.target.value)}
            onSearch={(v) => r.patch({ keyword: v.trim() || undefined } as Partial<Q>)}
          />
          {p.filters}
        </Space>
        <Space wrap>
          {add(true)}
          {upload(false)}
          <RosterBulkActions
            what={p.what}
            total={p.total}
            schoolName={p.schoolName}
            exportPath={p.exportPath}
            exportName={p.exportName}
            selected={r.selected.length}
            selectedTitle={p.removeSelectedTitle(r.selected.length)}
            selectedOkText={p.removeOkText}
            onRemoveSelected={() => remove.mutateAsync(r.selected)}
            removeAllPending={removeAll.isPending}
            onRemoveAll={(typed) => removeAll.mutateAsync(typed)}
          />
        </Space>
      </div>
      <RosterTable<T>
        what={p.what}
        rowKey={p.rowKey}
        columns={columns}
        list={p.list}
        empty={empty}
        selected={r.selected}
        onSelect={r.setSelected}
        page={r.q.page}
        size={r.q.size}
        onPage={(page, size) => r.setQ((old) => ({ ...old, page, size }))}
      />
      {p.children}
    </div>
  );
}
