import type { BlockInput, BlockItem, SubjectiveQuestion } from '@yj/contracts';
import { byNo, compareNo } from './structure-edit';

/** A block being edited; `key` tells unsaved blocks apart, `id` keeps a saved one. */
export interface BlockDraft extends BlockInput {
  key: string;
  id?: number;
}

let seq = 0;
export const newKey = (): string => `new-${++seq}`;

export function emptyBlock(name: string): BlockDraft {
  return {
    key: newKey(),
    name,
    nos: [],
    markCount: 1,
    threshold: null,
    finalRule: 'mean',
    arbitration: 'leader',
    assignMode: 'free',
    quota: null,
    regions: [],
    points: [],
  };
}

/** A listed block as a draft; proposed regions are not the block's own until accepted on 题块框选. */
export function fromItem(b: BlockItem): BlockDraft {
  const { fullScore: _full, regionsProposed, ...rest } = b;
  return { ...rest, regions: regionsProposed ? [] : b.regions, key: `id-${b.id}` };
}

/** Full score of a block: the sum of its questions. */
export function blockScore(nos: string[], questions: SubjectiveQuestion[]): number {
  return nos.reduce((s, no) => s + (questions.find((q) => q.no === no)?.score ?? 0), 0);
}

/** Subjective questions in no block. */
export function unassigned(blocks: BlockDraft[], questions: SubjectiveQuestion[]): string[] {
  const used = new Set(blocks.flatMap((b) => b.nos));
  return byNo(questions)
    .map((q) => q.no)
    .filter((no) => !used.has(no));
}

/** What is wrong with one block among the others, in the words the server uses; empty when fine. */
export function blockProblems(
  b: BlockDraft,
  others: BlockDraft[],
  questions: SubjectiveQuestion[],
): string[] {
  const out: string[] = [];
  const name = b.name.trim();
  if (!name) out.push('请填写题块名称');
  if (others.some((o) => o.name.trim() === name && name)) out.push(`题块名称“${name}”已存在`);
  if (!b.nos.length) out.push('题块至少包含一道主观题');
  for (const no of b.nos) {
    if (!questions.some((q) => q.no === no)) out.push(`第 ${no} 题不是本科目的主观题`);
    const owner = others.find((o) => o.nos.includes(no));
    if (owner) out.push(`第 ${no} 题已在题块“${owner.name}”中`);
  }
  if (b.markCount === 2) {
    const full = blockScore(b.nos, questions);
    if (b.threshold === null) out.push('双评须设置误差阈值');
    else if (full > 0 && b.threshold >= full) out.push(`误差阈值应小于题块满分 ${full} 分`);
  }
  return out;
}

/** The save body: the whole list, questions in paper order, single marking without a threshold. */
export function blocksBody(blocks: BlockDraft[]): { blocks: Array<BlockInput & { id?: number }> } {
  return {
    blocks: blocks.map(({ key: _key, ...b }) => ({
      ...b,
      name: b.name.trim(),
      nos: [...b.nos].sort(compareNo),
      threshold: b.markCount === 2 ? b.threshold : null,
      // a question moved out of the block takes its 给分点 with it
      points: b.points.filter((p) => b.nos.includes(p.no)),
    })),
  };
}

/** One block per question not yet in a block, named after it (the usual start for a short paper). */
export function blockPerQuestion(blocks: BlockDraft[], questions: SubjectiveQuestion[]): BlockDraft[] {
  const names = new Set(blocks.map((b) => b.name));
  const added = unassigned(blocks, questions)
    .map((no) => ({ ...emptyBlock(`第${no}题`), nos: [no] }))
    .filter((b) => !names.has(b.name));
  return [...blocks, ...added];
}
