import { useQuery } from '@tanstack/react-query';
import { Alert, Empty, Input, Spin, Tag, Tree, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { jointSchoolsQuery } from '../exam-admin.queries';
import { failureText } from '../QueryFailed';
import { allKeys, buildTree, bureauKeys, schoolIdsOf, schoolKey, schoolNames } from './org-tree';

/**
 * Schools of a joint exam, chosen from the organisation tree (a bureau selects all its schools). The tree
 * holds only the schools the server accepts from this user: all for a system admin, else those they administer.
 */
export function SchoolTreePicker({
  value = [],
  onChange,
}: {
  value?: number[];
  onChange?: (ids: number[]) => void;
}) {
  const org = useQuery({ ...jointSchoolsQuery(), meta: { silent: true } });
  const [keyword, setKeyword] = useState('');
  const [expanded, setExpanded] = useState<string[] | null>(null);
  const tree = useMemo(() => buildTree(org.data ?? [], keyword), [org.data, keyword]);
  const names = useMemo(() => schoolNames(org.data ?? []), [org.data]);

  if (org.isError && !org.data)
    return <Alert type="warning" showIcon title="组织机构加载失败" description={failureText(org.error)} />;
  if (org.isPending) return <Spin description="正在加载组织机构…" />;

  return (
    <>
      {names.size < 2 && (
        <Alert
          type="info"
          showIcon
          style={{ marginBottom: 12 }}
          data-testid="joint-schools-hint"
          title="您只能把自己管理的学校加入联考"
          description="多校联考请联系教育局（系统管理员）创建；创建后由其为各校指定负责人，各校再添加本校考生。"
        />
      )}
      <div style={{ display: 'grid', gridTemplateColumns: '1fr 1fr', gap: 16 }} data-testid="school-picker">
        <div style={{ border: '1px solid #e5e6eb', borderRadius: 6, padding: 12 }}>
          <Input.Search
            allowClear
            placeholder="搜索学校名称"
            value={keyword}
            onChange={(e) => setKeyword(e.target.value)}
            style={{ marginBottom: 8 }}
          />
          {tree.length ? (
            <Tree
              checkable
              selectable={false}
              height={280}
              treeData={tree}
              // while searching everything matching is open; otherwise the user's own choice
              expandedKeys={keyword ? bureauKeys(tree) : (expanded ?? bureauKeys(tree))}
              onExpand={(keys) => setExpanded(keys.map(String))}
              checkedKeys={value.map(schoolKey)}
              onCheck={(checked) => {
                const keys = (Array.isArray(checked) ? checked : checked.checked).map(String);
                // keep chosen schools hidden by the search; replace only the visible ones
                const visible = new Set(schoolIdsOf(allKeys(tree)));
                const kept = value.filter((id) => !visible.has(id));
                onChange?.([...new Set([...kept, ...schoolIdsOf(keys)])]);
              }}
            />
          ) : (
            <Empty
              image={Empty.PRESENTED_IMAGE_SIMPLE}
              description={keyword ? `没有名称包含“${keyword}”的学校` : '组织机构下还没有学校'}
            />
          )}
        </div>
        <div style={{ border: '1px solid #e5e6eb', borderRadius: 6, padding: 12 }}>
          <Typography.Text strong>已选 {value.length} 所学校</Typography.Text>
          <div
            style={{ marginTop: 8, display: 'flex', flexWrap: 'wrap', gap: 6 }}
            data-testid="chosen-schools"
          >
            {value.length ? (
              value.map((id) => (
                <Tag key={id} closable onClose={() => onChange?.(value.filter((v) => v !== id))}>
                  {names.get(id) ?? `学校 ${id}`}
                </Tag>
              ))
            ) : (
              <Typography.Text type="secondary">在左侧勾选学校，联考至少需要两所学校。</Typography.Text>
            )}
          </div>
        </div>
      </div>
    </>
  );
}
