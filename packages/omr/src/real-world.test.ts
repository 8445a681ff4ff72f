import { beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { createRng, randomAnswers, scoreSheet, simulateSheet, typicalCard } from '@yj/scan-sim';
import type { BarcodeReader } from './barcode';
import { applyH } from './geometry';
import { decodeGrey, loadZxingReader } from './node';
import { recognizePage } from './recognize';

// Cases found on real third-party sheets and real scans (issue 17), reproduced with the simulator and
// read back against its truth: never a silent error, and no blanket exceptions.

const card = typicalCard();
let reader: BarcodeReader;

beforeAll(async () => {
  reader = await loadZxingReader();
});

describe('EXIF orientation', () => {
  it.each([6, 3, 8] as const)(
    'reads a scan stored turned with orientation tag %i as displayed',
    async (tag) => {
      const answers = randomAnswers(card.pages[0]!, createRng(tag), 'typical', '20260517');
      const sim = await simulateSheet(card, 0, answers, {
        seed: 40 + tag,
        difficulty: 'typical',
        dpi: 200,
        feed: 0,
        exifOrientation: tag,
      });
      const meta = await sharp(sim.jpeg).metadata();
      expect(meta.orientation).toBe(tag);
      // The stored pixels are turned: without the tag the page would be read sideways or upside down.
      if (tag !== 3) expect(meta.width).toBe(sim.truth.height);
      const img = await decodeGrey(sim.jpeg);
      expect([img.width, img.height]).toEqual([sim.truth.width, sim.truth.height]);
      const r = await recognizePage(img, card, { reader });
      expect(r.registration?.rotation).toBe(0);
      expect(scoreSheet(card, sim.truth, r).silentErrors).toEqual([]);
      expect(r.exceptions).toEqual([]);
      expect(r.examNumber.value).toBe('20260517');
      const rect = card.pages[0]!.subjective[0]!.rect;
      const want = applyH(sim.truth.transform, { x: rect.x, y: rect.y });
      const box = r.subjective.find((b) => b.question === card.pages[0]!.subjective[0]!.question)!;
      expect(Math.hypot(box.corners[0].x - want.x, box.corners[0].y - want.y)).toBeLessThan(2);
    },
  );
});
