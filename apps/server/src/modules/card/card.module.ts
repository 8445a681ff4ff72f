import { cardRepo } from './card.repo';
import { cardService } from './card.service';

/** The card module wired (composition root: routes.ts): its repository passed into its service here. */
export function cardModule(d: Omit<Parameters<typeof cardService>[0], 'repo'>) {
  return { cards: cardService({ ...d, repo: cardRepo }) };
}
export type CardModule = ReturnType<typeof cardModule>;
