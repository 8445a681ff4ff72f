import type { Structure } from '@yj/contracts';
import type { PageDraft } from './draft';
import { boundObjective, boxedSubjective } from './numbering';
import type { BuilderFacts } from './tabs';

const has = (p: PageDraft, kind: PageDraft['regions'][number]['kind']) =>
  p.regions.some((r) => r.kind === kind);

/** A page can be registered on a scan: three anchors or a location area. */
export const pagePositioned = (p: PageDraft): boolean =>
  p.regions.filter((r) => r.kind === 'anchor').length >= 3 || has(p, 'location');

/** The facts the tabs and the step list are decided from. */
export function builderFacts(
  pages: PageDraft[],
  structure: Structure | null,
  ui: { viewed: boolean; saved: boolean },
): BuilderFacts {
  const imagesDone = pages.length > 0 && pages.every((p) => p.image !== null);
  const bound = new Set(boundObjective(pages));
  const boxed = new Set(boxedSubjective(pages));
  // A structure with only subjective questions (a cover sheet such as OMRChecker's sample6) has nothing
  // to bind here; without any structure at least one group must be drawn.
  const structured = !!structure && structure.objective.length + structure.subjective.length > 0;
  const objectiveDone = structured ? structure.objective.every((q) => bound.has(q.no)) : bound.size > 0;
  const subjectiveDone = structure?.subjective.length
    ? structure.subjective.every((q) => boxed.has(q.no) || boxed.has(q.no.replace(/\(\d+\)$/, '')))
    : boxed.size > 0;
  return {
    imagesDone,
    detected: imagesDone,
    viewed: imagesDone && ui.viewed,
    positioned: imagesDone && pages.every(pagePositioned),
    examNumber: pages.some((p) => has(p, 'examNumber') || has(p, 'examCode')),
    structureSet: !!structure && structure.objective.length + structure.subjective.length > 0,
    objectiveDone,
    saved: ui.saved,
    subjectiveDone,
    absentDone: pages.some((p) => has(p, 'absent')),
  };
}
