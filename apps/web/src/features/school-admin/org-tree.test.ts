import type { OrgNode } from '@yj/contracts';
import { describe, expect, it } from 'vitest';
import { flattenOrgs, orgTree, schoolNameIn } from './org-tree';

const tree: OrgNode[] = [
  {
    id: 1,
    name: '阳光市教育局',
    level: 2,
    typeCode: 'edu_bureau',
    countyId: null,
    schools: [{ id: 9, name: '市直中学' }],
    children: [
      {
        id: 2,
        name: '阳光区教育局',
        level: 3,
        typeCode: 'edu_bureau',
        countyId: null,
        schools: [{ id: 5, name: '阳光实验中学' }],
        children: [],
      },
    ],
  },
];

describe('orgTree', () => {
  it('opens the bureaus on the way to the school', () => {
    const t = orgTree(tree, 5);
    expect(t.expanded).toEqual(['org-1', 'org-2']);
    expect(t.items[0]!.children.map((c) => c.key)).toEqual(['org-2', 'school-9']);
  });
  it('opens the top bureaus when the school is not in the tree', () => {
    expect(orgTree(tree, 77).expanded).toEqual(['org-1']);
  });
  it('opens every bureau when no school is given (choosing one)', () => {
    expect(orgTree(tree, null).expanded).toEqual(['org-1', 'org-2']);
  });
});

describe('flattenOrgs / schoolNameIn', () => {
  it('lists bureaus with their depth and finds a school name at any depth', () => {
    expect(flattenOrgs(tree).map((o) => [o.name, o.depth])).toEqual([
      ['阳光市教育局', 0],
      ['阳光区教育局', 1],
    ]);
    expect(schoolNameIn(tree, 5)).toBe('阳光实验中学');
    expect(schoolNameIn(tree, 6)).toBeNull();
  });
});
