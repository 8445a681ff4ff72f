import type { Bubble, BubbleBlock, BubbleGrid, TemplateRect } from '@yj/contracts';

/** One readable field: a question, an exam-number digit or a mark, with its bubbles. */
export interface Field {
  name: string;
  bubbles: Bubble[];
}

function gridFields(g: BubbleGrid, names: (i: number) => string): Field[] {
  const out: Field[] = [];
  for (let f = 0; f < g.count; f++) {
    const bubbles = g.options.map((label, o) => {
      const along = o * g.optionGap;
      const across = f * g.fieldGap;
      const x = g.origin.x + (g.direction === 'horizontal' ? along : across);
      const y = g.origin.y + (g.direction === 'horizontal' ? across : along);
      return { label, rect: { x, y, w: g.bubble.w, h: g.bubble.h } };
    });
    out.push({ name: names(f), bubbles });
  }
  return out;
}

/** Expands a bubble block (grid or explicit) into fields, naming field i with `names(i)`. */
export function expandBlock(block: BubbleBlock, names: (i: number) => string): Field[] {
  if ('grid' in block) return gridFields(block.grid, names);
  return block.fields.map((f, i) => ({ name: f.name ?? names(i), bubbles: f.bubbles }));
}

/** Centre of a rectangle. */
export function rectCentre(r: TemplateRect): { x: number; y: number } {
  return { x: r.x + r.w / 2, y: r.y + r.h / 2 };
}
