import type { OrgNode } from '@yj/contracts';

export interface TreeNode {
  key: string;
  title: string;
  isSchool: boolean;
  children?: TreeNode[];
}

export const schoolKey = (id: number) => `school-${id}`;

/** The school ids among checked tree keys (bureau keys are only there for "select all below"). */
export function schoolIdsOf(keys: readonly string[]): number[] {
  return keys.filter((k) => k.startsWith('school-')).map((k) => Number(k.slice(7)));
}

/**
 * Bureaus and their schools as tree nodes; with a keyword only schools whose name contains it are
 * kept, under the bureaus that lead to them (empty bureaus are dropped).
 */
export function buildTree(orgs: OrgNode[], keyword = ''): TreeNode[] {
  const k = keyword.trim();
  const walk = (o: OrgNode): TreeNode | null => {
    const children = o.children.map(walk).filter((n): n is TreeNode => n !== null);
    const schools = o.schools
      .filter((s) => !k || s.name.includes(k))
      .map((s): TreeNode => ({ key: schoolKey(s.id), title: s.name, isSchool: true }));
    const all = [...children, ...schools];
    if (!all.length) return null;
    return { key: `org-${o.id}`, title: o.name, isSchool: false, children: all };
  };
  return orgs.map(walk).filter((n): n is TreeNode => n !== null);
}

/** Every school of the tree by id, for showing the names of the chosen ones. */
export function schoolNames(orgs: OrgNode[]): Map<number, string> {
  const m = new Map<number, string>();
  const walk = (o: OrgNode) => {
    for (const s of o.schools) m.set(s.id, s.name);
    o.children.forEach(walk);
  };
  orgs.forEach(walk);
  return m;
}

/** Keys of every bureau node, to open the whole tree while searching. */
export function bureauKeys(nodes: TreeNode[]): string[] {
  return nodes.flatMap((n) => (n.isSchool ? [] : [n.key, ...bureauKeys(n.children ?? [])]));
}

/** Every key of the tree (bureaus and schools). */
export function allKeys(nodes: TreeNode[]): string[] {
  return nodes.flatMap((n) => [n.key, ...allKeys(n.children ?? [])]);
}
