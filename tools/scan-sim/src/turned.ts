import type { CardTemplate } from '@yj/contracts';
import { randomAnswers } from './answers';
import type { Difficulty } from './difficulty';
import type { GeneratedSheet } from './generate';
import { locationAreaCard, type AreaChoice } from './location-card';
import { createRng } from './rng';
import { simulateSheet } from './simulate';
import { NUMBER_TABLE_CARD_ID, numberTableCard, typicalCard } from './typical-card';
import { QUIZ_CARD_ID, quizCard } from './quiz-card';

// Failure mode of issue 28: third-party cards registered by location areas, fed upside down or at 270°
// (the engine once read a third of the answers from such a page whose registration had failed).

const AREAS: AreaChoice[] = ['print', 'corners'];
const FEEDS = [180, 270] as const;

/** The card of a template id the simulator makes: the typical card or one of its location-area forms. */
export async function simulatedCard(templateId: string): Promise<CardTemplate> {
  if (templateId === QUIZ_CARD_ID) return quizCard();
  if (templateId === NUMBER_TABLE_CARD_ID) return numberTableCard();
  for (const areas of AREAS)
    for (const anchors of [false, true]) {
      const { card } = await locationAreaCard({ areas, anchors });
      if (card.id === templateId) return card;
    }
  return typicalCard(templateId);
}

/**
 * Sheet `i` of the turned set: the location-area card framed on printed text or on the corner blocks
 * (alternately), fed at 180° or 270° (alternately by pairs), scanned at `difficulty`. Deterministic per seed.
 */
export async function generateTurned(
  i: number,
  opts: { seed: number; difficulty: Difficulty; dpi?: number },
): Promise<GeneratedSheet> {
  const areas = AREAS[i % AREAS.length]!;
  const feed = FEEDS[Math.floor(i / AREAS.length) % FEEDS.length]!;
  const { card, print } = await locationAreaCard({ areas });
  const base = opts.seed * 1_000_003 + i * 7919;
  const examNumber = String(10_000_000 + (((base * 2654435761) >>> 0) % 89_999_999)).slice(0, 8);
  const answers = randomAnswers(card.pages[0]!, createRng(base + 1), opts.difficulty, examNumber);
  const sim = await simulateSheet(card, 0, answers, {
    seed: base + 3,
    difficulty: opts.difficulty,
    feed,
    print,
    ...(opts.dpi !== undefined ? { dpi: opts.dpi } : {}),
  });
  return { name: `turned-${String(i).padStart(5, '0')}-${areas}-${feed}`, ...sim };
}
