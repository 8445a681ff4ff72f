import { PlusOutlined, SyncOutlined } from '@ant-design/icons';
import { ExamRole, ExamType, type ExamDetail, type StaffItem } from '@yj/contracts';
import { useQuery } from '@tanstack/react-query';
import { Button, Card, Select, Space, Tag, Typography } from 'antd';
import { useState } from 'react';
import { staffQuery } from '../exam-admin.queries';
import { AddRoleModal, type RolePreset } from './AddRoleModal';
import { roleColor, roleLabel } from './role-rules';
import { SyncRolesModal } from './SyncRolesModal';
import { useRemoveRole } from './useRemoveRole';
import { QueryTable } from '../../../components/QueryTable';

/** 人员分工: who holds which role on which subject or school; add, remove, and sync for joint exams. */
export function StaffPanel({
  exam,
  subjectId,
  title = '人员分工',
}: {
  exam: ExamDetail;
  subjectId?: number;
  title?: string;
}) {
  const joint = exam.type === ExamType.joint;
  const staff = useQuery(staffQuery(exam.id));
  const [subjectFilter, setSubjectFilter] = useState<number | undefined>(subjectId);
  const [preset, setPreset] = useState<RolePreset | null>(null);
  const [syncing, setSyncing] = useState(false);

  const rows = (staff.data ?? [])
    .filter((r) => subjectFilter === undefined || r.subjectId === subjectFilter)
    .sort((a, b) => a.role - b.role || (a.subjectId ?? 0) - (b.subjectId ?? 0));

  const remove = useRemoveRole(exam.id);

  const extra = (
    <Space wrap>
      {!subjectId && (
        <Select<number>
          allowClear
          placeholder="全部科目"
          style={{ width: 140 }}
          value={subjectFilter}
          options={exam.subjects.map((s) => ({ value: s.id, label: s.name }))}
          onChange={setSubjectFilter}
        />
      )}
      {joint && exam.schoolList.length > 1 && (
        <Button icon={<SyncOutlined />} onClick={() => setSyncing(true)}>
          同步到学校
        </Button>
      )}
      <Button
        type="primary"
        icon={<PlusOutlined />}
        onClick={() => setPreset(subjectId ? { subjectId, role: ExamRole.reviewers } : {})}
      >
        添加人员
      </Button>
    </Space>
  );

  return (
    <Card title={title} extra={extra} data-testid="staff-panel">
      <QueryTable<StaffItem>
        rowKey="id"
        size="middle"
        query={staff}
        dataSource={rows}
        pagination={
          rows.length > 20 ? { pageSize: 20, showSizeChanger: false, showTotal: (t) => `共 ${t} 条` } : false
        }
        empty="还没有分配人员。点击“添加人员”，为各科目指定学科负责人和阅卷老师。"
        columns={[
          {
            title: '角色',
            dataIndex: 'role',
            width: 120,
            render: (r: number) => <Tag color={roleColor(r)}>{roleLabel(r)}</Tag>,
          },
          { title: '姓名', dataIndex: 'name', width: 110 },
          { title: '手机号', dataIndex: 'phone', width: 130, render: (v: string | null) => v ?? '—' },
          {
            title: '科目',
            dataIndex: 'subjectName',
            width: 100,
            render: (v: string | null) => v ?? <Typography.Text type="secondary">全部</Typography.Text>,
          },
          ...(joint
            ? [
                {
                  title: '学校',
                  dataIndex: 'schoolName',
                  render: (v: string | null) => v ?? <Typography.Text type="secondary">全部</Typography.Text>,
                },
              ]
            : []),
          {
            title: '操作',
            key: 'op',
            width: 90,
            render: (_: unknown, r: StaffItem) =>
              r.role === ExamRole.creator ? (
                <Typography.Text type="secondary">—</Typography.Text>
              ) : (
                <Button
                  type="link"
                  size="small"
                  danger
                  onClick={() => remove(r)}
                  aria-label={`移除 ${r.name}（${roleLabel(r.role)}）`}
                >
                  移除
                </Button>
              ),
          },
        ]}
      />
      {preset && <AddRoleModal exam={exam} preset={preset} onClose={() => setPreset(null)} />}
      {joint && <SyncRolesModal exam={exam} open={syncing} onClose={() => setSyncing(false)} />}
    </Card>
  );
}
