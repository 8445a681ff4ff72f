import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { CardTemplateSchema } from '@yj/contracts';
import { applyH, manualAnchorPoints } from '@yj/omr';
import {
  createRng,
  printedPage,
  printedPicture,
  randomAnswers,
  scoreSheet,
  simulateSheet,
  typicalCard,
} from '@yj/scan-sim';
import { fsStorage } from '../../../infra/storage';
import { templatePictureKey } from '../../template/template-picture';
import { blankImages, blankPictures } from './scan-blanks';
import { computePage } from './scan-recognize';

// Recognition gets the template's picture as the printed blank: a third-party sheet with letters printed in
// its bubbles reads cleanly only with it (packages/omr printed.ts), and the picture is read once per template.

const dir = mkdtempSync(path.join(os.tmpdir(), 'yj-blanks-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const print = { letterBold: true, letterGrey: 0x30 };

describe('template pictures as printed blanks', () => {
  it('reads a lettered sheet cleanly with the stored picture, and asks without it', async () => {
    const storage = fsStorage(dir);
    const base = typicalCard();
    const page = base.pages[1]!;
    const jpeg = await printedPicture(page, base.id, base.name, page.dpi, print);
    const key = 'a'.repeat(64);
    await storage.put(templatePictureKey(7, key), jpeg);
    const card = CardTemplateSchema.parse({
      ...base,
      pages: base.pages.map((p) => (p.index === 1 ? { ...p, image: key } : p)),
    });

    const blanksOf = blankPictures(storage);
    const pictures = await blanksOf(7, card);
    expect(pictures.map((p) => [p.page, p.key])).toEqual([[1, key]]);
    // one read per template version: the same card object gives the same answer without storage
    expect(blanksOf(7, card)).toBe(blanksOf(7, card));
    const decoded = await blankImages(pictures);
    expect((await blankImages(pictures))[1]).toBe(decoded[1]);
    const blank = await printedPage(page, base.id, base.name, page.dpi, print);
    expect([decoded[1]!.width, decoded[1]!.height]).toEqual([blank.width, blank.height]);

    let withoutAsked = 0;
    let manualAsked = 0;
    for (const seed of [7, 8, 9]) {
      const answers = randomAnswers(page, createRng(seed), 'typical', '20261234');
      const sim = await simulateSheet(card, 1, answers, { seed: 100 + seed, difficulty: 'typical', print });
      const withBlank = await computePage(new Uint8Array(sim.jpeg), card, undefined, pictures);
      if (!withBlank.ok) throw new Error(withBlank.reason);
      expect(withBlank.result.exceptions, `seed ${seed}`).toEqual([]);
      expect(scoreSheet(card, sim.truth, withBlank.result).silentErrors).toEqual([]);
      const without = await computePage(new Uint8Array(sim.jpeg), card);
      if (!without.ok) throw new Error(without.reason);
      expect(scoreSheet(card, sim.truth, without.result).silentErrors).toEqual([]);
      withoutAsked += without.result.exceptions.length;

      // a page registered by the anchors a person marked (手动定位) is read with the picture too
      const manual = {
        pageIndex: 1,
        points: manualAnchorPoints(page).map((t) => applyH(sim.truth.transform, t.point)),
      };
      const manualBlank = await computePage(new Uint8Array(sim.jpeg), card, manual, pictures);
      if (!manualBlank.ok) throw new Error(manualBlank.reason);
      expect(manualBlank.result.exceptions, `seed ${seed} 手动定位`).toEqual([]);
      const manualWithout = await computePage(new Uint8Array(sim.jpeg), card, manual);
      if (!manualWithout.ok) throw new Error(manualWithout.reason);
      manualAsked += manualWithout.result.exceptions.length;
    }
    // the picture is what makes the difference on these sheets, found or registered by hand
    expect(withoutAsked).toBeGreaterThan(0);
    expect(manualAsked).toBeGreaterThan(0);
  });

  it('recognises without blanks when the picture is missing from storage', async () => {
    const card = CardTemplateSchema.parse({
      ...typicalCard(),
      pages: typicalCard().pages.map((p) => ({ ...p, image: 'b'.repeat(64) })),
    });
    expect(await blankPictures(fsStorage(dir))(7, card)).toEqual([]);
  });

  it('asks storage again after a failed read, and not after a picture that is not stored', async () => {
    const stored = fsStorage(dir);
    const key = 'c'.repeat(64);
    await stored.put(templatePictureKey(8, key), Buffer.from('picture'));
    let reads = 0;
    let failNext = true;
    const storage = {
      ...stored,
      get: async (k: string) => {
        reads++;
        if (failNext) {
          failNext = false;
          throw new Error('存储暂时不可用');
        }
        return stored.get(k);
      },
    };
    const card = CardTemplateSchema.parse({
      ...typicalCard(),
      pages: typicalCard().pages.map((p) => ({ ...p, image: p.index === 0 ? key : 'd'.repeat(64) })),
    });
    const blanksOf = blankPictures(storage);
    expect(await blanksOf(8, card)).toEqual([]);
    // the failure is forgotten once the read has settled: the next page reads both pictures again
    await new Promise((r) => setImmediate(r));
    expect((await blanksOf(8, card)).map((p) => p.key)).toEqual([key]);
    const after = reads;
    // that read had no failure (the other picture is simply not stored): it is kept
    await new Promise((r) => setImmediate(r));
    await blanksOf(8, card);
    expect(reads).toBe(after);
  });
});
