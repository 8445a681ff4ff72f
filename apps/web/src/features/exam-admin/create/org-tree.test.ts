import type { OrgNode } from '@yj/contracts';
import { describe, expect, it } from 'vitest';
import { buildTree, bureauKeys, schoolIdsOf } from './org-tree';

const node = (id: number, name: string, schools: OrgNode['schools'], children: OrgNode[] = []): OrgNode => ({
  id,
  name,
  level: 2,
  typeCode: 'edu_bureau',
  countyId: null,
  children,
  schools,
});
const orgs = [
  node(
    1,
    '阳光市教育局',
    [],
    [
      node(2, '阳光区教育局', [
        { id: 10, name: '阳光实验中学' },
        { id: 11, name: '阳光第二中学' },
      ]),
      node(3, '空教育局', []),
    ],
  ),
];

describe('buildTree', () => {
  it('drops bureaus without schools', () => {
    const tree = buildTree(orgs);
    expect(tree[0]?.children?.map((n) => n.title)).toEqual(['阳光区教育局']);
    expect(bureauKeys(tree)).toEqual(['org-1', 'org-2']);
  });

  it('keeps only matching schools under the bureaus that lead to them', () => {
    const tree = buildTree(orgs, '第二');
    expect(tree[0]?.children?.[0]?.children?.map((n) => n.title)).toEqual(['阳光第二中学']);
    expect(buildTree(orgs, '没有')).toEqual([]);
  });

  it('reads school ids from checked keys', () => {
    expect(schoolIdsOf(['org-1', 'school-10', 'school-11'])).toEqual([10, 11]);
  });
});
