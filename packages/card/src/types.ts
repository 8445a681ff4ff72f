import type { QuestionKind, Structure } from '@yj/contracts';

// The card geometry: one description of every printed page, in millimetres from the page's top-left
// corner (y down). Text sizes are in points (1 pt = 25.4 / 72 mm). The PDF, the SVG preview and the
// recognition template are all derived from it, so they cannot disagree.

/** Paper sizes a school prints on. A4 is portrait; the others are landscape with 2–3 columns. */
export const PAPERS = {
  A4: { width: 210, height: 297, columns: [1, 2], defaultColumns: 1, label: 'A4' },
  /** a quiz's half sheet: printed two on an A4 sheet (pdf.ts) and cut apart before scanning */
  A5: { width: 148, height: 210, columns: [1], defaultColumns: 1, label: 'A5' },
  A3: { width: 420, height: 297, columns: [2, 3], defaultColumns: 3, label: 'A3' },
  B4: { width: 364, height: 257, columns: [2, 3], defaultColumns: 2, label: 'B4' },
  '8K': { width: 390, height: 270, columns: [2, 3], defaultColumns: 2, label: '8开' },
} as const;
export type Paper = keyof typeof PAPERS;

/** How a subjective answer box is ruled. */
export type BoxStyle = 'blank' | 'lines' | 'essay';

/** Per-question overrides of a subjective box. */
export interface BoxOptions {
  /** Box height in mm (blank / lines); the default grows with the score. */
  height?: number;
  style?: BoxStyle;
  /** Essay (作文格): number of cells; word-count marks every 100 (every 200 past 1000). */
  essayChars?: number;
}

/** Exam-number area: an N-digit bubble grid or a box for a barcode sticker. */
export type ExamNumberOption = { kind: 'bubbles'; digits: number } | { kind: 'barcode' };

/** What the user chooses about the card besides the questions. */
export interface CardOptions {
  /** The template id printed in every page QR (and the CardTemplate id). */
  cardId: string;
  examName: string;
  subjectName: string;
  /** Optional ids printed in the page QR so a scan finds its exam and subject without a batch. */
  examId?: string;
  subjectId?: string;
  paper?: Paper;
  columns?: number;
  examNumber?: ExamNumberOption;
  /** Two-sided: pages pair up as front/back of a sheet, so the page count is even. */
  twoSided?: boolean;
  /** Score boxes for mark-then-scan (先阅后扫) on every subjective box. */
  scoreBoxes?: boolean;
  /** Per subjective question number ("13", "13(1)"). */
  boxes?: Record<string, BoxOptions>;
  /** Order of the subjective questions (numbers); unlisted ones follow in structure order. */
  order?: string[];
}

/** The input of `layoutCard`: the subject's question structure and the card options. */
export interface CardInput {
  structure: Structure;
  options: CardOptions;
}

/** A rectangle in mm. */
export interface MmRect {
  x: number;
  y: number;
  w: number;
  h: number;
}

/** Drawing primitives, in mm (text sizes in pt). */
export type Element =
  | { type: 'anchor'; name: string; rect: MmRect }
  | { type: 'qr'; rect: MmRect; content: string }
  | {
      type: 'text';
      x: number;
      /** baseline */
      y: number;
      text: string;
      size: number;
      bold?: boolean;
      align?: 'left' | 'center' | 'right';
      colour?: string;
    }
  | { type: 'rect'; rect: MmRect; stroke?: number; dash?: boolean; fill?: string; radius?: number }
  | { type: 'line'; x1: number; y1: number; x2: number; y2: number; stroke?: number; dash?: boolean }
  | { type: 'bubble'; rect: MmRect; label: string; filled?: boolean };

/** A regular bubble grid in mm (same shape as the template's BubbleGrid). */
export interface MmGrid {
  origin: { x: number; y: number };
  bubble: { w: number; h: number };
  direction: 'horizontal' | 'vertical';
  /** Labels read back (answer letters / digits). */
  options: string[];
  optionGap: number;
  fieldGap: number;
  count: number;
}

/** What recognition needs on one page, in mm; `cardTemplate` scales it to pixels. */
export interface PageRegions {
  anchors: { name: string; rect: MmRect }[];
  identity: { name: string; rect: MmRect };
  examNumber?:
    { name: string; kind: 'bubbles'; grid: MmGrid } | { name: string; kind: 'code128'; rect: MmRect };
  absent?: { name: string; rect: MmRect };
  ab?: { name: string; bubbles: { label: string; rect: MmRect }[] };
  objective: { name: string; kind: QuestionKind; questions: string[]; grid: MmGrid }[];
  optional: { name: string; bubbles: { label: string; rect: MmRect }[] }[];
  subjective: { name: string; question: string; rect: MmRect }[];
  scoreBoxes: {
    name: string;
    question: string;
    fields: { name: string; bubbles: { label: string; rect: MmRect }[] }[];
  }[];
}

/** One printed page. */
export interface GeometryPage {
  index: number;
  elements: Element[];
  regions: PageRegions;
}

/** The laid-out card: every page, in print order (page 2k+1 is the back of page 2k when two-sided). */
export interface CardGeometry {
  cardId: string;
  name: string;
  paper: Paper;
  width: number;
  height: number;
  columns: number;
  twoSided: boolean;
  pages: GeometryPage[];
}
