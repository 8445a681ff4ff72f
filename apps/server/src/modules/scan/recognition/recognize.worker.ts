import type { CardTemplate } from '@yj/contracts';
import { computePage, type Computed, type ManualAnchors } from './scan-recognize';

// Worker thread of the recognition pool: decode and recognise one page.
export default async function recognize(task: {
  bytes: Uint8Array;
  card: CardTemplate;
  manual?: ManualAnchors;
}): Promise<Computed> {
  return computePage(task.bytes, task.card, task.manual);
}
