import type { Db } from '../../infra/db';
import { monitorRepo } from './monitor.repo';
import { monitorService } from './monitor.service';

/** The page-static monitor wired (composition root: routes.ts). */
export function monitorModule(d: { db: Db }) {
  return { monitor: monitorService({ db: d.db, repo: monitorRepo }) };
}
