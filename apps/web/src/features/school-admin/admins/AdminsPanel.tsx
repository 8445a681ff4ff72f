import { useOneAtATime } from '../../../app/useOneAtATime';
import { PlusOutlined } from '@ant-design/icons';
import type { AdminItem } from '@yj/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Popconfirm, Tag, Typography, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useCurrentUser } from '../../auth/current-user-context';
import { currentUserQuery } from '../../auth/current-user-query';
import { InitialPasswordModal, type NewAccount } from '../common/InitialPasswordModal';
import { PanelError } from '../common/PanelError';
import { schoolAdminApi } from '../school-admin.api';
import { adminsQuery, useRefreshSchool } from '../school-admin.queries';
import { AdminFormModal } from './AdminFormModal';
import { QueryTable } from '../../../components/QueryTable';
import { PANEL_TOOLBAR } from '../common/panel-style';

/** What is asked before an administrator leaves the list: oneself stepping down, or another one removed. */
function leaveText(a: AdminItem, self: boolean) {
  return self
    ? {
        title: '取消自己的管理员身份？',
        description: '取消后您将不能再管理本校的学生、老师和考试。',
        okText: '确认取消',
        cancelText: '再想想',
        button: '取消管理员',
      }
    : {
        title: `移除管理员 ${a.name}？`,
        description: '移除后对方不能再管理本校，但账号保留。',
        okText: '移除',
        cancelText: '取消',
        button: '移除',
      };
}

/** 管理员 card: who administers the school; add one, remove another, or step down oneself. */
export function AdminsPanel({ schoolId }: { schoolId: number }) {
  const me = useCurrentUser();
  const { message } = App.useApp();
  const qc = useQueryClient();
  const navigate = useNavigate();
  const admins = useQuery(adminsQuery(schoolId));
  const refresh = useRefreshSchool(schoolId);
  const [adding, setAdding] = useState(false);
  const [account, setAccount] = useState<NewAccount | null>(null);

  const remove = useOneAtATime({
    mutationFn: (a: AdminItem) => schoolAdminApi.removeAdmin(schoolId, a.userId),
    onSuccess: (_r, a) => {
      void message.success(`已移除管理员 ${a.name}`);
      void refresh();
    },
  });
  // Stepping down ends one's own access to this screen: reload the profile and leave.
  const cancelSelf = useOneAtATime({
    mutationFn: (a: AdminItem) => schoolAdminApi.cancelAdmin(schoolId, a.phone ?? ''),
    onSuccess: async () => {
      void message.success('您已不再是本校管理员');
      await qc.invalidateQueries({ queryKey: currentUserQuery.queryKey });
      void navigate('/book/home', { replace: true });
    },
  });

  if (admins.isError && !admins.data)
    return <PanelError what="管理员" error={admins.error} onRetry={() => void admins.refetch()} />;
  const list = admins.data ?? [];
  const onlyOne = list.length <= 1;

  const columns: TableColumnsType<AdminItem> = [
    {
      title: '姓名',
      dataIndex: 'name',
      render: (v: string, a) => (
        <>
          <Typography.Text strong>{v}</Typography.Text>
          {a.userId === me.id && (
            <Tag color="blue" variant="filled" style={{ marginLeft: 8 }}>
              我
            </Tag>
          )}
        </>
      ),
    },
    { title: '手机号', dataIndex: 'phone', width: 180, render: (v: string | null) => v ?? '—' },
    {
      title: '操作',
      key: 'op',
      width: 160,
      render: (_v, a) => {
        const self = a.userId === me.id;
        const t = leaveText(a, self);
        return (
          <Popconfirm
            title={t.title}
            description={t.description}
            okText={t.okText}
            okButtonProps={{ danger: true }}
            cancelText={t.cancelText}
            disabled={onlyOne}
            onConfirm={() => (self ? cancelSelf : remove).mutateAsync(a)}
          >
            <Button type="link" size="small" danger disabled={onlyOne}>
              {t.button}
            </Button>
          </Popconfirm>
        );
      },
    },
  ];

  return (
    <div data-testid="admins-panel">
      <div style={PANEL_TOOLBAR}>
        <Alert
          type="info"
          showIcon
          title="管理员可以管理本校的学生、老师、年级班级和考试。学校至少保留一名管理员。"
          style={{ flex: 1 }}
        />
        <Button type="primary" icon={<PlusOutlined />} onClick={() => setAdding(true)}>
          添加管理员
        </Button>
      </div>
      <QueryTable<AdminItem>
        rowKey="userId"
        size="middle"
        columns={columns}
        dataSource={list}
        query={admins}
        pagination={false}
        empty="还没有管理员，请添加一名"
      />
      <AdminFormModal
        schoolId={schoolId}
        open={adding}
        onClose={() => setAdding(false)}
        onSaved={(v, r) => {
          if (r.initialPassword) setAccount({ name: v.name, account: v.phone, password: r.initialPassword });
          void refresh();
        }}
      />
      <InitialPasswordModal account={account} onClose={() => setAccount(null)} />
    </div>
  );
}
