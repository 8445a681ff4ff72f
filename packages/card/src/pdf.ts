import type PDFDocumentClass from 'pdfkit';
import type { Font } from 'fontkit';
import { BUBBLE_LABEL_PT, LABEL_GREY } from './metrics';
import { qrRuns, QR_QUIET } from './qr';
import { BUBBLE_STROKE, bubbleLabel, bubbleShape } from './svg';
import type { CardGeometry, Element, GeometryPage } from './types';

// The printable PDF: pdfkit with the CJK font the caller passes in (fontkit subsets it, so the file
// only carries the glyphs used). No clock: the creation date is fixed, so the same card gives the same bytes.

/** The fonts of a card PDF: regular, and bold for titles (falls back to regular). */
export interface CardFonts {
  regular: Uint8Array;
  bold?: Uint8Array;
}

const K = 72 / 25.4;
const pt = (mm: number) => mm * K;

type Doc = InstanceType<typeof PDFDocumentClass>;

function draw(doc: Doc, e: Element, fonts: { regular: string; bold: string }): void {
  switch (e.type) {
    case 'anchor':
      doc.rect(pt(e.rect.x), pt(e.rect.y), pt(e.rect.w), pt(e.rect.h)).fill('#000000');
      return;
    case 'qr': {
      const { size, runs } = qrRuns(e.content);
      const m = e.rect.w / (size + 2 * QR_QUIET);
      const x0 = e.rect.x + QR_QUIET * m;
      const y0 = e.rect.y + QR_QUIET * m;
      for (const [r, c, len] of runs) doc.rect(pt(x0 + c * m), pt(y0 + r * m), pt(len * m), pt(m));
      doc.fill('#000000');
      return;
    }
    case 'text': {
      doc.font(e.bold ? fonts.bold : fonts.regular).fontSize(e.size);
      const w = doc.widthOfString(e.text);
      const x = pt(e.x) - (e.align === 'center' ? w / 2 : e.align === 'right' ? w : 0);
      doc
        .fillColor(e.colour ?? '#000000')
        .text(e.text, x, pt(e.y), { lineBreak: false, baseline: 'alphabetic' });
      return;
    }
    case 'rect': {
      const r = e.rect;
      if (e.radius) doc.roundedRect(pt(r.x), pt(r.y), pt(r.w), pt(r.h), pt(e.radius));
      else doc.rect(pt(r.x), pt(r.y), pt(r.w), pt(r.h));
      if (e.fill) doc.fill(e.fill);
      else {
        if (e.dash) doc.dash(pt(1.5), { space: pt(1) });
        doc.lineWidth(pt(e.stroke ?? 0.3)).stroke('#000000');
        doc.undash();
      }
      return;
    }
    case 'line':
      if (e.dash) doc.dash(pt(1.5), { space: pt(1) });
      doc
        .moveTo(pt(e.x1), pt(e.y1))
        .lineTo(pt(e.x2), pt(e.y2))
        .lineWidth(pt(e.stroke ?? 0.3))
        .stroke('#000000');
      doc.undash();
      return;
    case 'bubble': {
      const b = bubbleShape(e.rect);
      doc.roundedRect(pt(b.x), pt(b.y), pt(b.w), pt(b.h), pt(b.r)).lineWidth(pt(BUBBLE_STROKE));
      if (e.filled) doc.fillAndStroke('#000000', '#222222');
      else doc.stroke('#222222');
      if (!e.label || e.filled) return;
      const l = bubbleLabel(e.rect);
      doc.font(fonts.regular).fontSize(BUBBLE_LABEL_PT);
      const w = doc.widthOfString(e.label);
      doc
        .fillColor(LABEL_GREY)
        .text(e.label, pt(l.x) - w / 2, pt(l.y), { lineBreak: false, baseline: 'alphabetic' });
      return;
    }
  }
}

// Opening a CJK CFF font costs fontkit ~0.1 s of CPU (seconds on a busy machine), and pdfkit opens the bytes
// it is given anew for every document, twice a card (regular and bold): the font is opened once per bytes and
// the opened font given to every document (pdfkit takes a fontkit font wherever it takes bytes; each document
// still keeps its own subset).
const openedFonts = new WeakMap<Uint8Array, Font>();
async function opened(bytes: Uint8Array): Promise<Font> {
  const known = openedFonts.get(bytes);
  if (known) return known;
  const { create } = await import('fontkit');
  const font = create(bytes);
  openedFonts.set(bytes, font);
  return font;
}

