import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Structure } from '@yj/contracts';
import { createZxingReader, recognizePage, type BarcodeReader } from '@yj/omr';
import type { Raster } from '../../../tools/scan-sim/src/raster';
import { loadCardFonts } from './font';
import { cardTemplate, layoutCard, personalise, renderPdf } from './index';
import { chosenAnswers, fillAndScan, greyImage, rasterisePdf, templatePage } from './testing/print-scan';

// A5 quiz cards: printed two on a landscape A4 sheet, cut apart along the dashed line, each half scanned as an A5
// page and read with the A5 template.

const structure = {
  objective: Array.from({ length: 10 }, (_, i) => ({
    no: String(i + 1),
    kind: 'single',
    options: 4,
    score: 3,
    answer: 'ABCD'[i % 4]!,
  })),
  subjective: [{ no: '11', score: 4 }],
  optionalGroups: [],
} as unknown as Structure;

const a5 = (examNumber: { kind: 'bubbles'; digits: number } | { kind: 'barcode' }) =>
  layoutCard({
    structure,
    options: {
      cardId: `a5-${examNumber.kind}`,
      examName: '第三周小测',
      subjectName: '数学',
      paper: 'A5',
      examNumber,
      boxes: { '11': { height: 35 } },
    },
  });

let reader: BarcodeReader;
beforeAll(async () => {
  const wasm = createRequire(import.meta.url).resolve('zxing-wasm/reader/zxing_reader.wasm');
  reader = await createZxingReader(await readFile(wasm));
});

/** The left or right half of a rasterised A4 sheet: what the scanner sees of one cut-apart A5 card. */
function half(r: Raster, right: boolean): Raster {
  const w = Math.floor(r.width / 2);
  const x0 = right ? r.width - w : 0;
  const data = new Uint8Array(w * r.height);
  for (let y = 0; y < r.height; y++) data.set(r.data.subarray(y * r.width + x0, y * r.width + x0 + w), y * w);
  return { width: w, height: r.height, data };
}

describe('A5 card', () => {
  it('is 148 × 210 mm, printed as landscape A4 sheets holding each page twice', async () => {
    const g = a5({ kind: 'bubbles', digits: 8 });
    expect([g.width, g.height]).toEqual([148, 210]);
    const pdf = await renderPdf(g, await loadCardFonts());
    const mupdf = await import('mupdf');
    const doc = mupdf.Document.openDocument(pdf, 'application/pdf');
    expect(doc.countPages()).toBe(g.pages.length);
    const [x0, y0, x1, y1] = doc.loadPage(0).getBounds();
    expect([Math.round(((x1 - x0) * 25.4) / 72), Math.round(((y1 - y0) * 25.4) / 72)]).toEqual([296, 210]);
  });

  it('reads back each half of a sheet of two students’ 个性化 copies, filled in and scanned', async () => {
    const g = a5({ kind: 'barcode' });
    const card = cardTemplate(g);
    expect(g.pages).toHaveLength(1);
    const numbers = ['2025010101', '2025010102'];
    const copies = numbers.map((n, i) =>
      personalise(g, { examNumber: n, name: `学生${i + 1}`, className: '高一(1)班' }),
    );
    const pdf = await renderPdf(copies, await loadCardFonts());
    const sheet = await rasterisePdf(pdf, 0, 200);
    const page = templatePage(card, 0);
    for (const i of [0, 1]) {
      const a = { ...chosenAnswers(page, 40 + i, ''), examNumber: null };
      const jpeg = await fillAndScan(half(sheet, i === 1), page, a, {
        seed: 40 + i,
        difficulty: 'typical',
        dpi: 200,
      });
      const r = await recognizePage(await greyImage(jpeg), card, { reader });
      expect(r.exceptions).toEqual([]);
      expect(r.examNumber.value).toBe(numbers[i]);
      const got = Object.fromEntries(r.objective.map((o) => [o.question, o.reading.value]));
      expect(got).toEqual(a.objective);
    }
  });
});
