import type { Structure, SubjectiveQuestion } from '@yj/contracts';
import { headerBlock } from './blocks/header';
import { groupObjective, objectiveBlock } from './blocks/objective';
import { subjectiveBlock, type BoxPlan } from './blocks/subjective';
import { flow, LayoutError, type Block } from './flow';
import { BOTTOM, COLUMN_GAP, CONTENT_TOP, SIDE, r2 } from './metrics';
import { drawFrame, PageBuilder } from './page';
import { PAPERS, type CardGeometry, type CardInput, type CardOptions } from './types';

/** Default height (mm) of a blank or ruled box: grows with the score. */
export function defaultBoxHeight(score: number): number {
  return Math.min(170, Math.max(35, 28 + 4 * score));
}

function subjectiveOrder(s: Structure, order: string[] | undefined): SubjectiveQuestion[] {
  const byNo = new Map(s.subjective.map((q) => [q.no, q]));
  const first = (order ?? []).map((no) => byNo.get(no)).filter((q): q is SubjectiveQuestion => !!q);
  const seen = new Set(first.map((q) => q.no));
  return [...first, ...s.subjective.filter((q) => !seen.has(q.no))];
}

function boxPlans(s: Structure, o: CardOptions): BoxPlan[] {
  const plans: BoxPlan[] = [];
  const done = new Set<string>();
  const subjectiveNos = new Set(s.subjective.map((q) => q.no));
  for (const q of subjectiveOrder(s, o.order)) {
    if (done.has(q.no)) continue;
    const group = s.optionalGroups.find(
      (g) => g.nos.includes(q.no) && g.nos.every((n) => subjectiveNos.has(n)),
    );
    const nos = group ? group.nos : [q.no];
    nos.forEach((n) => done.add(n));
    const members = nos.map((n) => s.subjective.find((x) => x.no === n)!);
    const opts = nos.map((n) => o.boxes?.[n] ?? {});
    const score = Math.max(...members.map((m) => m.score));
    const style = opts.find((b) => b.style)?.style ?? 'blank';
    plans.push({
      nos,
      score,
      step: members.some((m) => m.step === 0.5) ? 0.5 : 1,
      style,
      height: Math.max(...opts.map((b) => b.height ?? defaultBoxHeight(score))),
      essayChars: Math.max(...opts.map((b) => b.essayChars ?? 800)),
      scoreBox: !!o.scoreBoxes,
      ...(group ? { optional: { name: group.name, pick: group.pick } } : {}),
    });
  }
  return plans;
}

function checkOptions(o: CardOptions): { paper: keyof typeof PAPERS; columns: number } {
  const paper = o.paper ?? 'A3';
  const spec = PAPERS[paper];
  if (!spec) throw new LayoutError(`不支持的纸张 ${String(paper)}`);
  const columns = o.columns ?? spec.defaultColumns;
  if (!(spec.columns as readonly number[]).includes(columns))
    throw new LayoutError(`${spec.label} 纸张只能排 ${spec.columns.join(' 或 ')} 栏`);
  if (o.examNumber?.kind === 'bubbles' && !(o.examNumber.digits >= 4 && o.examNumber.digits <= 14))
    throw new LayoutError('考号位数应在 4 到 14 之间');
  if (!o.cardId || /[|\s]/.test(o.cardId)) throw new LayoutError('答题卡编号不能为空，且不能含空格或 |');
  return { paper, columns };
}

/** Lays out a card: from the question structure and the card options to pages of positioned elements (mm). */
export function layoutCard(input: CardInput): CardGeometry {
  const o = input.options;
  const s = input.structure;
  const { paper, columns } = checkOptions(o);
  const { width, height } = PAPERS[paper];
  const colW = r2((width - 2 * SIDE - (columns - 1) * COLUMN_GAP) / columns);
  const xs = Array.from({ length: columns }, (_, i) => r2(SIDE + i * (colW + COLUMN_GAP)));
  const blocks: Block[] = [headerBlock(colW, o, s.abEnabled)];
  const objective = objectiveBlock(groupObjective(s.objective), colW);
  if (objective) blocks.push(objective);
  for (const plan of boxPlans(s, o)) blocks.push(subjectiveBlock(plan, colW));
  let index = 0;
  const pages = flow(
    blocks,
    { xs, top: CONTENT_TOP, bottom: height - BOTTOM },
    () => new PageBuilder(index++, width, height),
  );
  const twoSided = !!o.twoSided;
  if (twoSided && pages.length % 2 === 1) {
    const back = new PageBuilder(index++, width, height);
    back.text(width / 2, height / 2, '（本页无答题内容）', 12, { align: 'center', colour: '#999999' });
    pages.push(back);
  }
  for (const p of pages) drawFrame(p, o, pages.length);
  return {
    cardId: o.cardId,
    name: `${o.examName} ${o.subjectName} 答题卡`,
    paper,
    width,
    height,
    columns,
    twoSided,
    pages: pages.map((p) => p.finish()),
  };
}
