import type { Db } from '../../infra/db';
import { homeRepo } from './home.repo';
import { homeService } from './home.service';

/** The home module wired (composition root: routes.ts): its repository passed into its service here. */
export function homeModule(d: { db: Db }) {
  return { home: homeService({ db: d.db, repo: homeRepo }) };
}
export type HomeModule = ReturnType<typeof homeModule>;
