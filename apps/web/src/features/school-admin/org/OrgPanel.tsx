import { ApartmentOutlined, BankOutlined, PlusOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Button, Empty, Space, Spin, Tag, Tree, Typography, type TreeDataNode } from 'antd';
import { useMemo, useState } from 'react';
import { useCurrentUser } from '../../auth/current-user-context';
import { InitialPasswordModal, type NewAccount } from '../common/InitialPasswordModal';
import { PanelError } from '../common/PanelError';
import { LEVEL_LABELS, orgTree, type OrgTreeItem } from '../org-tree';
import { orgTreeQuery } from '../school-admin.queries';
import { CreateOrgModal, CreateSchoolModal } from './OrgCreateModals';

function toNode(
  it: OrgTreeItem,
  current: number | null,
  own: number | null,
  onOpen?: (id: number) => void,
): TreeDataNode {
  const mine = it.kind === 'school' && it.id === current;
  const title =
    it.kind === 'org' ? (
      <Space size={6}>
        <ApartmentOutlined />
        <span>{it.name}</span>
        {it.level !== undefined && LEVEL_LABELS[it.level] && (
          <Typography.Text type="secondary">{LEVEL_LABELS[it.level]}</Typography.Text>
        )}
      </Space>
    ) : (
      <Space size={6} data-testid={mine ? 'org-current-school' : undefined}>
        <BankOutlined />
        {onOpen && !mine ? (
          <Typography.Link onClick={() => onOpen(it.id)}>{it.name}</Typography.Link>
        ) : (
          <Typography.Text strong={mine}>{it.name}</Typography.Text>
        )}
        {mine && (
          <Tag color="blue" variant="filled">
            {it.id === own ? '本校' : '当前学校'}
          </Tag>
        )}
      </Space>
    );
  return {
    key: it.key,
    title,
    selectable: false,
    isLeaf: it.kind === 'school',
    children: it.children.map((c) => toNode(c, current, own, onOpen)),
  };
}

/**
 * 组织机构 (organization card): bureaus and their schools, this school highlighted; system
 * administrators also create bureaus and schools here. `onOpenSchool` makes schools clickable.
 */
export function OrgPanel({
  schoolId,
  onOpenSchool,
}: {
  schoolId: number | null;
  onOpenSchool?: (id: number) => void;
}) {
  const user = useCurrentUser();
  const tree = useQuery(orgTreeQuery);
  const [creating, setCreating] = useState<'org' | 'school' | null>(null);
  const [account, setAccount] = useState<NewAccount | null>(null);
  const built = useMemo(() => orgTree(tree.data ?? [], schoolId), [tree.data, schoolId]);

  if (tree.isError && !tree.data)
    return <PanelError what="组织机构" error={tree.error} onRetry={() => void tree.refetch()} />;
  if (tree.isPending) return <Spin style={{ display: 'block', margin: '48px auto' }} />;

  return (
    <div data-testid="org-panel">
      {user.isAdmin && (
        <Space style={{ marginBottom: 16 }}>
          <Button icon={<PlusOutlined />} onClick={() => setCreating('org')}>
            新建教育局
          </Button>
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setCreating('school')}>
            新建学校
          </Button>
        </Space>
      )}
      {built.items.length === 0 ? (
        <Empty
          description={
            user.isAdmin
              ? '还没有教育局。请先新建教育局，再在其下新建学校。'
              : '还没有组织机构信息，请联系系统管理员。'
          }
        />
      ) : (
        <Tree
          showLine
          blockNode
          defaultExpandedKeys={built.expanded}
          treeData={built.items.map((i) => toNode(i, schoolId, user.schoolId, onOpenSchool))}
        />
      )}
      {user.isAdmin && (
        <>
          <CreateOrgModal tree={tree.data} open={creating === 'org'} onClose={() => setCreating(null)} />
          <CreateSchoolModal
            tree={tree.data}
            open={creating === 'school'}
            onClose={() => setCreating(null)}
            onCreated={(v, r) => {
              if (r.initialPassword)
                setAccount({
                  name: v.adminName.trim(),
                  account: v.adminPhone.trim(),
                  password: r.initialPassword,
                });
            }}
          />
          <InitialPasswordModal account={account} onClose={() => setAccount(null)} />
        </>
      )}
    </div>
  );
}
