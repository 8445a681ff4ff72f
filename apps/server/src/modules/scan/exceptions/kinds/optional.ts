import type { ScanResolution } from '@yj/contracts';
import { fail } from '../../../../errors';
import type { FixKit } from '../fix-kit';
import { readingOf, recognised } from '../stored-reading';

/** 选做题异常: the question a student chose. */
export function optionalFixes(kit: FixKit) {
  return {
    /** 选做题异常: the chosen question, written into the page's optional reading. */
    optional: kit.byException(
      'optional',
      'scan.fix.optional',
      async ({ r, e, paper, page, actor }, { chosen }: { exceptionId: number; chosen: string }) => {
        const reading = readingOf(page?.result ?? null, e.region);
        if (!page || !reading) throw fail('optionalReadingMissing');
        if (!reading.labels.includes(chosen)) throw fail('optionalChoiceMissing', { choice: chosen });
        const result = structuredClone(recognised(page.result)!);
        const target = result.optional.find((x) => x.name === e.region);
        if (target) target.value = [chosen];
        await r.updatePage(page.id, { result });
        const n = await r.resolve([e.id], actor.userId, 'optional' satisfies ScanResolution, { chosen });
        await r.refreshStatus(paper.id);
        return {
          result: { papers: [paper.id], resolved: n },
          audit: { region: e.region, before: { chosen: reading.value }, after: { chosen: [chosen] } },
        };
      },
    ),
  };
}
