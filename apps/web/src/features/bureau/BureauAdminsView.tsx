import { PlusOutlined } from '@ant-design/icons';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import type { BureauAdminRow } from '@yj/contracts';
import { App, Button, Card, Input, Popconfirm, Result, Select, Space, Table, Tag } from 'antd';
import { useState } from 'react';
import { useOneAtATime } from '../../app/useOneAtATime';
import { serverPages } from '../../components/paging';
import { useCurrentUser } from '../auth/current-user-context';
import { homeCrumbs, PageFrame } from '../exam-admin/PageFrame';
import { QueryFailed } from '../exam-admin/QueryFailed';
import { InitialPasswordModal, type NewAccount } from '../school-admin/common/InitialPasswordModal';
import { orgChosenLabel, orgOptions } from '../school-admin/org/OrgCreateModals';
import { LEVEL_LABELS } from '../school-admin/org-tree';
import { orgTreeQuery } from '../school-admin/school-admin.queries';
import { BureauAdminModal } from './BureauAdminModal';
import { bureauAdminsQuery, bureauApi } from './bureau.api';

const SIZE = 20;

/**
 * 教育局管理员 (system administrators, issue 35): every bureau's administrators, searched by name or phone and
 * narrowed to one bureau; add one to any bureau of the tree, remove one after confirming.
 */
export function BureauAdminsView() {
  const user = useCurrentUser();
  const { message } = App.useApp();
  const qc = useQueryClient();
  const [keyword, setKeyword] = useState('');
  const [orgId, setOrgId] = useState<number | undefined>();
  const [page, setPage] = useState(1);
  const [adding, setAdding] = useState(false);
  const [account, setAccount] = useState<NewAccount | null>(null);
  const tree = useQuery({ ...orgTreeQuery, enabled: user.isAdmin });
  const q = useQuery({
    ...bureauAdminsQuery({ page, size: SIZE, ...(keyword ? { keyword } : {}), ...(orgId ? { orgId } : {}) }),
    enabled: user.isAdmin,
    placeholderData: keepPreviousData,
  });
  const refresh = () => qc.invalidateQueries({ queryKey: ['bureau', 'admins'] });
  const remove = useOneAtATime({
    mutationFn: (a: BureauAdminRow) => bureauApi.removeAdmin(a.orgId, a.userId),
    onSuccess: (_r, a) => {
      void message.success(`已移除 ${a.orgName} 的管理员 ${a.name}`);
      void refresh();
    },
  });

  if (!user.isAdmin)
    return <Result status="403" title="无权限" subTitle="只有系统管理员可以管理教育局管理员。" />;
  if (q.isError && !q.data)
    return <QueryFailed title="教育局管理员加载失败" error={q.error} onRetry={() => void q.refetch()} />;

  return (
    <PageFrame
      crumbs={homeCrumbs({ title: '教育局', to: '/book/bureau' }, { title: '教育局管理员' })}
      title="教育局管理员"
      extra={
        <Button type="primary" icon={<PlusOutlined />} onClick={() => setAdding(true)}>
          添加管理员
        </Button>
      }
      testId="bureau-admins"
    >
      <Card>
        <Space style={{ marginBottom: 16 }} wrap>
          <Input.Search
            allowClear
            placeholder="姓名或手机号"
            aria-label="搜索管理员"
            style={{ width: 240 }}
            maxLength={30}
            onSearch={(v) => {
              setKeyword(v.trim());
              setPage(1);
            }}
          />
          <Select
            allowClear
            aria-label="按教育局筛选"
            placeholder="全部教育局"
            style={{ width: 240 }}
            value={orgId}
            loading={tree.isPending}
            options={orgOptions(tree.data ?? [])}
            labelRender={orgChosenLabel}
            showSearch={{ optionFilterProp: 'title' }}
            onChange={(v?: number) => {
              setOrgId(v);
              setPage(1);
            }}
          />
        </Space>
        <Table<BureauAdminRow>
          rowKey={(a) => `${a.orgId}-${a.userId}`}
          size="middle"
          loading={q.isFetching}
          dataSource={q.data?.items ?? []}
          pagination={serverPages(page, SIZE, q.data?.total, setPage, {
            hideOnSinglePage: true,
            showTotal: (n) => `共 ${n} 名`,
          })}
          locale={{
            emptyText: q.isPending
              ? ' '
              : keyword || orgId
                ? '没有符合条件的管理员'
                : '还没有教育局管理员：点击右上角“添加管理员”',
          }}
          columns={[
            { title: '姓名', dataIndex: 'name' },
            { title: '手机号', dataIndex: 'phone', width: 160 },
            {
              title: '教育局',
              dataIndex: 'orgName',
              render: (v: string, a) => (
                <Space size={6}>
                  {v}
                  {LEVEL_LABELS[a.level] && <Tag>{LEVEL_LABELS[a.level]}</Tag>}
                </Space>
              ),
            },
            {
              title: '操作',
              key: 'op',
              width: 100,
              render: (_v, a) => (
                <Popconfirm
                  title={`移除 ${a.orgName} 的管理员 ${a.name}？`}
                  description="移除后对方不能再查看该教育局的学校和联考，但账号保留。"
                  okText="移除"
                  okButtonProps={{ danger: true }}
                  cancelText="取消"
                  onConfirm={() => remove.mutateAsync(a)}
                >
                  <Button type="link" size="small" danger>
                    移除
                  </Button>
                </Popconfirm>
              ),
            },
          ]}
        />
      </Card>
      <BureauAdminModal
        open={adding}
        orgId={orgId}
        onClose={() => setAdding(false)}
        onSaved={(v, password) => {
          if (password) setAccount({ name: v.name?.trim() ?? '', account: v.phone.trim(), password });
          void refresh();
        }}
      />
      <InitialPasswordModal account={account} onClose={() => setAccount(null)} />
    </PageFrame>
  );
}
