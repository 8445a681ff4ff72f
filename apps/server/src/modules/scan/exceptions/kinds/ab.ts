import type { FixKit } from '../fix-kit';
import { setPaper } from './set-paper';

/** AB卷异常: the paper type a person read. */
export function abFixes(kit: FixKit) {
  return {
    /** AB卷异常: the paper type. */
    paperType: kit.byException(
      'paperType',
      'scan.fix.paperType',
      (c, body: { exceptionId: number; paperType: 'A' | 'B' }) =>
        setPaper(c, (paper) => ({
          before: { paperType: paper.paperType },
          set: { paperType: body.paperType },
          how: 'paperType',
        })),
    ),
  };
}
