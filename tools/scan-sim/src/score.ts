import type { CardTemplate } from '@yj/contracts';
import { pageFields, type PageResult } from '@yj/omr';
import type { SheetTruth } from './simulate';

/** How a recognition result compares with the truth of a simulated sheet. */
export interface SheetScore {
  /** Fields decided wrongly without an exception: the errors that must never happen. */
  silentErrors: string[];
  /** Exception regions raised. */
  exceptions: string[];
  /** Exceptions the sheet did not call for (a person would be asked needlessly). */
  needlessExceptions: string[];
  /** true / false when the page carries an exam number, otherwise null. */
  examNumberCorrect: boolean | null;
}

const same = (a: string[], b: string[]) =>
  a.length === b.length && [...a].sort().join() === [...b].sort().join();

/** Compares a result with the truth: silent errors, exceptions, exam number. */
export function scoreSheet(card: CardTemplate, truth: SheetTruth, r: PageResult): SheetScore {
  const exceptions = r.exceptions.map((e) => e.region);
  const flagged = new Set(exceptions);
  const silent: string[] = [];
  const page = card.pages.find((p) => p.index === truth.pageIndex)!;
  const f = pageFields(page);
  const needless = exceptions.filter((e) => !truth.expectExceptions.includes(e) && e !== f.absent?.name);
  if (truth.blank) {
    if (r.status !== 'blank') silent.push('blank');
    return {
      silentErrors: silent,
      exceptions,
      needlessExceptions: r.status === 'blank' ? [] : needless,
      examNumberCorrect: null,
    };
  }
  if (r.status === 'blank')
    return { silentErrors: ['page'], exceptions, needlessExceptions: [], examNumberCorrect: false };
  if (r.pageIndex !== null && r.pageIndex !== truth.pageIndex) silent.push('pageIndex');
  if (r.registration === null)
    return {
      silentErrors: silent,
      exceptions,
      needlessExceptions: needless,
      examNumberCorrect: truth.answers.examNumber ? false : null,
    };
  const a = truth.answers;
  let examNumberCorrect: boolean | null = null;
  if (a.examNumber) {
    examNumberCorrect = r.examNumber.value === a.examNumber;
    if (r.examNumber.value !== null && !examNumberCorrect) silent.push('examNumber');
  }
  for (const o of r.objective) {
    const want = a.objective[o.question] ?? [];
    if (o.reading.value !== null && !flagged.has(o.reading.name) && !same(o.reading.value, want))
      silent.push(o.question);
  }
  if (r.ab?.value && r.ab.value.length === 1 && r.ab.value[0] !== a.ab) silent.push(r.ab.name);
  if (r.absent?.value && !flagged.has(r.absent.name) && (r.absent.value.length === 1) !== a.absent)
    silent.push(r.absent.name);
  for (const o of r.optional)
    if (o.value?.length === 1 && o.value[0] !== a.optional[o.name]) silent.push(o.name);
  for (const s of r.scores) if (s.value !== null && s.value !== a.scores[s.name]) silent.push(s.name);
  return { silentErrors: silent, exceptions, needlessExceptions: needless, examNumberCorrect };
}