/**
 * A5 cards print two on a landscape A4 sheet, to be cut apart. One card: each page twice, so both halves of a side
 * hold the same page and a two-sided card comes out right however the printer turns the sheet. 个性化 copies of a
 * one-page card: two students a sheet. (个性化 copies of a longer card are A5 pages, one a page: which half of the
 * back lies behind which half of the front depends on the printer, and a student's pages must not part.)
 */
const twoOnA4 = (copies: readonly CardGeometry[]): boolean =>
  copies[0]!.paper === 'A5' && (copies.length === 1 || copies[0]!.pages.length === 1);

function a4Sheets(copies: readonly CardGeometry[]): GeometryPage[][] {
  if (copies.length === 1) return copies[0]!.pages.map((p) => [p, p]);
  const sheets: GeometryPage[][] = [];
  for (let c = 0; c < copies.length; c += 2)
    sheets.push([copies[c]!.pages[0]!, copies[c + 1]?.pages[0]].filter((p) => p !== undefined));
  return sheets;
}

/** The dashed line to cut an A4 sheet of two A5 cards along. */
function cutLine(doc: Doc, g: CardGeometry): void {
  doc
    .moveTo(pt(g.width), pt(3))
    .lineTo(pt(g.width), pt(g.height - 3))
    .dash(pt(2), { space: pt(2) })
    .lineWidth(pt(0.2))
    .stroke('#999999');
  doc.undash();
}

/**
 * The printable PDF of a card (one PDF page per card page), with the given CJK font embedded as a subset; given
 * several copies of a card (个性化答题卡, one a student), their pages one copy after the other in one file.
 */
export async function renderPdf(
  copies: CardGeometry | readonly CardGeometry[],
  fonts: CardFonts | Uint8Array,
): Promise<Uint8Array> {
  const all = Array.isArray(copies) ? (copies as readonly CardGeometry[]) : [copies as CardGeometry];
  const g = all[0];
  if (!g) throw new RangeError('没有要打印的答题卡');
  // pdfkit and its font engine hold ~25 MB: loaded with the first card printed, not with the server.
  const { default: PDFDocument } = await import('pdfkit');
  const f: CardFonts = fonts instanceof Uint8Array ? { regular: fonts } : fonts;
  const regular = await opened(f.regular);
  const bold = f.bold ? await opened(f.bold) : null;
  const halves = twoOnA4(all);
  const size: [number, number] = halves ? [pt(2 * g.width), pt(g.height)] : [pt(g.width), pt(g.height)];
  const doc = new PDFDocument({
    size,
    margin: 0,
    autoFirstPage: false,
    // The card font as the default font: pdfkit then never loads its built-in Helvetica from disk.
    font: regular as unknown as string,
    info: { Title: g.name, Creator: '阅卷 答题卡', Producer: 'pdfkit', CreationDate: new Date(0) },
  });
  // the default font is cached under its PostScript name: drawing with that name reuses it (one subset)
  const main = (doc as unknown as { _font?: { name?: string } })._font?.name;
  if (!main) doc.registerFont('card', regular as unknown as string);
  if (bold) doc.registerFont('card-bold', bold as unknown as string);
  const names = { regular: main ?? 'card', bold: bold ? 'card-bold' : (main ?? 'card') };
  const chunks: Uint8Array[] = [];
  doc.on('data', (c: Uint8Array) => chunks.push(c));
  const done = new Promise<Uint8Array>((resolve, reject) => {
    doc.on('end', () => {
      const out = new Uint8Array(chunks.reduce((s, c) => s + c.length, 0));
      let o = 0;
      for (const c of chunks) {
        out.set(c, o);
        o += c.length;
      }
      resolve(out);
    });
    doc.on('error', reject);
  });
  for (const sheet of halves ? a4Sheets(all) : all.flatMap((c) => c.pages.map((p) => [p]))) {
    doc.addPage({ size, margin: 0 });
    sheet.forEach((p, i) => {
      doc.save();
      doc.translate(pt(i * g.width), 0);
      for (const e of p.elements) draw(doc, e, names);
      doc.restore();
    });
    if (halves) cutLine(doc, g);
  }
  doc.end();
  return await done;
}
