import type { OrgNode } from '@yj/contracts';
import type { Db } from '../../infra/db';
import { orgRepo } from './org.repo';

/** organizeAll: education bureaus as a tree, each with its schools; the basis for choosing schools of a joint exam. */
export function orgService(d: { db: Db }) {
  return {
    async tree(): Promise<OrgNode[]> {
      const repo = orgRepo(d.db);
      const [orgs, schools] = await Promise.all([repo.orgs(), repo.schools()]);
      const nodes = new Map<number, OrgNode>(
        orgs.map((o) => [o.id, { id: o.id, name: o.name, level: o.level, typeCode: o.typeCode, countyId: o.countyId, children: [], schools: [] }]),
      );
      for (const s of schools) if (s.orgId !== null) nodes.get(s.orgId)?.schools.push({ id: s.id, name: s.name });
      const roots: OrgNode[] = [];
      for (const o of orgs) {
        const node = nodes.get(o.id)!;
        const parent = o.parentId !== null ? nodes.get(o.parentId) : undefined;
        if (parent) parent.children.push(node);
        else roots.push(node);
      }
      return roots;
    },
  };
}
export type OrgService = ReturnType<typeof orgService>;
