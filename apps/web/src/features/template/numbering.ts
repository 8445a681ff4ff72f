import type { QuestionKind, Structure } from '@yj/contracts';
import { objectiveNos, type PageDraft, type Region } from './draft';

// Question numbers: which the drawn regions already cover, and which one the next region should get.

const regionsOf = <K extends Region['kind']>(pages: PageDraft[], kind: K) =>
  pages.flatMap((p) => p.regions.filter((r): r is Extract<Region, { kind: K }> => r.kind === kind));

/** Objective question numbers boxed on any page (with repeats). */
export const boundObjective = (pages: PageDraft[]): string[] =>
  regionsOf(pages, 'objective').flatMap(objectiveNos);

/** Subjective question numbers with a box on any page. */
export const boxedSubjective = (pages: PageDraft[]): string[] =>
  regionsOf(pages, 'subjective').map((s) => s.question);

const asNumber = (no: string): number => Number.parseInt(no, 10) || 0;

/** The first objective number of the structure not yet boxed; without a structure, the one after the last boxed. */
export function nextObjectiveNo(pages: PageDraft[], s: Structure | null): number {
  const bound = new Set(boundObjective(pages));
  const open = s?.objective.find((q) => !bound.has(q.no));
  if (open) return asNumber(open.no);
  return Math.max(0, ...[...bound].map(asNumber)) + 1;
}

/** The first subjective question of the structure without a box; else the number after every one in use. */
export function nextSubjectiveNo(pages: PageDraft[], s: Structure | null): string {
  const boxed = new Set(boxedSubjective(pages));
  const open = s?.subjective.find((q) => !boxed.has(q.no) && !boxed.has(q.no.replace(/\(\d+\)$/, '')));
  if (open) return open.no;
  const used = [...boundObjective(pages), ...boxed].map(asNumber);
  return String(Math.max(0, ...used) + 1);
}

/** The kind the structure gives question `no`, else 单选. */
export function kindOf(no: number, s: Structure | null): QuestionKind {
  const q = s?.objective.find((x) => x.no === String(no));
  if (q) return q.kind;
  return 'single';
}

/** How many options the structure gives question `no`, if it knows it. */
export const optionCountOf = (no: number, s: Structure | null): number | undefined =>
  s?.objective.find((x) => x.no === String(no))?.options;

/** The subjective numbers a box can be linked to: the structure's, or free entry when it has none. */
export const subjectiveChoices = (s: Structure | null): string[] => s?.subjective.map((q) => q.no) ?? [];
