import { z } from 'zod';
import { blockRegion, type BlockRegion } from '@yj/contracts';
import type { Db } from '../../infra/db';
import { blockRepo } from './block.repo';

const regionsOf = z.array(blockRegion);

/**
 * The framed regions of a subject's blocks (the block module's read port): recognition cuts each sheet's blocks
 * while it holds the decoded page (scan.jobs.ts), so no marker waits for a cut. Blocks not yet framed, or whose
 * stored regions do not read as regions, are left out (they are cut when first asked for, as before).
 */
export function blockRegionsOf(db: Db) {
  return async (subjectId: number): Promise<BlockRegion[][]> => {
    const out: BlockRegion[][] = [];
    for (const b of await blockRepo(db).ofSubject(subjectId)) {
      const read = regionsOf.safeParse(b.regions);
      if (read.success && read.data.length) out.push(read.data);
    }
    return out;
  };
}
export type BlockRegionsOf = ReturnType<typeof blockRegionsOf>;
