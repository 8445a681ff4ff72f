import type { AgentExceptionPaper } from '@yj/contracts';
import type { ScanAgent } from './agent';
import type { PageState } from './store';

const item = (p: PageState, reason: string): AgentExceptionPaper => ({
  seq: p.seq,
  batchId: p.batch,
  name: p.name,
  imageUrl: `/sm/page/${p.seq}/image`,
  pageIndex: p.check?.pageIndex ?? null,
  examNumber: p.check?.examNumber ?? null,
  reason,
  uploaded: p.uploaded,
});

function pagesOfSubject(agent: ScanAgent, subjectId: number): PageState[] {
  return agent.store.pages.filter((p) => agent.store.batches.get(p.batch)?.subjectId === subjectId);
}

/** Pages that could not be placed on the template (anchors covered or torn, another card, unreadable image). */
export function anchorExceptions(agent: ScanAgent, subjectId: number): AgentExceptionPaper[] {
  return pagesOfSubject(agent, subjectId)
    .filter((p) => p.check?.anchor)
    .map((p) => item(p, p.check!.anchor!));
}

/** Pages whose exam number could not be read. */
export function kaohaoExceptions(agent: ScanAgent, subjectId: number): AgentExceptionPaper[] {
  return pagesOfSubject(agent, subjectId)
    .filter((p) => p.check?.kaohao)
    .map((p) => item(p, p.check!.kaohao!));
}

/**
 * Exam numbers read on more than one paper of the subject (a paper is a run of the card's pages within a
 * batch): each page carrying the number is listed, grouped by number.
 */
export async function duplicateKaohao(agent: ScanAgent, subjectId: number): Promise<AgentExceptionPaper[]> {
  const card = await agent.templateFor(subjectId);
  const per = card?.pages.length ?? 1;
  const papers = new Map<string, PageState[]>();
  const byBatch = new Map<number, PageState[]>();
  for (const p of pagesOfSubject(agent, subjectId))
    byBatch.set(p.batch, [...(byBatch.get(p.batch) ?? []), p]);
  for (const pages of byBatch.values()) {
    for (let i = 0; i < pages.length; i += per) {
      const sheet = pages.slice(i, i + per);
      const withNumber = sheet.find((p) => p.check?.examNumber);
      if (!withNumber) continue;
      const n = withNumber.check!.examNumber!;
      papers.set(n, [...(papers.get(n) ?? []), withNumber]);
    }
  }
  return [...papers.entries()]
    .filter(([, pages]) => pages.length > 1)
    .flatMap(([n, pages]) => pages.map((p) => item(p, `考号 ${n} 重复（${pages.length} 份）`)));
}

/** xiaokao/getBatchInfo: the local batches of a subject (or all), with their counts and state. */
export function batchInfo(agent: ScanAgent, subjectId: number | null, batchId: number | null) {
  const { store, uploader } = agent;
  const batches = [...store.batches.values()].filter(
    (b) => (subjectId === null || b.subjectId === subjectId) && (batchId === null || b.id === batchId),
  );
  const last = store.nextBatchId() - 1;
  return batches.map((b) => {
    const pages = store.pagesOf(b.id);
    const uploaded = pages.filter((p) => p.uploaded).length;
    return {
      batchId: b.id,
      subjectId: b.subjectId,
      schoolId: b.schoolId,
      createdAt: b.at,
      current:
        b.id === last && agent.settings.subjectId === b.subjectId && agent.settings.schoolId === b.schoolId,
      pages: pages.length,
      recognised: pages.filter((p) => p.check).length,
      uploaded,
      pending: pages.length - uploaded,
      anchorExceptions: pages.filter((p) => p.check?.anchor).length,
      kaohaoExceptions: pages.filter((p) => p.check?.kaohao).length,
      lackPage: uploader.lackPage.has(b.id),
      serverBatchIds: [...new Set(pages.map((p) => p.serverBatchId).filter((x): x is number => x !== null))],
    };
  });
}
