import type { OrgNode, SchoolCreate } from '@yj/contracts';
import type { Db } from '../../infra/db';
import { fail } from '../../errors';
import type { AuditService } from '../audit/audit.service';
import type { AdminService } from '../school/admin.service';
import type { orgRepo } from './org.repo';
import type { Actor } from '../../lib/actor';

/** organizeAll: education bureaus as a tree, each with its schools; the basis for choosing schools of a joint exam. */

export function orgService(d: { db: Db; repo: typeof orgRepo; audit: AuditService; admins: AdminService }) {
  async function tree(): Promise<OrgNode[]> {
    const repo = d.repo(d.db);
    const [orgs, schools] = await Promise.all([repo.orgs(), repo.schools()]);
    const nodes = new Map<number, OrgNode>(
      orgs.map((o) => [
        o.id,
        {
          id: o.id,
          name: o.name,
          level: o.level,
          typeCode: o.typeCode,
          countyId: o.countyId,
          children: [],
          schools: [],
        },
      ]),
    );
    for (const s of schools)
      if (s.orgId !== null) nodes.get(s.orgId)?.schools.push({ id: s.id, name: s.name });
    const roots: OrgNode[] = [];
    for (const o of orgs) {
      const node = nodes.get(o.id)!;
      const parent = o.parentId !== null ? nodes.get(o.parentId) : undefined;
      if (parent) parent.children.push(node);
      else roots.push(node);
    }
    return roots;
  }

  return {
    /** A bureau under an optional parent bureau. */
    async createOrg(
      input: { name: string; parentId: number | null; level: number; countyId: number | null },
      actor: Actor,
    ): Promise<{ id: number }> {
      return d.db.transaction(async (tx) => {
        if (input.parentId !== null && !(await d.repo(tx).findOrg(input.parentId)))
          throw fail('parentBureauNotFound');
        const o = await d.repo(tx).insertOrg({ ...input, typeCode: 'edu_bureau' });
        await d.audit.record(tx, {
          action: 'org.create',
          ...actor,
          detail: { after: input },
        });
        return { id: o.id };
      });
    },

    /** A school under a bureau, with its first administrator (created with a one-time password when new). */
    async createSchool(
      input: SchoolCreate,
      actor: Actor,
    ): Promise<{ id: number; adminUserId: number; initialPassword: string | null }> {
      return d.db.transaction(async (tx) => {
        if (!(await d.repo(tx).findOrg(input.orgId))) throw fail('bureauNotFound');
        if (await d.repo(tx).schoolByName(input.name)) throw fail('schoolNameTaken', { name: input.name });
        const s = await d.repo(tx).insertSchool({
          name: input.name,
          orgId: input.orgId,
          code: input.code || null,
          isTertiary: input.isTertiary,
        });
        await d.audit.record(tx, {
          action: 'school.create',
          schoolId: s.id,
          ...actor,
          detail: { after: input },
        });
        const admin = await d.admins.add(s.id, input.adminPhone, input.adminName, actor, tx);
        return { id: s.id, adminUserId: admin.userId, initialPassword: admin.initialPassword };
      });
    },

    /** The tree keeping only the schools `keep` allows, and the bureaus that lead to them. */
    async treeOf(keep: (schoolId: number) => boolean): Promise<OrgNode[]> {
      const prune = (nodes: OrgNode[]): OrgNode[] =>
        nodes
          .map((n) => ({ ...n, children: prune(n.children), schools: n.schools.filter((s) => keep(s.id)) }))
          .filter((n) => n.children.length || n.schools.length);
      return prune(await tree());
    },

    tree,
  };
}
export type OrgService = ReturnType<typeof orgService>;
