import { describe, expect, it } from 'vitest';
import { coverAnchors, createRng, randomAnswers, simulateSheet, typicalCard } from '@yj/scan-sim';
import { applyH } from './geometry';
import { decodeGrey } from './node';
import { manualAnchorPoints, recognizePage, recognizeWithMatrix, recognizeWithPoints } from './recognize';

const card = typicalCard();

const grey = decodeGrey;

/** A scan whose corner anchors are covered (white-out), so the anchor search fails. */
async function coveredAnchors() {
  const page = card.pages[0]!;
  const answers = randomAnswers(page, createRng(11), 'clean', '20260001');
  const sheet = await simulateSheet(card, 0, answers, { seed: 11, difficulty: 'clean', feed: 0 });
  return { jpeg: await coverAnchors(sheet.jpeg, page, sheet.truth.transform), truth: sheet.truth };
}

describe('manual registration', () => {
  it('lists the anchor centres a person marks, in template order', () => {
    const pts = manualAnchorPoints(card.pages[0]!);
    expect(pts).toHaveLength(card.pages[0]!.anchors.length);
    const a = card.pages[0]!.anchors[0]!.rect;
    expect(pts[0]!.point).toEqual({ x: a.x + a.w / 2, y: a.y + a.h / 2 });
  });

  it('reads a page whose anchors cannot be found, through the points a person marked', async () => {
    const { jpeg, truth } = await coveredAnchors();
    const img = await grey(jpeg);
    const auto = await recognizePage(img, card, { pageIndex: 0 });
    expect(auto.exceptions.map((e) => e.type)).toContain('location');

    const marked = manualAnchorPoints(card.pages[0]!).map((p) => applyH(truth.transform, p.point));
    const r = await recognizeWithPoints(img, card, 0, marked);
    expect(r.registration?.fitError).toBeLessThan(1);
    expect(r.examNumber.value).toBe('20260001');
    for (const q of r.objective) {
      if (truth.expectExceptions.includes(q.question)) continue;
      expect(q.reading.value, q.question).toEqual(truth.answers.objective[q.question]);
    }
  });

  it('refuses a wrong number of points and collinear points as location exceptions', async () => {
    const { jpeg } = await coveredAnchors();
    const img = await grey(jpeg);
    const few = await recognizeWithPoints(img, card, 0, [{ x: 1, y: 1 }]);
    expect(few.exceptions[0]).toMatchObject({ type: 'location' });
    const n = manualAnchorPoints(card.pages[0]!).length;
    const line = Array.from({ length: n }, (_, i) => ({ x: i * 10, y: i * 10 }));
    const flat = await recognizeWithPoints(img, card, 0, line);
    expect(flat.status).toBe('exception');
    const none = await recognizeWithMatrix(img, card, 9, [1, 0, 0, 0, 1, 0, 0, 0, 1]);
    expect(none.exceptions[0]).toMatchObject({ type: 'wrongPage' });
  });
});
