import type { Principal, ScanFixResult, ScanResolution } from '@yj/contracts';
import { fail } from '../../../../errors';
import type { Actor } from '../../../../lib/actor';
import type { FixKit } from '../fix-kit';
import { scoreProblem, scoreRule } from '../scan-score';
import { recognised, stripOf } from '../stored-reading';

/** 主观题异常: a 打分栏 score typed by a person, or an answer box accepted as it is. */
export function subjectiveFixes(kit: FixKit) {
  return {
    /** 主观题异常 on a 打分栏: the score read off the strip by a person, within the question's full score and step. */
    async score(
      subjectId: number,
      body: { exceptionId: number; score: number },
      p: Principal,
      actor: Actor,
    ): Promise<ScanFixResult> {
      const { exceptionId, score } = body;
      // read before the transaction: PGlite runs one connection, a read beside the transaction would wait
      const questions = await kit.d.subjectiveQuestions(subjectId);
      return kit.onException(subjectId, exceptionId, 'score', p, actor, 'scan.fix.score', async (c) => {
        const { r, e, paper, page } = c;
        const strip = stripOf(page?.result ?? null, e.region);
        if (!page || !strip) throw fail('notScoreBoxException');
        const rule = scoreRule(
          strip.question,
          questions,
          strip.fields.map((f) => f.labels),
          strip.value,
        );
        const problem = scoreProblem(score, rule);
        if (problem) throw fail('scoreBoxRejected', { reason: problem });
        const result = structuredClone(recognised(page.result)!);
        Object.assign(
          result.scores.find((x) => x.name === strip.name)!,
          { value: score, manual: true },
        );
        await r.updatePage(page.id, { result });
        const before = paper.scores[strip.name]?.value ?? null;
        await r.updatePaper(paper.id, {
          scores: { ...paper.scores, [strip.name]: { question: strip.question, value: score, manual: true } },
        });
        const n = await r.resolve([e.id], actor.userId, 'scored' satisfies ScanResolution, { score });
        await r.refreshStatus(paper.id);
        return {
          result: { papers: [paper.id], resolved: n },
          audit: { region: strip.name, before: { score: before }, after: { score } },
        };
      });
    },

    /** 主观题异常 on an answer box: a person saw the answer whole enough to mark; the page stays as it is. */
    accept: kit.byException('accept', 'scan.fix.accept', async ({ r, e, paper, page, actor }) => {
      if (stripOf(page?.result ?? null, e.region)) throw fail('scoreBoxNeedsScore');
      const n = await r.resolve([e.id], actor.userId, 'accepted' satisfies ScanResolution);
      await r.refreshStatus(paper.id);
      return {
        result: { papers: [paper.id], resolved: n },
        audit: { region: e.region, before: { reason: e.reason }, after: { accepted: true } },
      };
    }),
  };
}
