import type { CardTemplate } from '@yj/contracts';
import { computePage, type Computed, type ManualAnchors } from './scan-recognize';

// Worker thread of the recognition pool: decode, recognise, cut. The cut regions go back as transferred
// bytes so the main thread only stores them.
export default async function recognize(task: {
  bytes: Uint8Array;
  card: CardTemplate;
  manual?: ManualAnchors;
}): Promise<Computed> {
  return computePage(task.bytes, task.card, task.manual);
}
