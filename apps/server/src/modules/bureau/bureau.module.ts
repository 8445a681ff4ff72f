import type { Db } from '../../infra/db';
import type { AuditService } from '../audit/audit.service';
import { bureauRepo } from './bureau.repo';
import { bureauService } from './bureau.service';

type Ports = Omit<Parameters<typeof bureauService>[0], 'db' | 'repo' | 'audit'>;

/**
 * The bureau module wired (composition root: routes.ts). What it reads of other modules comes in: the scan
 * module's per-school progress, the block list, marking's one progress of blocks, the school module's accounts.
 */
export function bureauModule(d: { db: Db; audit: AuditService } & Ports) {
  return { bureau: bureauService({ ...d, repo: bureauRepo }) };
}
