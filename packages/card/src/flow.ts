import { BLOCK_GAP } from './metrics';
import type { PageBuilder } from './page';

/** A piece of content of known height that can be placed in a column (and maybe split across two). */
export interface Block {
  height: number;
  place(p: PageBuilder, x: number, y: number): void;
  /** Head that fits in `avail` mm and the rest; null when the block cannot or should not split there. */
  split?(avail: number, columnHeight: number): [Block, Block] | null;
}

/** Where columns are on a page. */
export interface ColumnFrame {
  xs: number[];
  top: number;
  bottom: number;
}

/** Error for content that can never fit (a block taller than a column that cannot be split). */
export class LayoutError extends Error {}

/**
 * Flows blocks down columns, column after column, page after page. A block that does not fit in the
 * rest of a column moves to the next one, unless it is taller than a whole column: then it is split.
 */
export function flow(blocks: Block[], frame: ColumnFrame, newPage: () => PageBuilder): PageBuilder[] {
  const pages = [newPage()];
  let col = 0;
  let y = frame.top;
  const colHeight = frame.bottom - frame.top;
  const next = () => {
    col++;
    if (col >= frame.xs.length) {
      col = 0;
      pages.push(newPage());
    }
    y = frame.top;
  };
  for (const first of blocks) {
    let block: Block | null = first;
    while (block) {
      const avail = frame.bottom - y;
      if (block.height <= avail + 1e-6) {
        block.place(pages.at(-1)!, frame.xs[col]!, y);
        y += block.height + BLOCK_GAP;
        block = null;
        continue;
      }
      const parts: [Block, Block] | null = block.split?.(avail, colHeight) ?? null;
      if (parts) {
        parts[0].place(pages.at(-1)!, frame.xs[col]!, y);
        block = parts[1];
        next();
        continue;
      }
      if (y === frame.top)
        throw new LayoutError(`内容高度 ${block.height.toFixed(0)}mm 超过一栏 ${colHeight}mm`);
      next();
    }
  }
  return pages;
}
