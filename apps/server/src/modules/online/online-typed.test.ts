import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { typedRows, type TypedRow } from './online-typed-layout';
import {
  TEX_ERROR,
  TYPED_PAGE,
  typedPage,
  typedPageHeight,
  typedPageIndex,
  typedPageSvg,
  typedRegions,
  wrapLines,
} from './online-typed';

// a written answer as a typed page (issue 34): pages by written question, blocks over whole pages, lines wrapped
describe('typed pages', () => {
  const questions = [
    { no: '1', kind: 'single' },
    { no: '21', kind: 'subjective' },
    { no: '3', kind: 'multi' },
    { no: '22', kind: 'subjective' },
    { no: '23', kind: 'subjective' },
  ];

  it('numbers the written questions’ pages in order; a block covers its questions’ whole pages', () => {
    const index = typedPageIndex(questions);
    expect([...index]).toEqual([
      ['21', 0],
      ['22', 1],
      ['23', 2],
    ]);
    const full = { x: 0, y: 0, w: TYPED_PAGE.w, h: TYPED_PAGE.h };
    expect(typedRegions(['23', '21', '1'], index)).toEqual([
      { page: 0, ...full },
      { page: 2, ...full },
    ]);
    expect(typedRegions(['1'], index)).toEqual([]);
  });

  it('wraps by width: a Chinese character one em, a Latin one about half; keeps the typed line breaks', () => {
    expect(wrapLines('一二三四五', 2)).toEqual(['一二', '三四', '五']);
    expect(wrapLines('abcd', 2)).toEqual(['abc', 'd']);
    expect(wrapLines('甲\n\n乙', 10)).toEqual(['甲', '', '乙']);
  });

  it('escapes the text and says so when nothing was written', () => {
    const svg = typedPageSvg('21', 'a<b & "c"');
    expect(svg).toContain('第 21 题');
    expect(svg).toContain('a&lt;b &amp; &quot;c&quot;');
    expect(typedPageSvg('22', '  ')).toContain('（未作答）');
    // a control character or a lone surrogate typed (pasted) is left out: the SVG would not parse
    const pasted = typedPageSvg('23', 'a\u0001b\ud800c $\\text{\u0002}x$');
    for (const c of ['\u0001', '\u0002', '\ud800']) expect(pasted).not.toContain(c);
    expect(pasted).toContain('>abc </text>');
  });

  it('draws every line of a long answer, the page and its region as tall as they need', () => {
    const text = Array.from({ length: 100 }, (_, i) => `第${i + 1}行`).join('\n');
    const svg = typedPageSvg('21', text);
    for (let i = 1; i <= 100; i++) expect(svg).toContain(`>第${i}行<`);
    expect(svg).not.toContain('未显示');
    const h = typedPageHeight(text);
    expect(svg).toContain(`height="${h}"`);
    // the last line's baseline inside the page
    const last = Number(/y="(\d+)"[^>]*>第100行</.exec(svg)![1]);
    expect(last).toBeLessThan(h - TYPED_PAGE.margin);
    const [region] = typedRegions(
      ['21'],
      typedPageIndex([{ no: '21', kind: 'subjective' }]),
      new Map([[0, h]]),
    );
    expect(region).toEqual({ page: 0, x: 0, y: 0, w: TYPED_PAGE.w, h });
  });
});

