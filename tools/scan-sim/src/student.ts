import type { CardTemplate } from '@yj/contracts';
import { randomAnswers, type SheetAnswers } from './answers';
import { createRng } from './rng';
import type { SubjectiveInk } from './marks';
import { simulateSheet, type SheetTruth, type SimulateOptions } from './simulate';

type Scan = { jpeg: Buffer; truth: SheetTruth };

/**
 * One student's two pages of a two-page card, scanned cleanly and the right way up, for the scan tests:
 * the front carries `kaohao` and is in order (question 1 answered C, paper A, no absent mark) until `front`
 * plants a problem; `back` may edit the back page's answers (a 打分栏 score, say). Seeds `seed` and `seed + 1`.
 */
export async function orderlyStudent(
  card: CardTemplate,
  seed: number,
  kaohao: string,
  edit: {
    front?: (a: SheetAnswers) => void;
    back?: (a: SheetAnswers) => void;
    /** what is written in the subjective boxes, by question (both pages) */
    ink?: Record<string, SubjectiveInk>;
    /** lines down both pages from dirt on the scanner's glass */
    streaks?: SimulateOptions['streaks'];
    /** the same sheet scanned again: the front's scan seed (the back's is one more), the marks as `seed` draws them */
    rescan?: number;
  } = {},
): Promise<{ front: Scan; back: Scan }> {
  const a = randomAnswers(card.pages[0]!, createRng(seed), 'clean', kaohao);
  a.objective['1'] = ['C'];
  a.ab = 'A';
  a.absent = false;
  edit.front?.(a);
  const b = randomAnswers(card.pages[1]!, createRng(seed + 1), 'clean');
  edit.back?.(b);
  const scan = { difficulty: 'clean', feed: 0, ink: edit.ink, streaks: edit.streaks } as const;
  const again = (n: number) => (edit.rescan === undefined ? {} : { rescan: edit.rescan + n });
  const front = await simulateSheet(card, 0, a, { seed, ...scan, ...again(0) });
  const back = await simulateSheet(card, 1, b, { seed: seed + 1, ...scan, ...again(1) });
  return { front, back };
}
