import { useOneAtATime } from '../../../app/useOneAtATime';
import { PlusOutlined, UploadOutlined } from '@ant-design/icons';
import type { TeacherItem } from '@yj/contracts';
import { useQuery } from '@tanstack/react-query';
import {
  App,
  Button,
  Empty,
  Input,
  Popconfirm,
  Select,
  Space,
  Tag,
  Tooltip,
  Typography,
  type TableColumnsType,
} from 'antd';
import { useState } from 'react';
import { schoolStatisticsQuery } from '../../school/useSchoolStatistics';
import { InitialPasswordModal, type NewAccount } from '../common/InitialPasswordModal';
import { RosterBulkActions } from '../common/RosterBulkActions';
import { RosterTable } from '../common/RosterTable';
import { schoolAdminApi, type TeacherListQuery } from '../school-admin.api';
import { classesQuery, coursesQuery, teachersQuery, useRefreshSchool } from '../school-admin.queries';
import { TeacherFormModal } from './TeacherFormModal';
import { TeacherImportModal } from './TeacherImportModal';

const PAGE_SIZE = 20;

/** 老师 card: search by name or phone, filter by subject, add, edit, delete, import, export. */
export function TeachersPanel({ schoolId, schoolName }: { schoolId: number; schoolName: string }) {
  const { message } = App.useApp();
  const [q, setQ] = useState<TeacherListQuery>({ page: 1, size: PAGE_SIZE });
  const [draft, setDraft] = useState('');
  const [selected, setSelected] = useState<number[]>([]);
  const [form, setForm] = useState<{ editing: TeacherItem | null } | null>(null);
  const [importing, setImporting] = useState(false);
  const [account, setAccount] = useState<NewAccount | null>(null);
  const teachers = useQuery(teachersQuery(schoolId, q));
  const classes = useQuery(classesQuery(schoolId));
  const courses = useQuery(coursesQuery);
  const stats = useQuery(schoolStatisticsQuery(schoolId));
  const schoolTotal = stats.data?.teachers ?? teachers.data?.total ?? 0;
  const refresh = useRefreshSchool(schoolId);

  const remove = useOneAtATime({
    mutationFn: (ids: number[]) => schoolAdminApi.deleteTeachers(schoolId, ids),
    onSuccess: (r) => {
      void message.success(`已将 ${r.deleted} 名老师移出本校`);
      setSelected([]);
      void refresh();
    },
  });
  const removeAll = useOneAtATime({
    mutationFn: (confirm: string) => schoolAdminApi.deleteAllTeachers(schoolId, confirm),
    onSuccess: (r) => {
      void message.success(`已删除全部老师，共 ${r.deleted} 名`);
      setSelected([]);
      setQ({ page: 1, size: PAGE_SIZE });
      void refresh();
    },
  });

  const patch = (p: Partial<TeacherListQuery>) => setQ((old) => ({ ...old, ...p, page: 1 }));
  const filtered = Boolean(q.keyword || q.subject);

  const columns: TableColumnsType<TeacherItem> = [
    {
      title: '姓名',
      dataIndex: 'name',
      width: 150,
      render: (v: string, row) => (
        <Space size={6}>
          <Typography.Text strong>{v}</Typography.Text>
          {row.mustChangePassword && (
            <Tooltip title="尚未首次登录修改初始密码">
              <Tag color="orange" variant="filled">
                未激活
              </Tag>
            </Tooltip>
          )}
        </Space>
      ),
    },
    { title: '手机号', dataIndex: 'phone', width: 140, render: (v: string | null) => v ?? '—' },
    {
      title: '任教学科',
      dataIndex: 'subjects',
      width: 200,
      render: (s: string[]) =>
        s.length ? (
          s.map((x) => <Tag key={x}>{x}</Tag>)
        ) : (
          <Typography.Text type="secondary">未设置</Typography.Text>
        ),
    },
    {
      title: '任教班级',
      dataIndex: 'classes',
      render: (c: TeacherItem['classes']) =>
        c.length ? (
          c.map((x) => x.name).join('、')
        ) : (
          <Typography.Text type="secondary">未设置</Typography.Text>
        ),
    },
    {
      title: '操作',
      key: 'op',
      width: 140,
      render: (_v, row) => (
        <Space size={4}>
          <Button type="link" size="small" onClick={() => setForm({ editing: row })}>
            编辑
          </Button>
          <Popconfirm
            title={`将 ${row.name} 移出本校？`}
            description="账号和历史阅卷记录保留，但不能再被分配本校的任务。"
            okText="移出"
            okButtonProps={{ danger: true }}
            cancelText="取消"
            onConfirm={() => remove.mutateAsync([row.userId])}
          >
            <Button type="link" size="small" danger>
              删除
            </Button>
          </Popconfirm>
        </Space>
      ),
    },
  ];

  const empty = filtered ? (
    <Empty description="没有符合条件的老师，请调整搜索或筛选条件">
      <Button
        onClick={() => {
          setDraft('');
          setQ({ page: 1, size: PAGE_SIZE });
        }}
      >
        清除筛选
      </Button>
    </Empty>
  ) : (
    <Empty description="本校还没有老师。添加老师后，才能为他们分配阅卷、扫描等任务。">
      <Space>
        <Button type="primary" icon={<PlusOutlined />} onClick={() => setForm({ editing: null })}>
          新增老师
        </Button>
        <Button icon={<UploadOutlined />} onClick={() => setImporting(true)}>
          批量导入
        </Button>
      </Space>
    </Empty>
  );

  return (
    <div data-testid="teachers-panel">
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
            placeholder="搜索姓名或手机号"
            style={{ width: 220 }}
            value={draft}
            maxLength={30}
            onChange={(e) => setDraft(e.target.value)}
            onSearch={(v) => patch({ keyword: v.trim() || undefined })}
          />
          <Select
            allowClear
            placeholder="全部学科"
            style={{ width: 140 }}
            value={q.subject}
            options={(courses.data ?? []).map((c) => ({ label: c, value: c }))}
            onChange={(subject?: string) => patch({ subject })}
          />
        </Space>
        <Space wrap>
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setForm({ editing: null })}>
            新增老师
          </Button>
          <Button icon={<UploadOutlined />} onClick={() => setImporting(true)}>
            批量导入
          </Button>
          <RosterBulkActions
            what="老师"
            total={schoolTotal}
            schoolName={schoolName}
            exportPath={`/api/school/${schoolId}/teachers/export`}
            exportName="老师名单.xlsx"
            selected={selected.length}
            selectedTitle={`将选中的 ${selected.length} 名老师移出本校？`}
            selectedOkText="移出"
            onRemoveSelected={() => remove.mutateAsync(selected)}
            removeAllPending={removeAll.isPending}
            onRemoveAll={(typed) => removeAll.mutateAsync(typed)}
          />
        </Space>
      </div>
      <RosterTable<TeacherItem>
        what="老师"
        rowKey="userId"
        columns={columns}
        list={teachers}
        empty={empty}
        selected={selected}
        onSelect={setSelected}
        page={q.page}
        size={q.size}
        onPage={(page, size) => setQ((old) => ({ ...old, page, size }))}
      />
      <TeacherFormModal
        schoolId={schoolId}
        classes={classes.data ?? []}
        editing={form?.editing ?? null}
        open={form !== null}
        onClose={() => setForm(null)}
        onSaved={(v, created) => {
          if (created?.initialPassword)
            setAccount({ name: v.name, account: v.phone, password: created.initialPassword });
          void refresh();
        }}
      />
      <TeacherImportModal
        schoolId={schoolId}
        open={importing}
        onClose={() => setImporting(false)}
        onImported={() => void refresh()}
      />
      <InitialPasswordModal account={account} onClose={() => setAccount(null)} />
    </div>
  );
}
