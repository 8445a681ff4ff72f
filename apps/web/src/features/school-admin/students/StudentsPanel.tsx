import { useOneAtATime } from '../../../app/useOneAtATime';
import { PlusOutlined, UploadOutlined } from '@ant-design/icons';
import { GENDER_LABELS, type StudentItem, type StudentListQuery } from '@yj/contracts';
import { useQuery } from '@tanstack/react-query';
import {
  App,
  Button,
  Empty,
  Input,
  Popconfirm,
  Select,
  Space,
  Typography,
  type TableColumnsType,
} from 'antd';
import { useState } from 'react';
import { RosterBulkActions } from '../common/RosterBulkActions';
import { RosterTable } from '../common/RosterTable';
import { classOptions } from '../class-options';
import { schoolAdminApi } from '../school-admin.api';
import { schoolStatisticsQuery } from '../../school/useSchoolStatistics';
import { classesQuery, gradesQuery, studentsQuery, useRefreshSchool } from '../school-admin.queries';
import { StudentFormModal } from './StudentFormModal';
import { StudentImportModal } from './StudentImportModal';

const PAGE_SIZE = 20;

/** 学生 card: search, grade/class filters, add, edit, delete, delete all, import and export. */
export function StudentsPanel({ schoolId, schoolName }: { schoolId: number; schoolName: string }) {
  const { message } = App.useApp();
  const [q, setQ] = useState<StudentListQuery>({ page: 1, size: PAGE_SIZE });
  const [draft, setDraft] = useState('');
  const [selected, setSelected] = useState<number[]>([]);
  const [form, setForm] = useState<{ editing: StudentItem | null } | null>(null);
  const [importing, setImporting] = useState(false);
  const students = useQuery(studentsQuery(schoolId, q));
  const grades = useQuery(gradesQuery(schoolId));
  const classes = useQuery(classesQuery(schoolId));
  const stats = useQuery(schoolStatisticsQuery(schoolId));
  // The school's whole count, not the filtered page's: delete-all and export act on everyone.
  const schoolTotal = stats.data?.students ?? students.data?.total ?? 0;
  const refresh = useRefreshSchool(schoolId);

  const remove = useOneAtATime({
    mutationFn: (ids: number[]) => schoolAdminApi.deleteStudents(schoolId, ids),
    onSuccess: (r) => {
      void message.success(`已删除 ${r.deleted} 名学生`);
      setSelected([]);
      void refresh();
    },
  });
  const removeAll = useOneAtATime({
    mutationFn: (confirm: string) => schoolAdminApi.deleteAllStudents(schoolId, confirm),
    onSuccess: (r) => {
      void message.success(`已删除全部学生，共 ${r.deleted} 名`);
      setSelected([]);
      setQ({ page: 1, size: PAGE_SIZE });
      void refresh();
    },
  });

  const patch = (p: Partial<StudentListQuery>) => setQ((old) => ({ ...old, ...p, page: 1 }));
  const filtered = Boolean(q.keyword || q.gradeId || q.classId);

  const columns: TableColumnsType<StudentItem> = [
    {
      title: '姓名',
      dataIndex: 'name',
      width: 140,
      render: (v: string) => <Typography.Text strong>{v}</Typography.Text>,
    },
    { title: '学号', dataIndex: 'xuehao', width: 160 },
    { title: '性别', dataIndex: 'gender', width: 80, render: (g: number) => (g ? GENDER_LABELS[g] : '—') },
    { title: '年级', dataIndex: 'gradeName', width: 100 },
    { title: '班级', dataIndex: 'className' },
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
            title={`删除学生 ${row.name}？`}
            description="删除后不再出现在名单和新考试中。"
            okText="删除"
            okButtonProps={{ danger: true }}
            cancelText="取消"
            onConfirm={() => remove.mutateAsync([row.id])}
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
    <Empty description="没有符合条件的学生，请调整搜索或筛选条件">
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
    <Empty description="本校还没有学生。可以下载模板批量导入，或逐个新增。">
      <Space>
        <Button type="primary" icon={<UploadOutlined />} onClick={() => setImporting(true)}>
          批量导入
        </Button>
        <Button icon={<PlusOutlined />} onClick={() => setForm({ editing: null })}>
          新增学生
        </Button>
      </Space>
    </Empty>
  );

  return (
    <div data-testid="students-panel">
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
            placeholder="搜索姓名或学号"
            style={{ width: 220 }}
            value={draft}
            maxLength={30}
            onChange={(e) => setDraft(e.target.value)}
            onSearch={(v) => patch({ keyword: v.trim() || undefined })}
          />
          <Select
            allowClear
            placeholder="全部年级"
            style={{ width: 130 }}
            value={q.gradeId}
            options={(grades.data ?? []).map((g) => ({ label: g.name, value: g.id }))}
            onChange={(gradeId?: number) => patch({ gradeId, classId: undefined })}
          />
          <Select
            allowClear
            placeholder="全部班级"
            style={{ width: 160 }}
            value={q.classId}
            options={classOptions(classes.data ?? [], q.gradeId)}
            onChange={(classId?: number) => patch({ classId })}
          />
        </Space>
        <Space wrap>
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setForm({ editing: null })}>
            新增学生
          </Button>
          <Button icon={<UploadOutlined />} onClick={() => setImporting(true)}>
            批量导入
          </Button>
          <RosterBulkActions
            what="学生"
            total={schoolTotal}
            schoolName={schoolName}
            exportPath={`/api/school/${schoolId}/students/export`}
            exportName="学生名单.xlsx"
            selected={selected.length}
            selectedTitle={`删除选中的 ${selected.length} 名学生？`}
            selectedOkText="删除"
            onRemoveSelected={() => remove.mutateAsync(selected)}
            removeAllPending={removeAll.isPending}
            onRemoveAll={(typed) => removeAll.mutateAsync(typed)}
          />
        </Space>
      </div>
      <RosterTable<StudentItem>
        what="学生"
        rowKey="id"
        columns={columns}
        list={students}
        empty={empty}
        selected={selected}
        onSelect={setSelected}
        page={q.page}
        size={q.size}
        onPage={(page, size) => setQ((old) => ({ ...old, page, size }))}
      />
      <StudentFormModal
        schoolId={schoolId}
        classes={classes.data ?? []}
        editing={form?.editing ?? null}
        open={form !== null}
        onClose={() => setForm(null)}
        onSaved={() => void refresh()}
      />
      <StudentImportModal
        schoolId={schoolId}
        open={importing}
        onClose={() => setImporting(false)}
        onImported={() => void refresh()}
      />
    </div>
  );
}