// formulas on a typed page (issue 34): the web's delimiters, drawn by MathJax, laid out in the lines
describe('typed pages with math', () => {
  const { margin, font, line, w } = TYPED_PAGE;
  const avail = w - margin * 2;
  const texts = (r: TypedRow) => r.pieces.flatMap((p) => (p.kind === 'text' ? [p.text] : []));
  const maths = (r: TypedRow) => r.pieces.filter((p) => p.kind === 'math');
  const FRAC = '\\frac{\\frac{a+b}{c+d}}{\\frac{e}{f+g}}';

  it('draws a formula as math, not as its source, with the text around it in the same line', () => {
    const { rows } = typedRows('则 $\\frac{1}{2}$ 是答案');
    expect(rows).toHaveLength(1);
    const [r] = rows;
    expect(texts(r!)).toEqual(['则 ', ' 是答案']);
    const [before, frac, after] = r!.pieces;
    expect(frac).toMatchObject({ kind: 'math', x: before!.x + font * (1 + 0.22) });
    // the text after the formula starts where the formula ends (its width from the SVG's ex, at the page's font)
    expect(after!.x).toBeCloseTo(frac?.kind === 'math' ? frac.x + frac.box.w : NaN, 5);
    const svg = typedPageSvg('21', '则 $\\frac{1}{2}$ 是答案');
    expect(svg).toContain('data-mml-node="mfrac"');
    expect(svg).not.toContain('\\frac');
  });

  it('wraps before an inline formula that does not fit, and keeps plain text where it was', () => {
    const full = '一'.repeat(Math.floor(avail / font) - 1);
    const { rows } = typedRows(`${full}$x^2+y^2=z^2$ 完`);
    expect(rows).toHaveLength(2);
    expect(texts(rows[0]!)).toEqual([full]);
    expect(maths(rows[1]!)[0]!.x).toBe(margin);
    // a plain line as tall as before, its baseline where it was
    expect(rows[0]).toMatchObject({ top: margin + line, h: line, baseline: margin + line + font });
  });

  it('puts display math centred on its own row, the typed line breaks around it not doubled', () => {
    for (const t of ['解：$$x^2$$所以', '解：\n$$x^2$$\n所以', '解：\\[x^2\\]\n所以']) {
      const { rows } = typedRows(t);
      expect(rows.map((r) => texts(r).join(''))).toEqual(['解：', '', '所以']);
      const [m] = maths(rows[1]!);
      expect(m!.x + (m!.box.w * m!.k) / 2).toBeCloseTo(margin + avail / 2, 5);
    }
  });

  it('grows a row for a tall formula, so the page is taller and nothing is cut off', () => {
    const lines = Array.from({ length: 34 }, (_, i) => `第${i + 1}行`).join('\n');
    const plain = typedPageHeight(`${lines}\n完`);
    const tall = typedPageHeight(`${lines}\n$$${FRAC}$$完`);
    expect(plain).toBeGreaterThan(TYPED_PAGE.h);
    expect(tall).toBeGreaterThan(plain + line);
    const { rows, bottom } = typedRows(`${lines}\n$$${FRAC}$$完`);
    expect(bottom + margin).toBe(tall);
    for (const [i, r] of rows.entries()) {
      expect(r.top).toBe(i ? rows[i - 1]!.top + rows[i - 1]!.h : margin + line);
      for (const m of maths(r)) {
        expect(r.baseline - m.box.ascent * m.k).toBeGreaterThanOrEqual(r.top);
        expect(r.baseline + m.box.descent * m.k).toBeLessThanOrEqual(r.top + r.h);
      }
    }
    // a taller inline formula grows its line too
    expect(typedRows(`甲 $${FRAC}$ 乙`).rows[0]!.h).toBeGreaterThan(line);
  });

  it('draws a formula that is not TeX as its source in red, and keeps the answer around it', () => {
    for (const bad of ['\\frac{1}{', '\\nosuchmacro{x}', 'x^^^']) {
      const { rows } = typedRows(`前 $${bad}$ 后`);
      expect(rows[0]!.pieces).toEqual([
        { kind: 'text', x: margin, text: '前 ', error: false },
        expect.objectContaining({ kind: 'text', text: bad, error: true }),
        expect.objectContaining({ kind: 'text', text: ' 后', error: false }),
      ]);
      const svg = typedPageSvg('21', `前 $${bad}$ 后`);
      expect(svg).toContain(`fill="${TEX_ERROR}" xml:space="preserve">${bad.replace('&', '&amp;')}</text>`);
    }
  });

  it('draws a different page for a formula than for its raw text, the formula ink below the heading only', async () => {
    const pixels = async (t: string) =>
      sharp(await typedPage('21', t))
        .greyscale()
        .raw()
        .toBuffer({ resolveWithObject: true });
    const math = await pixels('答 $\\frac{1}{2}$');
    const raw = await pixels('答 \\$\\frac{1}{2}\\$');
    expect([math.info.width, math.info.height]).toEqual([raw.info.width, raw.info.height]);
    let differ = 0;
    for (let i = 0; i < math.data.length; i++) if (Math.abs(math.data[i]! - raw.data[i]!) > 64) differ++;
    expect(differ).toBeGreaterThan(200);
    // the heading's band is the same in both (whole 16-pixel JPEG blocks above the answer's first row)
    const band = w * Math.floor((margin + line) / 16) * 16;
    expect(math.data.subarray(0, band).equals(raw.data.subarray(0, band))).toBe(true);
  });

  it('leaves the bottom margin white under a tall formula drawn last', async () => {
    const lines = Array.from({ length: 34 }, (_, i) => `第${i + 1}行`).join('\n');
    const text = `${lines}\n$$${FRAC}$$`;
    const img = await sharp(await typedPage('21', text))
      .greyscale()
      .raw()
      .toBuffer({ resolveWithObject: true });
    const h = typedPageHeight(text);
    expect(img.info.height).toBe(h);
    const { rows } = typedRows(text);
    const last = rows.at(-1)!;
    const darkest = (from: number, to: number) => Math.min(...img.data.subarray(from * w, to * w));
    expect(darkest(Math.ceil(last.top), Math.floor(last.top + last.h))).toBeLessThan(100);
    expect(darkest(Math.ceil(last.top + last.h), h)).toBeGreaterThan(200);
  });
});
