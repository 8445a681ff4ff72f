import { beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { loadCardFonts } from './font';
import {
  cardTemplate,
  demoOptions,
  demoStructure,
  layoutCard,
  renderPdf,
  renderSvg,
  type CardFonts,
} from './index';
import { rasterisePdf } from './testing/print-scan';

const geometry = layoutCard({ structure: demoStructure(), options: demoOptions() });
const template = cardTemplate(geometry);
let fonts: CardFonts;
let pdf: Uint8Array;

beforeAll(async () => {
  fonts = await loadCardFonts();
  pdf = await renderPdf(geometry, fonts);
});

const latin1 = (b: Uint8Array) => Buffer.from(b).toString('latin1');

describe('PDF', () => {
  it('is a PDF with one page per card page and the Chinese font embedded as a subset', async () => {
    const s = latin1(pdf);
    expect(s.startsWith('%PDF-')).toBe(true);
    expect(s.trimEnd().endsWith('%%EOF')).toBe(true);
    expect(s).toMatch(/\/BaseFont \/[A-Z]{6}\+NotoSansHans-Regular/);
    expect(s).toMatch(/\/BaseFont \/[A-Z]{6}\+NotoSansHans-Bold/);
    expect(s).toMatch(/\/FontFile3|\/FontFile2/);
    // A subset: the whole font is ~8 MB, the card a small fraction of it.
    expect(pdf.length).toBeLessThan(600_000);
    const mupdf = await import('mupdf');
    const doc = mupdf.Document.openDocument(pdf, 'application/pdf');
    expect(doc.countPages()).toBe(2);
    const text = doc.loadPage(0).toStructuredText('preserve-whitespace').asText();
    for (const t of [
      '准 考 证 号',
      '注 意 事 项',
      '缺考标记',
      '正确填涂',
      '错误填涂',
      '姓名',
      '班级',
      '座号',
      '选择题',
    ])
      expect(text).toContain(t);
    expect(text).toContain('2025—2026学年第一学期期中考试');
  });

  it('puts the anchors exactly where the template says (rasterised at 200 dpi)', async () => {
    for (const page of template.pages) {
      const img = await rasterisePdf(pdf, page.index, 200);
      expect(Math.abs(img.width - page.width)).toBeLessThan(1);
      expect(Math.abs(img.height - page.height)).toBeLessThan(1);
      const at = (x: number, y: number) => img.data[Math.round(y) * img.width + Math.round(x)]!;
      for (const a of page.anchors) {
        const { x, y, w, h } = a.rect;
        // Solid inside (2 px in from the edge), white just outside (3 px beyond).
        for (const [px, py] of [
          [x + 2, y + 2],
          [x + w - 3, y + h - 3],
          [x + w / 2, y + h / 2],
        ])
          expect(at(px!, py!), a.name).toBeLessThan(60);
        for (const [px, py] of [
          [x - 3, y + h / 2],
          [x + w + 3, y + h / 2],
          [x + w / 2, y - 3],
          [x + w / 2, y + h + 3],
        ])
          expect(at(px!, py!), a.name).toBeGreaterThan(200);
      }
    }
  });

  it('gives the same bytes for the same card', async () => {
    expect(Buffer.from(await renderPdf(geometry, fonts)).equals(Buffer.from(pdf))).toBe(true);
  });
});

describe('SVG preview', () => {
  it('is an SVG of the paper in mm with the card text, and rasterises', async () => {
    const svg = renderSvg(geometry, 0);
    expect(svg).toContain('viewBox="0 0 420 297"');
    expect(svg).toContain('注 意 事 项');
    expect(svg).toContain('准 考 证 号');
    const { info } = await sharp(Buffer.from(svg), { density: 72 })
      .png()
      .toBuffer({ resolveWithObject: true });
    expect(info.width).toBeGreaterThan(1000);
    expect(() => renderSvg(geometry, 5)).toThrow(RangeError);
  });
});
