import type { BlockItem, BlockPoints, BlockRegion, SubjectiveQuestion } from '@yj/contracts';
import { pointsProblem } from '@yj/contracts';
import type { BlockDraft } from './block-edit';

// Pure helpers of 题块框选 (setting/block/style): colours, region edits, 给分点 checks.

const PALETTE = ['#1677ff', '#f53f3f', '#00a870', '#fa8c16', '#722ed1', '#13c2c2', '#eb2f96', '#a0d911'];

/** The colour a block is drawn in, by its place in the list. */
export const blockColour = (i: number): string => PALETTE[i % PALETTE.length]!;

/** Proposed regions of listed blocks, by block key: shown dashed until accepted. */
export function proposalsOf(items: BlockItem[]): Map<string, BlockRegion[]> {
  return new Map(items.filter((b) => b.regionsProposed).map((b) => [`id-${b.id}`, b.regions]));
}

/** The draft with `f` applied to the block under `key`. */
export function updateBlock(
  blocks: BlockDraft[],
  key: string,
  f: (b: BlockDraft) => BlockDraft,
): BlockDraft[] {
  return blocks.map((b) => (b.key === key ? f(b) : b));
}

/** Whole template pixels, inside the page. */
export function fitRegion(r: BlockRegion, width: number, height: number): BlockRegion {
  const x = Math.max(0, Math.min(Math.round(r.x), width - 10));
  const y = Math.max(0, Math.min(Math.round(r.y), height - 10));
  return {
    page: r.page,
    x,
    y,
    w: Math.max(10, Math.min(Math.round(r.w), width - x)),
    h: Math.max(10, Math.min(Math.round(r.h), height - y)),
  };
}

/** A question's points as edited: the block's entry, or the structure's step without 给分点. */
export function pointsFor(b: BlockDraft, no: string, questions: SubjectiveQuestion[]): BlockPoints {
  return (
    b.points.find((p) => p.no === no) ?? {
      no,
      step: questions.find((q) => q.no === no)?.step ?? 1,
      points: [],
    }
  );
}

/** The block with one question's points replaced (kept in the order of its questions). */
export function setPoints(b: BlockDraft, next: BlockPoints, questions: SubjectiveQuestion[]): BlockDraft {
  return { ...b, points: b.nos.map((no) => (no === next.no ? next : pointsFor(b, no, questions))) };
}

/** What keeps the blocks from being saved, in the server's words; empty when they can be. */
export function styleProblems(blocks: BlockDraft[], questions: SubjectiveQuestion[]): string[] {
  const out: string[] = [];
  for (const b of blocks)
    for (const p of b.points) {
      const q = questions.find((x) => x.no === p.no);
      if (!q || !b.nos.includes(p.no)) continue;
      if (p.points.some((x) => !x.name.trim())) out.push(`题块“${b.name}”：第 ${p.no} 题有给分点没有名称`);
      const problem = pointsProblem(p, q.score);
      if (problem) out.push(`题块“${b.name}”：${problem}`);
    }
  return out;
}
