import { describe, expect, it } from 'vitest';
import { typicalCard } from '@yj/scan-sim';
import { pageFields, type Matrix3 } from '@yj/omr';
import { highlight } from './scan-regions';

const page = typicalCard().pages[0]!;
const IDENTITY: Matrix3 = [1, 0, 0, 0, 1, 0, 0, 0, 1];

describe('an exception region on the page image', () => {
  it('shows a choice question with the paper after its last option, where a tick would be', () => {
    // question 12: A–D, 34 px wide each, A at x 250, D ending at 470
    const box = highlight(page, IDENTITY, '12', null)!.box;
    expect(box.x).toBe(250 - 6);
    expect(box.x + box.w).toBe(470 + 6 + 34);
    expect(box.h).toBe(20 + 12);
  });

  it('shows the exam number as it is', () => {
    const box = highlight(page, IDENTITY, '考号', null)!.box;
    const columns = pageFields(page).examNumber.flatMap((f) => f.bubbles.map((b) => b.rect.x + b.rect.w));
    expect(box.x + box.w).toBe(Math.max(...columns) + 6);
  });
});
