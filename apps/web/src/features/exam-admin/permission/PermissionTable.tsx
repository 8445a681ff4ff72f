import { CheckOutlined, CloseOutlined, PlusOutlined } from '@ant-design/icons';
import { ExamType, type ExamDetail, type StaffItem } from '@yj/contracts';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Card, Table, Tag, Tooltip, Typography } from 'antd';
import { useState, type HTMLAttributes } from 'react';
import { staffQuery } from '../exam-admin.queries';
import { failureText } from '../QueryFailed';
import { AddRoleModal, type RolePreset } from '../staff/AddRoleModal';
import {
  assignableRoles,
  JOINT_ROLES,
  roleAbilities,
  roleColor,
  roleLabel,
  roleScopeNote,
} from '../staff/role-rules';
import { useRemoveRole } from '../staff/useRemoveRole';
import { holderGroups, type ExamShape } from './role-holders';

const ROLES = [0, 1, 2, 3, 4, 5, 6, 7, 8, 9];

/** One person holding a role; a manager can take the role away (after confirming). */
function Holder({ person, onRemove }: { person: StaffItem; onRemove?: (p: StaffItem) => void }) {
  return (
    <Tooltip title={person.phone ?? '未登记手机号'}>
      <Tag style={{ marginInlineEnd: 6, marginBottom: 4, paddingInlineEnd: onRemove ? 0 : undefined }}>
        {person.name}
        {onRemove && (
          <Button
            type="text"
            size="small"
            icon={<CloseOutlined style={{ fontSize: 10 }} />}
            style={{ height: 20, width: 20, minWidth: 20, marginInlineStart: 2 }}
            aria-label={`移除 ${person.name}（${[person.subjectName, roleLabel(person.role)].filter(Boolean).join(' · ')}）`}
            onClick={() => onRemove(person)}
          />
        )}
      </Tag>
    </Tooltip>
  );
}

/** 权限设置: every exam role, who holds it where, and what it may do (from the capability table). */
export function PermissionTable({ exam }: { exam: ExamDetail }) {
  const manage = exam.can.manage;
  const joint = exam.type === ExamType.joint;
  const staff = useQuery({ ...staffQuery(exam.id), enabled: manage, meta: { silent: true } });
  const remove = useRemoveRole(exam.id);
  const [preset, setPreset] = useState<RolePreset | null>(null);
  const assignable = new Set(assignableRoles(joint).map((r) => r.value));
  const shape: ExamShape = {
    joint,
    subjectIds: exam.subjects.map((s) => s.id),
    schoolIds: exam.schoolList.map((s) => s.id),
  };

  const people = (role: number) => {
    if (!joint && JOINT_ROLES.includes(role))
      return <Typography.Text type="secondary">仅联考使用</Typography.Text>;
    if (staff.isPending) return <Typography.Text type="secondary">加载中…</Typography.Text>;
    if (staff.isError && !staff.data) return <Typography.Text type="secondary">—</Typography.Text>;
    const groups = holderGroups(staff.data, role, shape);
    if (!groups.length) return <Typography.Text type="secondary">暂无人员</Typography.Text>;
    return groups.map((g) => (
      <div key={g.key} style={{ display: 'flex', gap: 8, alignItems: 'baseline' }}>
        {g.label && (
          <Typography.Text type="secondary" style={{ whiteSpace: 'nowrap', minWidth: 48 }}>
            {g.label}：
          </Typography.Text>
        )}
        <div style={{ display: 'flex', flexWrap: 'wrap' }}>
          {g.people.map((p) => (
            <Holder key={p.id} person={p} onRemove={role === 0 ? undefined : remove} />
          ))}
        </div>
      </div>
    ));
  };

  return (
    <Card title="角色与权限" data-testid="permission-card">
      {manage && staff.isError && (
        <Alert
          type="warning"
          showIcon
          style={{ marginBottom: 16 }}
          title="人员名单加载失败"
          description={failureText(staff.error)}
          action={
            <Button size="small" onClick={() => void staff.refetch()}>
              重新加载
            </Button>
          }
        />
      )}
      <Table<number>
        rowKey={(r) => r}
        data-testid="permission-table"
        size="middle"
        pagination={false}
        dataSource={ROLES}
        onRow={(role) => ({ 'data-testid': `permission-role-${role}` }) as HTMLAttributes<HTMLElement>}
        columns={[
          {
            title: '角色',
            key: 'role',
            width: 150,
            render: (_, role) => (
              <div>
                <Tag color={roleColor(role)}>{roleLabel(role)}</Tag>
                <Typography.Text type="secondary" style={{ display: 'block', fontSize: 12, marginTop: 4 }}>
                  {roleScopeNote(role)}
                </Typography.Text>
              </div>
            ),
          },
          {
            title: '可以做什么',
            key: 'abilities',
            width: 420,
            render: (_, role) => (
              <ul style={{ margin: 0, padding: 0, listStyle: 'none' }} data-testid={`abilities-${role}`}>
                {roleAbilities(role).map((a) => (
                  <li key={a.capability} style={{ lineHeight: '24px' }}>
                    <CheckOutlined style={{ color: '#00b42a', marginInlineEnd: 6 }} />
                    {a.label}
                    {a.limit && (
                      <Typography.Text type="secondary" style={{ marginInlineStart: 6, fontSize: 12 }}>
                        （{a.limit}）
                      </Typography.Text>
                    )}
                  </li>
                ))}
              </ul>
            ),
          },
          ...(manage
            ? [
                { title: '人员', key: 'people', render: (_: unknown, role: number) => people(role) },
                {
                  title: '操作',
                  key: 'op',
                  width: 90,
                  render: (_: unknown, role: number) =>
                    assignable.has(role) ? (
                      <Button
                        size="small"
                        icon={<PlusOutlined />}
                        aria-label={`添加${roleLabel(role)}`}
                        onClick={() => setPreset({ role })}
                      >
                        添加
                      </Button>
                    ) : (
                      <Typography.Text type="secondary">—</Typography.Text>
                    ),
                },
              ]
            : []),
        ]}
      />
      {preset && <AddRoleModal exam={exam} preset={preset} onClose={() => setPreset(null)} />}
    </Card>
  );
}
