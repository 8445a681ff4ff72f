import type { BlockRegion, BubbleBlock, CardTemplate, TemplatePage, TemplateRect } from '@yj/contracts';
import { expandBlock } from '@yj/omr';

/** The questions a template's subjective box answers: `45|46` is one box for two questions. */
const boxQuestions = (question: string): string[] => question.split('|').map((q) => q.trim());

const union = (a: TemplateRect, b: TemplateRect): TemplateRect => {
  const x = Math.min(a.x, b.x);
  const y = Math.min(a.y, b.y);
  return { x, y, w: Math.max(a.x + a.w, b.x + b.w) - x, h: Math.max(a.y + a.h, b.y + b.h) - y };
};

const overlaps = (a: TemplateRect, b: TemplateRect): boolean =>
  a.x < b.x + b.w && b.x < a.x + a.w && a.y < b.y + b.h && b.y < a.y + a.h;

const bubbleBounds = (block: BubbleBlock): TemplateRect[] =>
  expandBlock(block, String).flatMap((f) => f.bubbles.map((b) => b.rect));

/** Everything printed on the page that is not one of the block's own boxes: a region must not take it in. */
function foreignRects(page: TemplatePage, own: Set<object>): TemplateRect[] {
  const exam = page.examNumber;
  return [
    ...page.subjective.filter((b) => !own.has(b)).map((b) => b.rect),
    ...page.objective.flatMap(bubbleBounds),
    ...page.optional.flatMap((g) => g.bubbles.map((b) => b.rect)),
    ...(page.ab ? page.ab.bubbles.map((b) => b.rect) : []),
    ...(page.absent ? [page.absent.rect] : []),
    ...(page.identity ? [page.identity.rect] : []),
    ...(exam ? ('rect' in exam ? [exam.rect] : bubbleBounds(exam)) : []),
    ...page.anchors.map((a) => a.rect),
  ];
}

/**
 * The block's boxes on one page joined into as few rectangles as possible without taking in anything
 * else printed there: boxes of one column join, but two columns are never bridged across the exam number
 * or another question's box (a cut showing the exam number would unmask the examinee to the marker).
 */
function joinBoxes(boxes: TemplateRect[], foreign: TemplateRect[]): TemplateRect[] {
  const area = (r: TemplateRect) => r.w * r.h;
  const rects = [...boxes];
  // Join the pair that wastes least paper first (one column before bridging two), while any pair may join.
  for (;;) {
    let best: { i: number; j: number; u: TemplateRect; waste: number } | null = null;
    for (let i = 0; i < rects.length; i++)
      for (let j = i + 1; j < rects.length; j++) {
        const u = union(rects[i]!, rects[j]!);
        if (foreign.some((f) => overlaps(u, f))) continue;
        const waste = area(u) - area(rects[i]!) - area(rects[j]!);
        if (!best || waste < best.waste) best = { i, j, u, waste };
      }
    if (!best) return rects.sort((a, b) => a.x - b.x || a.y - b.y);
    rects.splice(best.j, 1);
    rects[best.i] = best.u;
  }
}

/**
 * Regions proposed for a block not framed yet: per template page, the subjective boxes of its questions,
 * joined where nothing else lies between them — what a person draws in most cases, so accepting it is one
 * click.
 */
export function proposeRegions(card: CardTemplate, nos: string[]): BlockRegion[] {
  const out: BlockRegion[] = [];
  for (const page of [...card.pages].sort((a, b) => a.index - b.index)) {
    const own = page.subjective.filter((b) => boxQuestions(b.question).some((q) => nos.includes(q)));
    if (!own.length) continue;
    const rects = joinBoxes(
      own.map((b) => b.rect),
      foreignRects(page, new Set(own)),
    );
    for (const r of rects)
      out.push({
        page: page.index,
        x: Math.round(r.x),
        y: Math.round(r.y),
        w: Math.round(r.w),
        h: Math.round(r.h),
      });
  }
  return out;
}
