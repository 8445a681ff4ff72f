import { describe, expect, it } from 'vitest';
import { applyH, recognizePage, type GreyImage, type Matrix3 } from '@yj/omr';
import { decodeGrey } from '@yj/omr/node';
import type { PageStreaks } from '@yj/contracts';
import { createRng, randomAnswers, simulateSheet, typicalCard } from '@yj/scan-sim';
import { cutBlocks } from './cut-pixels';

// A marker reads a block cut, not the page: a line from a dirty scanner glass down the answer must not look like
// a stroke of it. Cuts paint the page's thin streaks over as recognition did (omr withoutThinStreaks).

const card = typicalCard();
const page = card.pages[0]!;

const meanDiff = (a: GreyImage, b: GreyImage) => {
  let s = 0;
  for (let i = 0; i < a.data.length; i++) s += Math.abs(a.data[i]! - b.data[i]!);
  return s / a.data.length;
};

describe('block cuts of a streaked page', () => {
  it('come out as of the clean scan, the line painted over', async () => {
    const box = page.subjective[0]!.rect;
    const answers = randomAnswers(page, createRng(61), 'clean', '20261101');
    const o = { seed: 61, difficulty: 'clean' as const, feed: 0 as const };
    const clean = await simulateSheet(card, 0, answers, o);
    // a line down the middle of the first answer box
    const x = applyH(clean.truth.transform, { x: box.x + box.w / 2, y: box.y }).x / clean.truth.width;
    const dirty = await simulateSheet(card, 0, answers, { ...o, streaks: [{ x, width: 5, darkness: 0.8 }] });
    const read = await recognizePage(await decodeGrey(dirty.jpeg), card);
    expect(read.streaks).toHaveLength(1);
    const matrix = read.registration!.matrix as Matrix3;
    const cut = async (bytes: Uint8Array, streaks: PageStreaks) => {
      const [jpeg] = await cutBlocks({
        pages: [{ index: 0, bytes, matrix, streaks }],
        blocks: [[{ page: 0, ...box }]],
      });
      return decodeGrey(jpeg!);
    };
    const want = await cut(clean.jpeg, []);
    const painted = await cut(dirty.jpeg, read.streaks!);
    const unpainted = await cut(dirty.jpeg, []);
    expect(meanDiff(painted, want)).toBeLessThan(meanDiff(unpainted, want) / 4);
  });
});
