import type { Principal, ScanFixResult } from '@yj/contracts';
import type { Actor } from '../../../../lib/actor';
import type { FixKit } from '../fix-kit';
import { setPaper } from './set-paper';

/** AB卷异常: the paper type a person read. */
export function abFixes(kit: FixKit) {
  return {
    /** AB卷异常: the paper type. */
    async paperType(
      subjectId: number,
      body: { exceptionId: number; paperType: 'A' | 'B' },
      p: Principal,
      actor: Actor,
    ): Promise<ScanFixResult> {
      return kit.onException(
        subjectId,
        body.exceptionId,
        'paperType',
        p,
        actor,
        'scan.fix.paperType',
        setPaper(actor, (paper) => ({
          before: { paperType: paper.paperType },
          set: { paperType: body.paperType },
          how: 'paperType',
        })),
      );
    },
  };
}
