import type { FixDeps } from './fix-kit';
import { fixKit } from './fix-kit';
import { abFixes } from './kinds/ab';
import { absentFixes } from './kinds/absent';
import { kaohaoFixes } from './kinds/kaohao';
import { objectiveFixes } from './kinds/objective';
import { optionalFixes } from './kinds/optional';
import { pageFixes } from './kinds/page';
import { subjectiveFixes } from './kinds/subjective';
import { batchFixes } from './batch-fixes';

/**
 * The exception screens' actions (DESIGN.md §4): each settles an exception in one transaction, audited
 * with before and after; counts follow because they are read from the tables. One handler per kind of
 * exception (kinds/*.ts); FIXES_BY_KIND (fix-kit.ts) says which fix settles which kind.
 */
export function scanFixService(d: FixDeps) {
  const kit = fixKit(d);
  return {
    ...kaohaoFixes(kit),
    ...objectiveFixes(kit),
    ...absentFixes(kit),
    ...abFixes(kit),
    ...optionalFixes(kit),
    ...subjectiveFixes(kit),
    ...pageFixes(kit),
    ...batchFixes(kit),
  };
}
export type ScanFixService = ReturnType<typeof scanFixService>;
