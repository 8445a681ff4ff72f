import type { Block } from '../flow';
import {
  BUBBLE,
  DIGIT_BUBBLE,
  DIGIT_OPTION_PITCH,
  DIGIT_PITCH,
  LABEL_GREY,
  r2,
  textWidth,
  wrapText,
} from '../metrics';
import type { PageBuilder } from '../page';
import type { CardOptions, MmRect } from '../types';

// The head of page 1: name / class / seat fields, the exam-number area, 注意事项 with fill examples,
// the invigilator's absent mark and the A/B mark.

const FIELDS_H = 10;
const NOTE_PT = 7.5;
const NOTE_LINE = 3.4;
const PAD = 3.5;
const DIGITS = ['0', '1', '2', '3', '4', '5', '6', '7', '8', '9'];

function notes(barcode: boolean): string[] {
  return [
    `1．答题前，考生务必将自己的姓名、班级、座号填写清楚，${barcode ? '并核对条形码上的信息。' : '并用2B铅笔填涂准考证号。'}`,
    '2．选择题必须使用2B铅笔填涂；非选择题必须使用0.5毫米黑色签字笔书写，字迹工整、清楚。',
    '3．请按照题号顺序在各题目的答题区域内作答，超出答题区域书写的答案无效；在草稿纸、试卷上答题无效。',
    '4．保持卡面清洁，不要折叠，不要弄破。',
  ];
}

interface Part {
  w: number;
  h: number;
  draw(p: PageBuilder, x: number, y: number): void;
}

function examNumberBubbles(digits: number): Part {
  const w = 2 * PAD + (digits - 1) * DIGIT_PITCH + DIGIT_BUBBLE.w;
  const gridTop = 16;
  const h = gridTop + 9 * DIGIT_OPTION_PITCH + DIGIT_BUBBLE.h + 2.2;
  return {
    w,
    h,
    draw(p, x, y) {
      p.add({ type: 'rect', rect: { x, y, w, h }, stroke: 0.5 });
      p.text(x + w / 2, y + 4.6, '准 考 证 号', 9, { align: 'center', bold: true });
      p.add({ type: 'line', x1: x, y1: y + 6.5, x2: x + w, y2: y + 6.5, stroke: 0.3 });
      const origin = { x: r2(x + PAD), y: r2(y + gridTop) };
      for (let d = 0; d < digits; d++) {
        const cx = origin.x + d * DIGIT_PITCH;
        p.add({
          type: 'rect',
          rect: { x: r2(cx - 0.5), y: r2(y + 8), w: DIGIT_BUBBLE.w + 1, h: 6 },
          stroke: 0.3,
        });
        DIGITS.forEach((label, o) =>
          p.bubble({ x: cx, y: origin.y + o * DIGIT_OPTION_PITCH, ...DIGIT_BUBBLE }, label),
        );
      }
      p.regions.examNumber = {
        name: '考号',
        kind: 'bubbles',
        grid: {
          origin,
          bubble: { ...DIGIT_BUBBLE },
          direction: 'vertical',
          options: DIGITS,
          optionGap: DIGIT_OPTION_PITCH,
          fieldGap: DIGIT_PITCH,
          count: digits,
        },
      };
    },
  };
}

function barcodeBox(width: number, narrow: boolean): Part {
  // on an A5 card the box leaves the notes room beside it (the page has no height to spare for them below); other
  // papers keep the width their printed cards were saved with
  const w = narrow ? Math.min(72, width - 60) : Math.min(72, width * 0.55);
  const h = 40;
  return {
    w,
    h,
    draw(p, x, y) {
      const rect: MmRect = { x: r2(x), y: r2(y), w: r2(w), h };
      p.add({ type: 'rect', rect, stroke: 0.4, dash: true });
      p.text(x + w / 2, y + h / 2 - 1, '条 形 码 粘 贴 处', 11, {
        align: 'center',
        bold: true,
        colour: '#777777',
      });
      p.text(x + w / 2, y + h / 2 + 5, '（请将条形码贴在虚线框内）', 7.5, {
        align: 'center',
        colour: '#777777',
      });
      p.regions.examNumber = { name: '考号', kind: 'code128', rect };
    },
  };
}

