import type { TeacherItem } from '@yj/contracts';
import { useQuery } from '@tanstack/react-query';
import { Select, Space, Tag, Tooltip, Typography, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { schoolStatisticsQuery } from '../../school/useSchoolStatistics';
import { InitialPasswordModal, type NewAccount } from '../common/InitialPasswordModal';
import { RosterPanel, useRoster } from '../common/RosterPanel';
import { schoolAdminApi, type TeacherListQuery } from '../school-admin.api';
import { classesQuery, coursesQuery, teachersQuery, useRefreshSchool } from '../school-admin.queries';
import { TeacherFormModal } from './TeacherFormModal';
import { TeacherImportModal } from './TeacherImportModal';

const unset = <Typography.Text type="secondary">未设置</Typography.Text>;

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
    render: (s: string[]) => (s.length ? s.map((x) => <Tag key={x}>{x}</Tag>) : unset),
  },
  {
    title: '任教班级',
    dataIndex: 'classes',
    render: (c: TeacherItem['classes']) => (c.length ? c.map((x) => x.name).join('、') : unset),
  },
];

/** 老师 card: search by name or phone, filter by subject, add, edit, delete, import, export. */
export function TeachersPanel({ schoolId, schoolName }: { schoolId: number; schoolName: string }) {
  const roster = useRoster<TeacherItem, TeacherListQuery>();
  const { q, patch } = roster;
  const [account, setAccount] = useState<NewAccount | null>(null);
  const teachers = useQuery(teachersQuery(schoolId, q));
  const classes = useQuery(classesQuery(schoolId));
  const courses = useQuery(coursesQuery);
  const stats = useQuery(schoolStatisticsQuery(schoolId));
  const refresh = useRefreshSchool(schoolId);

  return (
    <RosterPanel<TeacherItem, TeacherListQuery>
      testId="teachers-panel"
      what="老师"
      roster={roster}
      list={teachers}
      rowKey="userId"
      idOf={(t) => t.userId}
      columns={columns}
      total={stats.data?.teachers ?? teachers.data?.total ?? 0}
      schoolName={schoolName}
      exportPath={`/api/school/${schoolId}/teachers/export`}
      exportName="老师名单.xlsx"
      searchPlaceholder="搜索姓名或手机号"
      filters={
        <Select
          allowClear
          placeholder="全部学科"
          style={{ width: 140 }}
          value={q.subject}
          options={(courses.data ?? []).map((c) => ({ label: c, value: c }))}
          onChange={(subject?: string) => patch({ subject })}
        />
      }
      filtered={Boolean(q.keyword || q.subject)}
      emptyText="本校还没有老师。添加老师后，才能为他们分配阅卷、扫描等任务。"
      removeTitle={(t) => `将 ${t.name} 移出本校？`}
      removeDescription="账号和历史阅卷记录保留，但不能再被分配本校的任务。"
      removeOkText="移出"
      removeSelectedTitle={(n) => `将选中的 ${n} 名老师移出本校？`}
      remove={(ids) => schoolAdminApi.deleteTeachers(schoolId, ids)}
      removed={(n) => `已将 ${n} 名老师移出本校`}
      removeAll={(confirm) => schoolAdminApi.deleteAllTeachers(schoolId, confirm)}
      removedAll={(n) => `已删除全部老师，共 ${n} 名`}
      refresh={refresh}
    >
      <TeacherFormModal
        schoolId={schoolId}
        classes={classes.data ?? []}
        editing={roster.form?.editing ?? null}
        open={roster.form !== null}
        onClose={() => roster.setForm(null)}
        onSaved={(v, created) => {
          if (created?.initialPassword)
            setAccount({ name: v.name, account: v.phone, password: created.initialPassword });
          void refresh();
        }}
      />
      <TeacherImportModal
        schoolId={schoolId}
        open={roster.importing}
        onClose={() => roster.setImporting(false)}
        onImported={() => void refresh()}
      />
      <InitialPasswordModal account={account} onClose={() => setAccount(null)} />
    </RosterPanel>
  );
}
