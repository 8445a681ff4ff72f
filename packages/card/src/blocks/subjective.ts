import type { Block } from '../flow';
import { BUBBLE, LABEL_GREY, r2, textWidth } from '../metrics';
import type { PageBuilder } from '../page';
import type { BoxStyle, MmRect } from '../types';

// One answer box per subjective question (or one shared box for a 选做 group): a black frame the
// student must write inside, its title, ruled lines or a 作文格 grid, and the teacher's score strip for
// mark-then-scan. A box taller than a whole column is split; the rest carries a （续） title.

const TITLE_PT = 9.5;
const TITLE_ROW = 8;
const STRIP_PITCH = 6;
const LINE_PITCH = 8.5;
const MIN_PART = 40;

/** What one box holds. */
export interface BoxPlan {
  /** Question numbers: one, or the alternatives of a 选做 group. */
  nos: string[];
  score: number;
  step: 0.5 | 1;
  style: BoxStyle;
  height: number;
  essayChars: number;
  optional?: { name: string; pick: number };
  scoreBox: boolean;
}

const boxName = (b: BoxPlan) => `第${b.nos.join('/')}题`;

function title(b: BoxPlan): string {
  if (!b.optional) return `${b.nos[0]}．（${b.score}分）`;
  return `${b.nos.join('、')}．选做题（${b.score}分，${b.nos.length}选${b.optional.pick}）请将所选题号涂黑`;
}

function stripFields(b: BoxPlan): { name: string; labels: string[] }[] {
  const tens = Array.from({ length: Math.floor(b.score / 10) }, (_, i) => String((i + 1) * 10));
  const units = Array.from({ length: Math.min(9, Math.floor(b.score)) + 1 }, (_, i) => String(i));
  const out = [];
  if (tens.length) out.push({ name: '十位', labels: tens });
  out.push({ name: '个位', labels: units });
  if (b.step === 0.5) out.push({ name: '半分', labels: ['0.5'] });
  return out;
}

function stripWidth(b: BoxPlan): number {
  const n = stripFields(b).reduce((s, f) => s + f.labels.length, 0);
  return textWidth('得分', 8) + 2 + n * STRIP_PITCH + (stripFields(b).length - 1) * 2;
}

interface Essay {
  cols: number;
  cell: number;
  pitch: number;
  rows: number;
}

function essayGrid(width: number, chars: number): Essay {
  const cols = 20;
  const cell = Math.min(7.5, Math.floor(((width - 6) / cols) * 10) / 10);
  return { cols, cell, pitch: r2(cell + 2.4), rows: Math.ceil(chars / cols) };
}

/** Height of the title area of a box (one row, or two when the score strip does not fit beside the title). */
function headHeight(b: BoxPlan, width: number): number {
  if (!b.scoreBox) return TITLE_ROW;
  const optW = b.optional ? b.nos.length * (BUBBLE.w + 3) + 2 : 0;
  return textWidth(title(b), TITLE_PT) + optW + stripWidth(b) + 10 > width ? TITLE_ROW + 6 : TITLE_ROW;
}

/** The box of one subjective question (or optional group) in a column `width` mm wide. */
export function subjectiveBlock(b: BoxPlan, width: number): Block {
  const head = headHeight(b, width);
  if (b.style === 'essay') {
    const g = essayGrid(width, b.essayChars);
    return essayPart(b, width, g, 0, g.rows, 0, head);
  }
  return plainPart(b, width, Math.max(b.height, head + 12), 0, head);
}

function plainPart(b: BoxPlan, width: number, height: number, k: number, head: number): Block {
  const h = k === 0 ? head : TITLE_ROW;
  return {
    height,
    place(p, x, y) {
      frame(p, b, { x, y, w: width, h: height }, k, head);
      if (b.style !== 'lines') return;
      for (let ly = y + h + LINE_PITCH; ly < y + height - 3; ly += LINE_PITCH)
        p.add({ type: 'line', x1: r2(x + 3), y1: r2(ly), x2: r2(x + width - 3), y2: r2(ly), stroke: 0.2 });
    },
    split(avail, column) {
      if (height <= column || avail < MIN_PART) return null;
      const rest = height - avail + TITLE_ROW;
      return [plainPart(b, width, avail, k, head), plainPart(b, width, rest, k + 1, head)];
    },
  };
}

