import type { BlockRegion, CardTemplate } from '@yj/contracts';
import type { BlankPicture } from './scan-blanks';
import { computePage, printPage, type Computed, type ManualAnchors } from './scan-recognize';

// Worker thread of the recognition pool: decode and recognise one page, and cut its blocks for marking — or,
// asked for `print`, the page's ink print alone (same-sheet.ts).
export default async function recognize(task: {
  print?: true;
  bytes: Uint8Array;
  card: CardTemplate;
  manual?: ManualAnchors;
  blanks?: BlankPicture[];
  blocks?: BlockRegion[][];
}): Promise<Computed | Uint8Array | null> {
  if (task.print) return printPage(task.bytes, task.card, task.manual, task.blanks);
  return computePage(task.bytes, task.card, task.manual, task.blanks, task.blocks);
}
