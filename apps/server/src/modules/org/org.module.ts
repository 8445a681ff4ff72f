import type { Db } from '../../infra/db';
import type { AuditService } from '../audit/audit.service';
import type { AdminService } from '../school/admin.service';
import { orgRepo } from './org.repo';
import { orgService } from './org.service';

/** The org module wired (composition root: routes.ts): its repository passed into its service here. */
export function orgModule(d: { db: Db; audit: AuditService; admins: AdminService }) {
  return { org: orgService({ ...d, repo: orgRepo }) };
}
export type OrgModule = ReturnType<typeof orgModule>;
