import type { BlockRegion, CardTemplate } from '@yj/contracts';
import type { BlankPicture } from './scan-blanks';
import { computePage, type Computed, type ManualAnchors } from './scan-recognize';

// Worker thread of the recognition pool: decode and recognise one page, and cut its blocks for marking.
export default async function recognize(task: {
  bytes: Uint8Array;
  card: CardTemplate;
  manual?: ManualAnchors;
  blanks?: BlankPicture[];
  blocks?: BlockRegion[][];
}): Promise<Computed> {
  return computePage(task.bytes, task.card, task.manual, task.blanks, task.blocks);
}
