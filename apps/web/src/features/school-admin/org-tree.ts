import type { OrgNode } from '@yj/contracts';

/** A node of the organisation tree as the screen draws it: a bureau or (leaf) a school. */
export interface OrgTreeItem {
  key: string;
  kind: 'org' | 'school';
  id: number;
  name: string;
  level?: number;
  children: OrgTreeItem[];
}

export const LEVEL_LABELS: Record<number, string> = { 1: '省级', 2: '市级', 3: '区县级' };

function toItem(n: OrgNode): OrgTreeItem {
  return {
    key: `org-${n.id}`,
    kind: 'org',
    id: n.id,
    name: n.name,
    level: n.level,
    children: [
      ...n.children.map(toItem),
      ...n.schools.map((s) => ({
        key: `school-${s.id}`,
        kind: 'school' as const,
        id: s.id,
        name: s.name,
        children: [],
      })),
    ],
  };
}

/** The keys from the root down to (not including) the node with `key`, or null when absent. */
function pathTo(items: OrgTreeItem[], key: string, trail: string[] = []): string[] | null {
  for (const it of items) {
    if (it.key === key) return trail;
    const found = pathTo(it.children, key, [...trail, it.key]);
    if (found) return found;
  }
  return null;
}

function allOrgKeys(items: OrgTreeItem[]): string[] {
  return items.flatMap((i) => (i.kind === 'org' ? [i.key, ...allOrgKeys(i.children)] : []));
}

/** The tree, and which bureaus to open: the way to the school, or every bureau when choosing one. */
export function orgTree(
  nodes: OrgNode[],
  schoolId: number | null,
): { items: OrgTreeItem[]; expanded: string[] } {
  const items = nodes.map(toItem);
  if (schoolId === null) return { items, expanded: allOrgKeys(items) };
  return { items, expanded: pathTo(items, `school-${schoolId}`) ?? items.map((i) => i.key) };
}

/** Every bureau, flattened with its depth, for the "上级教育局 / 所属教育局" choosers. */
export function flattenOrgs(
  nodes: OrgNode[],
  depth = 0,
): Array<{ id: number; name: string; depth: number; level: number }> {
  return nodes.flatMap((n) => [
    { id: n.id, name: n.name, depth, level: n.level },
    ...flattenOrgs(n.children, depth + 1),
  ]);
}

/** The school's name as the tree knows it. */
export function schoolNameIn(nodes: OrgNode[], schoolId: number): string | null {
  for (const n of nodes) {
    const s = n.schools.find((x) => x.id === schoolId);
    if (s) return s.name;
    const inner = schoolNameIn(n.children, schoolId);
    if (inner) return inner;
  }
  return null;
}
