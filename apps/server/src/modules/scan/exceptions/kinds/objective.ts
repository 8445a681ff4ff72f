import type { Principal, ScanFixResult, ScanResolution } from '@yj/contracts';
import { fail } from '../../../../errors';
import type { Actor } from '../../../../lib/actor';
import type { FixKit } from '../fix-kit';
import { readingOf } from '../stored-reading';

/** 客观题异常: the answers a person read. */
export function objectiveFixes(kit: FixKit) {
  const { access, openException, livePaper, record, repo } = kit;
  return {
    /** 客观题异常: sets the answers; identical cases are confirmed together in one call. */
    async objective(
      subjectId: number,
      body: { answers: { exceptionId: number; answer: string[] }[] },
      p: Principal,
      actor: Actor,
    ): Promise<ScanFixResult> {
      const { examId, filter } = await access(subjectId, p, true);
      if (new Set(body.answers.map((a) => a.exceptionId)).size !== body.answers.length)
        throw fail('exceptionSubmittedTwice');
      return kit.d.db.transaction(async (tx) => {
        const r = repo(tx);
        const changes: { paperId: number; question: string; before: string[] | null; after: string[] }[] = [];
        const papers = new Set<number>();
        let resolved = 0;
        for (const a of body.answers) {
          const e = await openException(r, subjectId, filter, a.exceptionId, 'objective');
          const paper = await livePaper(r, e.paperId);
          const question = e.region ?? '';
          const page = e.pageId ? await r.page(e.pageId) : null;
          const labels = readingOf(page?.result ?? null, question)?.labels ?? [];
          const answer = [...new Set(a.answer.map((x) => x.toUpperCase()))].sort();
          const bad = answer.find((x) => labels.length && !labels.includes(x));
          if (bad) throw fail('objectiveOptionMissing', { question, option: bad });
          const objective = { ...paper.objective, [question]: answer };
          changes.push({
            paperId: paper.id,
            question,
            before: paper.objective[question] ?? null,
            after: answer,
          });
          await r.updatePaper(paper.id, { objective });
          resolved += await r.resolve([e.id], actor.userId, 'answered' satisfies ScanResolution, { answer });
          papers.add(paper.id);
        }
        for (const id of papers) await r.refreshStatus(id);
        await record(tx, examId, actor, 'scan.fix.objective', `subject:${subjectId}`, {
          subjectId,
          before: changes.map((c) => ({ paperId: c.paperId, question: c.question, answer: c.before })),
          after: changes.map((c) => ({ paperId: c.paperId, question: c.question, answer: c.after })),
        });
        return { papers: [...papers], resolved };
      });
    },
  };
}