// 正确填涂 / 错误填涂: one filled bubble, then a tick, a cross, a dot and a half fill.
function fillExamples(p: PageBuilder, x: number, y: number): void {
  const b = BUBBLE;
  p.text(x, y + 2.4, '正确填涂', NOTE_PT, { bold: true });
  let cx = x + textWidth('正确填涂', NOTE_PT) + 1.5;
  p.add({ type: 'bubble', rect: { x: r2(cx), y: r2(y), ...b }, label: '', filled: true });
  cx += b.w + 4;
  p.text(cx, y + 2.4, '错误填涂', NOTE_PT, { bold: true });
  cx += textWidth('错误填涂', NOTE_PT) + 1.5;
  const wrong = (i: number): MmRect => ({ x: r2(cx + i * (b.w + 1.6)), y: r2(y), ...b });
  for (let i = 0; i < 4; i++) p.add({ type: 'bubble', rect: wrong(i), label: '' });
  const t = wrong(0);
  p.add(
    { type: 'line', x1: t.x + 1.2, y1: t.y + 1.5, x2: t.x + 2.2, y2: t.y + 2.5, stroke: 0.4 },
    { type: 'line', x1: t.x + 2.2, y1: t.y + 2.5, x2: t.x + 4, y2: t.y + 0.2, stroke: 0.4 },
  );
  const c = wrong(1);
  p.add(
    { type: 'line', x1: c.x + 1.2, y1: c.y + 0.3, x2: c.x + 3.8, y2: c.y + 2.5, stroke: 0.4 },
    { type: 'line', x1: c.x + 3.8, y1: c.y + 0.3, x2: c.x + 1.2, y2: c.y + 2.5, stroke: 0.4 },
  );
  const d = wrong(2);
  p.add({ type: 'rect', rect: { x: d.x + 1.9, y: d.y + 0.8, w: 1.2, h: 1.2 }, fill: '#000000', radius: 0.6 });
  const h = wrong(3);
  p.add({ type: 'rect', rect: { x: h.x + 0.4, y: h.y + 0.4, w: 2.1, h: 2 }, fill: '#000000' });
}

function notesAndMarks(width: number, o: CardOptions, ab: boolean): Part {
  const hang = textWidth('1．', NOTE_PT);
  const lines = notes(o.examNumber?.kind === 'barcode').flatMap((n) =>
    wrapText(n, NOTE_PT, width - 5, hang).map((text, i) => ({ text, dx: i > 0 ? hang : 0 })),
  );
  const notesH = 7 + lines.length * NOTE_LINE + 7.5;
  const markRow = 6.5;
  const h = notesH + 2 + markRow * (ab ? 2 : 1);
  return {
    w: width,
    h,
    draw(p, x, y) {
      p.add({ type: 'rect', rect: { x: r2(x), y: r2(y), w: r2(width), h: r2(notesH) }, stroke: 0.5 });
      p.text(x + width / 2, y + 4.6, '注 意 事 项', 9, { align: 'center', bold: true });
      lines.forEach((l, i) => p.text(x + 2.5 + l.dx, y + 8.6 + i * NOTE_LINE, l.text, NOTE_PT));
      fillExamples(p, x + 2.5, y + 7.8 + lines.length * NOTE_LINE);
      let ry = y + notesH + 2;
      const label = (s: string) => p.text(x + 1, ry + 2.4, s, 9, { bold: true });
      const bx = x + 1 + textWidth('试卷类型', 9) + 2.5;
      label('缺考标记');
      const rect = { x: r2(bx), y: r2(ry), ...BUBBLE };
      p.add({ type: 'bubble', rect, label: '' });
      p.regions.absent = { name: '缺考标记', rect };
      p.text(bx + BUBBLE.w + 2, ry + 2.4, '考生禁填，由监考员用2B铅笔填涂', NOTE_PT, { colour: LABEL_GREY });
      if (!ab) return;
      ry += markRow;
      label('试卷类型');
      p.regions.ab = {
        name: 'AB卷',
        bubbles: ['A', 'B'].map((l, i) => p.bubble({ x: bx + i * 9, y: ry, ...BUBBLE }, l)),
      };
      p.text(bx + 9 + BUBBLE.w + 2, ry + 2.4, '请考生据试卷类型填涂', NOTE_PT, { colour: LABEL_GREY });
    },
  };
}

function fieldsRow(p: PageBuilder, x: number, y: number, width: number): void {
  const names = ['姓名', '班级', '座号'];
  const each = width / names.length;
  names.forEach((n, i) => {
    const fx = x + i * each;
    p.text(fx, y + 6, n, 10.5, { bold: true });
    const lx = fx + textWidth(n, 10.5) + 1.5;
    p.add({ type: 'line', x1: r2(lx), y1: r2(y + 7), x2: r2(fx + each - 4), y2: r2(y + 7), stroke: 0.3 });
  });
}

/** The page-1 head block for a column `width` mm wide. */
export function headerBlock(width: number, o: CardOptions, ab: boolean): Block {
  const en = o.examNumber ?? { kind: 'bubbles', digits: 8 };
  const left = en.kind === 'bubbles' ? examNumberBubbles(en.digits) : barcodeBox(width, o.paper === 'A5');
  const sideBySide = width - left.w - 4 >= 56;
  const right = notesAndMarks(sideBySide ? width - left.w - 4 : width, o, ab);
  const main = sideBySide ? Math.max(left.h, right.h) : left.h + 3 + right.h;
  return {
    height: FIELDS_H + main,
    place(p, x, y) {
      fieldsRow(p, x, y, width);
      const top = y + FIELDS_H;
      left.draw(p, x, top);
      if (sideBySide) right.draw(p, x + left.w + 4, top);
      else right.draw(p, x, top + left.h + 3);
    },
  };
}
