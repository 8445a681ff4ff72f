import type { TemplatePage } from '@yj/contracts';
import { pageFields } from '@yj/omr';
import { STUDENTS, type Difficulty } from './difficulty';
import type { Rng } from './rng';

/** What the student (and invigilator, and a teacher for score boxes) meant to mark on one page. */
export interface SheetAnswers {
  examNumber: string | null;
  objective: Record<string, string[]>;
  ab: string | null;
  absent: boolean;
  optional: Record<string, string | null>;
  scores: Record<string, number>;
}

/** How many digits a page's exam number has: barcode numbers are 8-digit stickers; bubble grids a digit a field. */
export function examNumberDigits(page: TemplatePage): number {
  return page.examNumber?.kind === 'bubbles' ? pageFields(page).examNumber.length : page.examNumber ? 8 : 0;
}

/** Random but plausible answers for a page, with the difficulty's share of student mistakes. */
export function randomAnswers(
  page: TemplatePage,
  rng: Rng,
  difficulty: Difficulty,
  examNumber?: string,
): SheetAnswers {
  const p = STUDENTS[difficulty];
  const f = pageFields(page);
  const objective: Record<string, string[]> = {};
  for (const o of f.objective) {
    const labels = o.field.bubbles.map((b) => b.label);
    if (rng.chance(p.blankAnswer)) {
      objective[o.field.name] = [];
      continue;
    }
    if (o.kind === 'multi') {
      const chosen = labels.filter(() => rng.chance(0.45));
      objective[o.field.name] = chosen.length > 0 ? chosen : [rng.pick(labels)];
      continue;
    }
    const one = rng.pick(labels);
    const two = rng.chance(p.doubleMark) ? rng.pick(labels.filter((l) => l !== one)) : null;
    objective[o.field.name] = two ? [one, two].sort((a, b) => labels.indexOf(a) - labels.indexOf(b)) : [one];
  }
  const digits = examNumberDigits(page);
  const exam =
    digits > 0 ? (examNumber ?? Array.from({ length: digits }, () => String(rng.int(0, 9))).join('')) : null;
  const optional: Record<string, string | null> = {};
  for (const o of f.optional) optional[o.name] = rng.pick(o.bubbles.map((b) => b.label));
  const scores: Record<string, number> = {};
  for (const s of f.scores) scores[s.name] = rng.int(0, 19);
  return {
    examNumber: exam,
    objective,
    ab: f.ab ? (rng.chance(p.missingAb) ? null : rng.pick(f.ab.bubbles.map((b) => b.label))) : null,
    absent: f.absent ? rng.chance(p.absent) : false,
    optional,
    scores,
  };
}
