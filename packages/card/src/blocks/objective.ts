import type { ObjectiveQuestion } from '@yj/contracts';
import type { Block } from '../flow';
import { BUBBLE, GROUP_GAP, GROUP_ROW_GAP, OPTION_PITCH, ROW_PITCH, r2, textWidth } from '../metrics';
import type { PageBuilder } from '../page';

// Objective questions in groups of five (the way students scan a card: 1–5, 6–10 …), groups side by
// side in aligned slots, rows of groups down the column. A kind or option-count change starts a group.

const NUMBER_PT = 8;
const TITLE_H = 7.5;
const BOTTOM_PAD = 3;
const ROW_H = 4 * ROW_PITCH + BUBBLE.h;

/** A group of up to five objective questions of one kind and option count. */
export interface ObjectiveGroupPlan {
  kind: ObjectiveQuestion['kind'];
  options: number;
  questions: string[];
}

/** Splits the objective questions into groups of five (same kind and option count within a group). */
export function groupObjective(questions: ObjectiveQuestion[]): ObjectiveGroupPlan[] {
  const groups: ObjectiveGroupPlan[] = [];
  for (const q of questions) {
    const last = groups.at(-1);
    if (last && last.kind === q.kind && last.options === q.options && last.questions.length < 5)
      last.questions.push(q.no);
    else groups.push({ kind: q.kind, options: q.options, questions: [q.no] });
  }
  return groups;
}

const LETTERS = 'ABCDEFGH';
const printed = (g: ObjectiveGroupPlan, i: number) => (g.kind === 'trueFalse' ? 'TF'[i]! : LETTERS[i]!);

/** The objective section for a column `width` mm wide; splits between rows of groups. */
export function objectiveBlock(groups: ObjectiveGroupPlan[], width: number): Block | null {
  if (groups.length === 0) return null;
  const numberW =
    Math.max(5, ...groups.flatMap((g) => g.questions.map((q) => textWidth(q, NUMBER_PT)))) + 1.6;
  const slotW = Math.max(...groups.map((g) => numberW + (g.options - 1) * OPTION_PITCH + BUBBLE.w));
  const inner = width - 6;
  const perRow = Math.max(1, Math.floor((inner + GROUP_GAP) / (slotW + GROUP_GAP)));
  const rows: ObjectiveGroupPlan[][] = [];
  for (let i = 0; i < groups.length; i += perRow) rows.push(groups.slice(i, i + perRow));
  const cell = inner / perRow;
  return section(rows, 0, rows.length, false);

  function section(all: ObjectiveGroupPlan[][], from: number, to: number, cont: boolean): Block {
    const n = to - from;
    const height = TITLE_H + n * ROW_H + (n - 1) * GROUP_ROW_GAP + BOTTOM_PAD;
    return {
      height,
      place(p, x, y) {
        p.add({ type: 'rect', rect: { x: r2(x), y: r2(y), w: r2(width), h: r2(height) }, stroke: 0.5 });
        const title = cont ? '选择题（续）' : '选择题（请用2B铅笔填涂）';
        p.text(x + 3, y + 5.2, title, 9.5, { bold: true });
        for (let r = from; r < to; r++) {
          const ry = y + TITLE_H + (r - from) * (ROW_H + GROUP_ROW_GAP);
          all[r]!.forEach((g, c) => drawGroup(p, g, x + 3 + c * cell + (cell - slotW) / 2, ry, numberW));
        }
      },
      split(avail) {
        const fit = Math.floor((avail - TITLE_H - BOTTOM_PAD + GROUP_ROW_GAP) / (ROW_H + GROUP_ROW_GAP));
        if (fit < 1 || fit >= n) return null;
        return [section(all, from, from + fit, cont), section(all, from + fit, to, true)];
      },
    };
  }
}

function drawGroup(p: PageBuilder, g: ObjectiveGroupPlan, x: number, y: number, numberW: number): void {
  const origin = { x: r2(x + numberW), y: r2(y) };
  const labels = Array.from({ length: g.options }, (_, i) => LETTERS[i]!);
  g.questions.forEach((q, f) => {
    const by = origin.y + f * ROW_PITCH;
    p.text(origin.x - 1.4, by + 2.35, q, NUMBER_PT, { align: 'right' });
    labels.forEach((l, o) =>
      p.bubble({ x: origin.x + o * OPTION_PITCH, y: by, ...BUBBLE }, l, printed(g, o)),
    );
  });
  const first = g.questions[0]!;
  const last = g.questions.at(-1)!;
  p.regions.objective.push({
    name: first === last ? `客观题${first}` : `客观题${first}-${last}`,
    kind: g.kind,
    questions: [...g.questions],
    grid: {
      origin,
      bubble: { ...BUBBLE },
      direction: 'horizontal',
      options: labels,
      optionGap: OPTION_PITCH,
      fieldGap: ROW_PITCH,
      count: g.questions.length,
    },
  });
}
