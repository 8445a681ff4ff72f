import type { ScanResolution } from '@yj/contracts';
import type { Db } from '../../../../infra/db';
import type { PaperRow } from '../../scan.repo';
import type { FixContext, Settled } from '../fix-kit';

/** What a one-field fix changes on the paper (absent, A/B). */
export interface PaperChange {
  before: Record<string, unknown>;
  set: { absentMarked?: boolean; paperType?: string };
  how: ScanResolution;
  also?: (tx: Db) => Promise<Record<string, unknown>>;
}

/** Shared body of the one-field fixes (absent, A/B): the field set, the exception settled with how. */
export async function setPaper(
  { tx, r, e, paper, actor }: FixContext,
  change: (paper: PaperRow) => PaperChange,
): Promise<Settled> {
  const c = change(paper);
  const also = c.also ? await c.also(tx) : {};
  await r.updatePaper(paper.id, c.set);
  const n = await r.resolve([e.id], actor.userId, c.how, c.set);
  await r.refreshStatus(paper.id);
  return {
    result: { papers: [paper.id], resolved: n },
    audit: { before: c.before, after: { ...c.set, ...also } },
  };
}