function essayPart(
  b: BoxPlan,
  width: number,
  g: Essay,
  from: number,
  to: number,
  k: number,
  head: number,
): Block {
  const h = k === 0 ? head : TITLE_ROW;
  const height = h + (to - from) * g.pitch + 2;
  return {
    height,
    place(p, x, y) {
      frame(p, b, { x, y, w: width, h: height }, k, head);
      const gx = x + (width - g.cols * g.cell) / 2;
      const step = b.essayChars > 1000 ? 200 : 100;
      for (let r = from; r < to; r++) {
        const ry = y + h + (r - from) * g.pitch;
        p.add({
          type: 'rect',
          rect: { x: r2(gx), y: r2(ry), w: r2(g.cols * g.cell), h: g.cell },
          stroke: 0.25,
        });
        for (let c = 1; c < g.cols; c++) {
          const cx = r2(gx + c * g.cell);
          p.add({ type: 'line', x1: cx, y1: r2(ry), x2: cx, y2: r2(ry + g.cell), stroke: 0.25 });
        }
        // Word-count marks under the cell that completes each hundred (200 for long essays).
        for (let c = 0; c < g.cols; c++) {
          const n = r * g.cols + c + 1;
          if (n % step === 0)
            p.text(gx + (c + 0.5) * g.cell, ry + g.cell + 2, `${n}字`, 5, {
              align: 'center',
              colour: LABEL_GREY,
            });
        }
      }
    },
    split(avail, column) {
      if (height <= column) return null;
      const fit = Math.floor((avail - h - 2) / g.pitch);
      if (fit < 2 || avail < MIN_PART) return null;
      return [
        essayPart(b, width, g, from, from + fit, k, head),
        essayPart(b, width, g, from + fit, to, k + 1, head),
      ];
    },
  };
}

function frame(p: PageBuilder, b: BoxPlan, r: MmRect, k: number, head: number): void {
  const rect = { x: r2(r.x), y: r2(r.y), w: r2(r.w), h: r2(r.h) };
  p.add({ type: 'rect', rect, stroke: 0.5 });
  const question = b.nos.join('|');
  const name = k === 0 ? boxName(b) : `${boxName(b)}(续${k})`;
  p.regions.subjective.push({ name, question, rect });
  const by = r.y + 2.6;
  if (k > 0) {
    p.text(r.x + 3, r.y + 5.4, `${b.nos.join('/')}．（续）`, TITLE_PT, { bold: true });
    return;
  }
  const t = title(b);
  p.text(r.x + 3, r.y + 5.4, t, TITLE_PT, { bold: true });
  let x = r.x + 3 + textWidth(t, TITLE_PT) + 2;
  if (b.optional) {
    p.regions.optional.push({
      name: `选做题${b.optional.name}`,
      bubbles: b.nos.map((no, i) => p.bubble({ x: x + i * (BUBBLE.w + 3), y: by, ...BUBBLE }, no)),
    });
    x += b.nos.length * (BUBBLE.w + 3);
  }
  if (!b.scoreBox) return;
  const fields = stripFields(b);
  const sy = head > TITLE_ROW ? by + 6 : by;
  let sx = r.x + r.w - 3 - (stripWidth(b) - textWidth('得分', 8) - 2);
  p.text(sx - 2, sy + 2.3, '得分', 8, { align: 'right', colour: LABEL_GREY });
  const out = fields.map((f) => {
    const bubbles = f.labels.map((l, i) => p.bubble({ x: sx + i * STRIP_PITCH, y: sy, ...BUBBLE }, l));
    sx += f.labels.length * STRIP_PITCH + 2;
    return { name: f.name, bubbles };
  });
  p.regions.scoreBoxes.push({ name: `${boxName(b)}打分栏`, question: b.nos.join('|'), fields: out });
}
