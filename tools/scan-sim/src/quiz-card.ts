import type { CardTemplate, ObjectiveQuestion, Structure } from '@yj/contracts';
import { cardTemplate, demoOptions, layoutCard } from '@yj/card';
import { randomAnswers } from './answers';
import type { Difficulty } from './difficulty';
import type { GeneratedSheet } from './generate';
import { createRng } from './rng';
import { simulateSheet } from './simulate';

// The card of a 课堂小测 as the quiz page makes it (A4, one column, one side): ten single-choice questions of
// four options and one subjective question, 8-digit exam number bubbles. The phone-photo bench set
// photographs it, the way a teacher photographs a quiz.

/** The quiz card's template id. */
export const QUIZ_CARD_ID = 'sim-quiz-a4';

const single = (no: number): ObjectiveQuestion => ({
  no: String(no),
  kind: 'single',
  options: 4,
  score: 3,
  answer: 'ABCD'[no % 4]!,
  partialScore: null,
  answerB: '',
  bNo: null,
});

/** The quiz card template at 200 dpi. */
export function quizCard(): CardTemplate {
  const structure: Structure = {
    objective: Array.from({ length: 10 }, (_, i) => single(i + 1)),
    subjective: [{ no: '11', score: 10, step: 1, bNo: null }],
    optionalGroups: [],
    abEnabled: false,
  };
  const geometry = layoutCard({
    structure,
    options: demoOptions({
      cardId: QUIZ_CARD_ID,
      examName: '第三周函数小测',
      subjectName: '数学',
      paper: 'A4',
      columns: 1,
      twoSided: false,
      boxes: {},
    }),
  });
  return cardTemplate(geometry, { dpi: 200 });
}

/**
 * Photo `i` of the phone-photo set: a student's quiz card marked at `difficulty`, photographed with a
 * phone (photo.ts). Deterministic per seed.
 */
export async function generatePhoto(
  i: number,
  opts: { seed: number; difficulty: Difficulty },
): Promise<GeneratedSheet> {
  const card = quizCard();
  const base = opts.seed * 1_000_003 + i * 7919;
  const examNumber = String(10_000_000 + (((base * 2654435761) >>> 0) % 89_999_999)).slice(0, 8);
  const answers = randomAnswers(card.pages[0]!, createRng(base + 1), opts.difficulty, examNumber);
  const sim = await simulateSheet(card, 0, answers, {
    seed: base + 3,
    difficulty: opts.difficulty,
    dpi: 200,
    photo: true,
  });
  return { name: `phone-${String(i).padStart(5, '0')}`, ...sim };
}
