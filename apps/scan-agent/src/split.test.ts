import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateSet, typicalCard, type GeneratedSheet } from '@yj/scan-sim';
import { loadZxingReader } from '@yj/omr/node';
import { closedPort, openAgent, tempDir } from './testing';
import { expandScanned } from './split';

// A scanner that writes one multi-page TIFF or PDF per run: the agent cuts it into pages (the same split as
// the server's upload) and checks each page against the card.

const card = typicalCard();
const SUBJECT = 9;
let sheets: GeneratedSheet[];
let dir: Awaited<ReturnType<typeof tempDir>>;

/** A PDF as scanners write it: one page per image, sized for 200 dpi. */
async function pdfOf(jpegs: Buffer[]): Promise<Buffer> {
  const mupdf = await import('mupdf');
  const buf = new mupdf.Buffer();
  const writer = new mupdf.DocumentWriter(buf, 'pdf', '');
  for (const jpeg of jpegs) {
    const page = mupdf.Document.openDocument(jpeg, 'image/jpeg').loadPage(0);
    const [, , w, h] = page.getBounds();
    const { width = 0 } = await sharp(jpeg).metadata();
    const f = (width * 72) / 200 / w;
    page.run(writer.beginPage([0, 0, w * f, h * f]), mupdf.Matrix.scale(f, f));
    writer.endPage();
  }
  writer.close();
  return Buffer.from(buf.asUint8Array());
}

const tiffOf = (jpegs: Buffer[]) =>
  sharp(jpegs, { join: { animated: true } })
    .tiff()
    .toBuffer();

beforeAll(async () => {
  dir = await tempDir();
  sheets = await Promise.all([0, 1, 2, 3].map((i) => generateSet(card, i, { seed: 5, difficulty: 'clean' })));
});
afterAll(() => dir.remove());

describe('multi-page files', () => {
  it('cuts a TIFF and a PDF into JPEG pages in file order; other images and unreadable files stay whole', async () => {
    const tif = await tiffOf([sheets[0]!.jpeg, sheets[1]!.jpeg]);
    const pdf = await pdfOf([sheets[2]!.jpeg, sheets[3]!.jpeg]);
    const broken = Buffer.from('%PDF-1.7 cut short');
    const got = await expandScanned([
      { name: 'a.tif', bytes: tif },
      { name: 'b.jpg', bytes: sheets[0]!.jpeg },
      { name: 'c.pdf', bytes: pdf },
      { name: 'd.pdf', bytes: broken },
    ]);
    expect(got.refused).toEqual([]);
    expect(got.pages.map((p) => p.name)).toEqual([
      'a.tif#p1',
      'a.tif#p2',
      'b.jpg',
      'c.pdf#p1',
      'c.pdf#p2',
      'd.pdf',
    ]);
    for (const p of [got.pages[0]!, got.pages[1]!, got.pages[3]!, got.pages[4]!])
      expect((await sharp(p.bytes).metadata()).format).toBe('jpeg');
    expect(got.pages[2]!.bytes).toBe(sheets[0]!.jpeg);
    expect(got.pages[5]!.bytes).toBe(broken);
    // a PDF page comes out at the scan's 200 dpi
    const { width } = await sharp(got.pages[3]!.bytes).metadata();
    expect(Math.abs(width! - (await sharp(sheets[2]!.jpeg).metadata()).width!)).toBeLessThanOrEqual(2);
  });

  it('takes a multi-page TIFF and a PDF from the folder as pages of the card, each checked', async () => {
    const h = await openAgent(dir.dir, {
      serverUrl: `http://127.0.0.1:${await closedPort()}`,
      reader: await loadZxingReader(),
    });
    try {
      await h.agent.keepTemplate(SUBJECT, card);
      await h.agent.updateSettings({ subjectId: SUBJECT });
      const inbox = path.join(dir.dir, 'inbox');
      await h.agent.pollDriver();
      await writeFile(path.join(inbox, 'run1.tif'), await tiffOf([sheets[0]!.jpeg, sheets[1]!.jpeg]));
      await writeFile(path.join(inbox, 'run2.pdf'), await pdfOf([sheets[2]!.jpeg, sheets[3]!.jpeg]));
      await h.agent.pollDriver(); // seen
      const pages = await h.agent.pollDriver(); // held still: taken
      expect(pages.map((p) => p.name)).toEqual(['run1.tif#p1', 'run1.tif#p2', 'run2.pdf#p1', 'run2.pdf#p2']);
      expect(pages.every((p) => p.file.endsWith('.jpg'))).toBe(true);
      for (const p of pages) await h.agent.recognise(p);
      const checks = pages.map((p) => h.agent.store.page(p.seq)!.check);
      expect(checks.map((c) => [c?.status, c?.pageIndex])).toEqual([
        ['ok', 0],
        ['ok', 1],
        ['ok', 0],
        ['ok', 1],
      ]);
      expect(checks[0]!.examNumber).toBe(sheets[0]!.truth.answers.examNumber);
      expect(checks[2]!.examNumber).toBe(sheets[2]!.truth.answers.examNumber);
    } finally {
      await h.close();
    }
  });
});
