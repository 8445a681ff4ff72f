import type { BlockRegion, CardTemplate } from '@yj/contracts';

/** The questions a template's subjective box answers: `45|46` is one box for two questions. */
const boxQuestions = (question: string): string[] => question.split('|').map((q) => q.trim());

/**
 * Regions proposed for a block not framed yet: per template page, the union of the subjective boxes of
 * its questions — what a person draws in most cases, so accepting it is one click.
 */
export function proposeRegions(card: CardTemplate, nos: string[]): BlockRegion[] {
  const out: BlockRegion[] = [];
  for (const page of [...card.pages].sort((a, b) => a.index - b.index)) {
    const boxes = page.subjective.filter((b) => boxQuestions(b.question).some((q) => nos.includes(q)));
    if (!boxes.length) continue;
    const x = Math.min(...boxes.map((b) => b.rect.x));
    const y = Math.min(...boxes.map((b) => b.rect.y));
    const right = Math.max(...boxes.map((b) => b.rect.x + b.rect.w));
    const bottom = Math.max(...boxes.map((b) => b.rect.y + b.rect.h));
    out.push({
      page: page.index,
      x: Math.round(x),
      y: Math.round(y),
      w: Math.round(right - x),
      h: Math.round(bottom - y),
    });
  }
  return out;
}
