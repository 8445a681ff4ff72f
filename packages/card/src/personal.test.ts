import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { beforeAll, describe, expect, it } from 'vitest';
import { createZxingReader, recognizePage, type BarcodeReader } from '@yj/omr';
import { loadCardFonts } from './font';
import { cardTemplate, demoOptions, demoStructure, layoutCard, renderPdf } from './index';
import { code128Bars, moduleWidth, personalise, PersonalSheetError } from './personal';
import { chosenAnswers, fillAndScan, greyImage, rasterisePdf, templatePage } from './testing/print-scan';

// 个性化答题卡 printed by our PDF, one copy a student, filled in and scanned: recognition reads each copy's
// printed barcode as that student's 考号, with nothing for the student to fill.

const geometry = layoutCard({
  structure: demoStructure(),
  options: demoOptions({ cardId: 'quiz-a4', paper: 'A4', columns: 1, examNumber: { kind: 'barcode' } }),
});
const card = cardTemplate(geometry);
const students = [
  { examNumber: '2025010101', name: '王小明', className: '高一(1)班' },
  { examNumber: '2025010237', name: '欧阳靖雯', className: '高一(2)班' },
];
let reader: BarcodeReader;

beforeAll(async () => {
  const wasm = createRequire(import.meta.url).resolve('zxing-wasm/reader/zxing_reader.wasm');
  reader = await createZxingReader(await readFile(wasm));
});

describe('Code 128 of a 考号', () => {
  it('is 11 modules a symbol character plus the 13-module stop (digits in pairs: set C)', () => {
    // start C + 5 digit pairs + check + stop: 7 × 11 + 13 = 90 modules
    expect(code128Bars('2025010101').modules).toBe(90);
  });

  it('fits a box at a module width between 0.3 and 0.5 mm, or not at all', () => {
    expect(moduleWidth(90, 72)).toBe(0.5); // 72 / 110 = 0.65, capped
    expect(moduleWidth(90, 40)).toBe(0.36); // 40 / 110
    expect(moduleWidth(90, 30)).toBeNull(); // 0.27 mm bars: too thin for a 150 dpi scan
  });

  it('is refused, saying which number, when the box cannot hold it', () => {
    const long = { ...students[0]!, examNumber: 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789' };
    expect(() => personalise(geometry, long)).toThrow(PersonalSheetError);
    expect(() => personalise(geometry, long)).toThrow(/ABCDEFGHIJ.*条形码框放不下/);
  });
});

describe('个性化答题卡', () => {
  it('prints one copy a student with name and class in the box, the sticker words gone', () => {
    const p = personalise(geometry, students[1]!).pages[0]!;
    const texts = p.elements.flatMap((e) => (e.type === 'text' ? [e.text] : []));
    expect(texts).toContain('高一(2)班  欧阳靖雯');
    expect(texts).toContain('2025010237');
    expect(texts).not.toContain('条 形 码 粘 贴 处');
    // the template is the card's: the region is where it was
    expect(p.regions).toEqual(geometry.pages[0]!.regions);
  });

  it.each([
    ['clean', 0, 150],
    ['typical', 1, 200],
  ] as const)('reads each student’s printed 考号 from a %s scan of our PDF', async (difficulty, who, dpi) => {
    const copies = students.map((s) => personalise(geometry, s));
    const pdf = await renderPdf(copies, await loadCardFonts());
    const pages = geometry.pages.length;
    const page = templatePage(card, 0);
    const a = { ...chosenAnswers(page, 11 + who, ''), examNumber: null };
    const printed = await rasterisePdf(pdf, who * pages, dpi);
    const jpeg = await fillAndScan(printed, page, a, { seed: 11 + who, difficulty, dpi });
    const r = await recognizePage(await greyImage(jpeg), card, { reader });
    expect(r.examNumber.value).toBe(students[who]!.examNumber);
    expect(r.exceptions.filter((e) => e.type === 'examNumber')).toEqual([]);
  });
});
